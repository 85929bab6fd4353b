import { ADSWIZZ_KEY, startAdsWizzFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("ads-wizz", startAdsWizzFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, { credential: { type: "api-key", key: ADSWIZZ_KEY } });
