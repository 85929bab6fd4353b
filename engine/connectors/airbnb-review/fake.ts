// Airbnb's public review pages (https://www.airbnb.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["12345678", "87654321"];

export function startAirbnbReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/rooms\/(?<id>\d+)$/, (req) => req.params.id, IDENTIFIERS);
}
