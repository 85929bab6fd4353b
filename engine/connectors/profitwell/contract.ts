import { PROFITWELL_CREDENTIAL, startProfitwellFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("profitwell", startProfitwellFake, { range: { start: "2025-01-06", end: "2025-01-08" } }, { credential: PROFITWELL_CREDENTIAL });
