import { startTaboolaFake, TABOOLA_CLIENT } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("taboola", startTaboolaFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: "", options: { ...TABOOLA_CLIENT } } });
