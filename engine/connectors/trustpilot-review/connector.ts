// Trustpilot reviews from its public pages' schema.org JSON-LD (Trustpilot offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const trustpilotReviewConnector = reviewSiteConnector({
  id: "trustpilot-review",
  origin: "https://www.trustpilot.com",
  allowedHosts: ["www.trustpilot.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/review/${encodeURIComponent(id)}`,
  // Trustpilot's Content Integrity team may remove or its authors edit reviews days after publication (https://support.trustpilot.com/hc/en-us/articles/201839663).
  restatementDays: 7,
});
