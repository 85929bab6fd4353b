import { CHARGEBEE_CREDENTIAL, startChargebeeFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("chargebee", startChargebeeFake, { report: "invoices", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: CHARGEBEE_CREDENTIAL });
