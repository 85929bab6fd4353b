import { AWIN_TOKEN, startAwinFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("awin", startAwinFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: AWIN_TOKEN } });
