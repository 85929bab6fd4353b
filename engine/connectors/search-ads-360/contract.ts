import { startSearchAds360Fake } from "./fake.js";
import { adsFakeSecrets } from "../../../tests/fakes/support/ads-family.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("search-ads-360", startSearchAds360Fake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, adsFakeSecrets("sa360"));
