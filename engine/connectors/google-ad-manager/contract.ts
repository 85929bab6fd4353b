import { startAdManagerFake } from "./fake.js";
import { adsFakeSecrets } from "../../../tests/fakes/support/ads-family.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("google-ad-manager", startAdManagerFake, { report: "order", range: { start: "2025-03-01", end: "2025-03-02" } }, adsFakeSecrets("gam"));
