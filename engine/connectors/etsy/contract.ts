import { ETSY_APP, ETSY_CREDENTIAL, startEtsyFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("etsy", startEtsyFake, { report: "orders", range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: ETSY_CREDENTIAL, app: ETSY_APP });
