// Airbnb reviews from its public pages' schema.org JSON-LD (Airbnb offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const airbnbReviewConnector = reviewSiteConnector({
  id: "airbnb-review",
  origin: "https://www.airbnb.com",
  allowedHosts: ["www.airbnb.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/rooms/${encodeURIComponent(id)}`,
  // Airbnb reveals a review only when both sides have written theirs or the 14-day review window ends (https://www.airbnb.com/help/article/13).
  restatementDays: 14,
});
