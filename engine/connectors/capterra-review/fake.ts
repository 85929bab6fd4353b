// Capterra's public review pages (https://www.capterra.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["135003", "170703"];

export function startCapterraReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/p\/(?<id>\d+)\/reviews\/$/, (req) => req.params.id, IDENTIFIERS);
}
