import { APPLE_APP, APPLE_IDS, startAppleSearchAdsFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("apple-search-ads", startAppleSearchAdsFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: "", options: { ...APPLE_IDS } }, app: APPLE_APP });
