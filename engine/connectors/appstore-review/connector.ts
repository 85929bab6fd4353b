// App Store reviews from its public pages' schema.org JSON-LD (App Store offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const appstoreReviewConnector = reviewSiteConnector({
  id: "appstore-review",
  origin: "https://apps.apple.com",
  allowedHosts: ["apps.apple.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/app/id${encodeURIComponent(id)}`,
  // App Store ratings and reviews are processed before they show, typically within a day or two (https://developer.apple.com/app-store/ratings-and-reviews/).
  restatementDays: 3,
});
