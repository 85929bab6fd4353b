// Yelp reviews from its public pages' schema.org JSON-LD (Yelp offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const yelpReviewConnector = reviewSiteConnector({
  id: "yelp-review",
  origin: "https://www.yelp.com",
  allowedHosts: ["www.yelp.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/biz/${encodeURIComponent(id)}`,
  // Yelp's recommendation software keeps moving recent reviews in and out of the recommended list (https://www.yelp-support.com/Recommended_Reviews).
  restatementDays: 7,
});
