import { ASC_CREDENTIAL, startAppStoreConnectFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("app-store-connect", startAppStoreConnectFake, { report: "sales", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: ASC_CREDENTIAL });
