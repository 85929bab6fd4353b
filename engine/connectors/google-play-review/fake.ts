// Google Play's public review pages (https://play.google.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["io.signalpost.app", "com.example.shop"];

export function startGooglePlayReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake("/store/apps/details", (req) => req.query.get("id") ?? undefined, IDENTIFIERS);
}
