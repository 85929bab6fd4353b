import { PIANO_CREDENTIAL, startPianoFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("piano-analytics", startPianoFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: PIANO_CREDENTIAL });
