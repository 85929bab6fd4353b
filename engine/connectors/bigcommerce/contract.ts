import { BIGCOMMERCE_CREDENTIAL, startBigcommerceFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("bigcommerce", startBigcommerceFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: BIGCOMMERCE_CREDENTIAL });
