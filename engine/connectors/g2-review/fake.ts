// G2's public review pages (https://www.g2.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["signalpost", "acme-crm"];

export function startG2ReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/products\/(?<id>[^/]+)\/reviews$/, (req) => req.params.id, IDENTIFIERS);
}
