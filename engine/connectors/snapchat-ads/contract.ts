import { startSnapchatFake } from "./fake.js";
import { adsFakeSecrets } from "../../../tests/fakes/support/ads-family.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("snapchat-ads", startSnapchatFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" } }, adsFakeSecrets("snap"));
