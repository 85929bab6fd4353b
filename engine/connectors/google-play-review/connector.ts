// Google Play reviews from its public pages' schema.org JSON-LD (Google Play offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const googlePlayReviewConnector = reviewSiteConnector({
  id: "google-play-review",
  origin: "https://play.google.com",
  allowedHosts: ["play.google.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/store/apps/details?id=${encodeURIComponent(id)}&hl=en&showAllReviews=true`,
  // Google Play may take up to a day or two to publish and score a review, and users edit theirs (https://support.google.com/googleplay/android-developer/answer/138230).
  restatementDays: 3,
});
