import { startZohoFake, ZOHO_APP, ZOHO_CREDENTIAL } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("zoho-crm", startZohoFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: ZOHO_CREDENTIAL, app: ZOHO_APP });
