import { startAppstoreReviewFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";
import { reviewContractCredential } from "../../../tests/fakes/support/review-site.js";

export const contract = contractOf("appstore-review", startAppstoreReviewFake, { report: "reviews", range: { start: "2026-03-25", end: "2026-03-31" } }, { credential: reviewContractCredential(["1234567890", "310633997"]) });
