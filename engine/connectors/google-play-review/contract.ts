import { startGooglePlayReviewFake } from "./fake.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";
import { reviewContractCredential } from "../../../tests/fakes/support/review-site.js";

export const contract = contractOf("google-play-review", startGooglePlayReviewFake, { report: "reviews", range: { start: "2026-03-25", end: "2026-03-31" } }, { credential: reviewContractCredential(["io.signalpost.app", "com.example.shop"]) });
