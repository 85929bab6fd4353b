// Facebook reviews from its public pages' schema.org JSON-LD (Facebook offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const facebookReviewConnector = reviewSiteConnector({
  id: "facebook-review",
  origin: "https://www.facebook.com",
  allowedHosts: ["www.facebook.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/${encodeURIComponent(id)}/reviews`,
  // Facebook recommendations can be edited or hidden by their authors and the Page for days after posting (https://www.facebook.com/help/1537474226518489).
  restatementDays: 7,
});
