// Indeed reviews from its public pages' schema.org JSON-LD (Indeed offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const indeedReviewConnector = reviewSiteConnector({
  id: "indeed-review",
  origin: "https://www.indeed.com",
  allowedHosts: ["www.indeed.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/cmp/${encodeURIComponent(id)}/reviews`,
  // Indeed reviews go through moderation before they show (https://support.indeed.com/hc/en-us/articles/204488880).
  restatementDays: 7,
});
