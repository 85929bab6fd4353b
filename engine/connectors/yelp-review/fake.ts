// Yelp's public review pages (https://www.yelp.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["signalpost-cafe-paris", "acme-bakery-berlin"];

export function startYelpReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/biz\/(?<id>[^/]+)$/, (req) => req.params.id, IDENTIFIERS);
}
