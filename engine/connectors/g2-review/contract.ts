import { startG2ReviewFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";
import { reviewContractCredential } from "../../../tests/fakes/support/review-site.js";

export const contract = contractOf("g2-review", startG2ReviewFake, { report: "reviews", range: { start: "2026-03-25", end: "2026-03-31" } }, { credential: reviewContractCredential(["signalpost", "acme-crm"]) });
