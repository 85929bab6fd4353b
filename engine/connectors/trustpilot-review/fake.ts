// Trustpilot's public review pages (https://www.trustpilot.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["signalpost.io", "example.com"];

export function startTrustpilotReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/review\/(?<id>[^/]+)$/, (req) => req.params.id, IDENTIFIERS);
}
