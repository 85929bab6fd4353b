import { startStackAdaptFake, STACK_KEY } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("stack-adapt", startStackAdaptFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: STACK_KEY } });
