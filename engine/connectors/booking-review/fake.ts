// Booking.com's public review pages (https://www.booking.com), served by the shared review-site fake.
import { startReviewSiteFake, type ReviewSiteFake } from "../../../tests/fakes/support/review-site.js";

export const IDENTIFIERS = ["fr/le-grand-signal", "de/acme-hotel-berlin"];

export function startBookingReviewFake(): Promise<ReviewSiteFake> {
  return startReviewSiteFake(/^\/hotel\/(?<id>[a-z]{2}\/[^/]+)\.html$/, (req) => req.params.id, IDENTIFIERS);
}
