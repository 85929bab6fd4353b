// Indeed's public review pages (https://www.indeed.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["Signalpost", "Acme-Corp"];

export function startIndeedReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/cmp\/(?<id>[^/]+)\/reviews$/, (req) => req.params.id, IDENTIFIERS);
}
