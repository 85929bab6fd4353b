// Tripadvisor's public review pages (https://www.tripadvisor.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["188757", "228694"];

export function startTripadvisorReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/Hotel_Review-d(?<id>\d+)-Reviews\.html$/, (req) => req.params.id, IDENTIFIERS);
}
