import { PARDOT_CREDENTIAL, startPardotFake } from "../../../tests/fakes/pardot/index.js";
import { SALESFORCE_APP } from "../../../tests/fakes/salesforce/index.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("pardot", startPardotFake, { report: "prospects", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: PARDOT_CREDENTIAL, app: SALESFORCE_APP });
