// Booking.com reviews from its public pages' schema.org JSON-LD (Booking.com offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const bookingReviewConnector = reviewSiteConnector({
  id: "booking-review",
  origin: "https://www.booking.com",
  allowedHosts: ["www.booking.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/hotel/${id.split("/").map(encodeURIComponent).join("/")}.html`,
  // Guests may submit reviews up to 28 days after checkout and they appear after moderation; the page's publication date of recent reviews still moves (https://partner.booking.com/en-gb/help/guest-reviews).
  restatementDays: 7,
});
