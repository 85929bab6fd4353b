// Facebook's public review pages (https://www.facebook.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["signalpost", "acmebakery"];

export function startFacebookReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/(?<id>[^/]+)\/reviews$/, (req) => req.params.id, IDENTIFIERS);
}
