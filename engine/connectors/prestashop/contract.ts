import { PRESTASHOP_CREDENTIAL, startPrestashopFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("prestashop", startPrestashopFake, { report: "orders", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: PRESTASHOP_CREDENTIAL });
