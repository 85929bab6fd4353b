import { PAYPAL_APP, PAYPAL_CREDENTIAL, startPaypalFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("paypal", startPaypalFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: PAYPAL_CREDENTIAL, app: PAYPAL_APP });
