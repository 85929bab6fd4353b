import { GMC_APP, GMC_CREDENTIAL, startGmcFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("google-merchant-center", startGmcFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: GMC_CREDENTIAL, app: GMC_APP });
