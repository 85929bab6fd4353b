// Capterra reviews from its public pages' schema.org JSON-LD (Capterra offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const capterraReviewConnector = reviewSiteConnector({
  id: "capterra-review",
  origin: "https://www.capterra.com",
  allowedHosts: ["www.capterra.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/p/${encodeURIComponent(id)}/reviews/`,
  // Capterra's review verification can take several business days and keeps the submission date (https://www.capterra.com/legal/community-guidelines).
  restatementDays: 14,
});
