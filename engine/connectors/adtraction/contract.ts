import { ADTRACTION_TOKEN, startAdtractionFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("adtraction", startAdtractionFake, { range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: ADTRACTION_TOKEN } });
