// App Store's public review pages (https://apps.apple.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["1234567890", "310633997"];

export function startAppstoreReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/app\/id(?<id>\d+)$/, (req) => req.params.id, IDENTIFIERS);
}
