import { startLinkedInPagesFake } from "./fake.js";
import { adsFakeSecrets } from "../../../tests/fakes/support/ads-family.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

export const contract = contractOf("linkedin-pages", startLinkedInPagesFake, { report: "shares", range: { start: "2025-03-01", end: "2025-03-03" } }, adsFakeSecrets("lip"));
