import { SALESFORCE_APP, SALESFORCE_CREDENTIAL, startSalesforceFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("salesforce", startSalesforceFake, { report: "opportunities", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: SALESFORCE_CREDENTIAL, app: SALESFORCE_APP });
