import { startCriteoFake, CRITEO_CLIENT } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("criteo", startCriteoFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: "", options: { ...CRITEO_CLIENT } } });
