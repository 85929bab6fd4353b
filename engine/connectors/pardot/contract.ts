import { PARDOT_CREDENTIAL, startPardotFake } from "./fake.js";
import { SALESFORCE_APP } from "../salesforce/fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("pardot", startPardotFake, { report: "prospects", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: PARDOT_CREDENTIAL, app: SALESFORCE_APP });
