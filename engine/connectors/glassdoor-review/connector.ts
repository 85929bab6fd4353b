// Glassdoor reviews from its public pages' schema.org JSON-LD (Glassdoor offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const glassdoorReviewConnector = reviewSiteConnector({
  id: "glassdoor-review",
  origin: "https://www.glassdoor.com",
  allowedHosts: ["www.glassdoor.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/Reviews/Company-Reviews-E${encodeURIComponent(id)}.htm`,
  // Glassdoor moderates every review before it appears, usually within a few days (https://help.glassdoor.com/s/article/Review-moderation).
  restatementDays: 7,
});
