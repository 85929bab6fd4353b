// G2 reviews from its public pages' schema.org JSON-LD (G2 offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const g2ReviewConnector = reviewSiteConnector({
  id: "g2-review",
  origin: "https://www.g2.com",
  allowedHosts: ["www.g2.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/products/${encodeURIComponent(id)}/reviews`,
  // G2 publishes a review after moderation but dates it at submission, so a day keeps gaining reviews for up to two weeks (https://sell.g2.com/review-moderation).
  restatementDays: 14,
});
