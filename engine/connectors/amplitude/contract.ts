import { AMPLITUDE_KEY, AMPLITUDE_SECRET, startAmplitudeFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("amplitude", startAmplitudeFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: AMPLITUDE_KEY, secret: AMPLITUDE_SECRET } });
