import { PSI_APP, PSI_CREDENTIAL, startPageSpeedFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("google-page-speed", startPageSpeedFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: PSI_CREDENTIAL, app: PSI_APP });
