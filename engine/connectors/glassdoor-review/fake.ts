// Glassdoor's public review pages (https://www.glassdoor.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["9079", "1651"];

export function startGlassdoorReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/Reviews\/Company-Reviews-E(?<id>\d+)\.htm$/, (req) => req.params.id, IDENTIFIERS);
}
