import { CALLRAIL_KEY, startCallRailFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("call-rail", startCallRailFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: CALLRAIL_KEY } });
