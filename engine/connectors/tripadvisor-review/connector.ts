// Tripadvisor reviews from its public pages' schema.org JSON-LD (Tripadvisor offers no public reviews API to
// a third party reading other businesses' reviews); see README.md and shared/review-sites.ts.
import { reviewSiteConnector } from "../shared/review-sites.js";

export const tripadvisorReviewConnector = reviewSiteConnector({
  id: "tripadvisor-review",
  origin: "https://www.tripadvisor.com",
  allowedHosts: ["www.tripadvisor.com"],
  // Spec 3 §2.7: the identifier is the one the form's help names; this is its review page.
  pathFor: (id) => `/Hotel_Review-d${encodeURIComponent(id)}-Reviews.html`,
  // Tripadvisor moderates reviews before and after posting, which can take several days (https://www.tripadvisor.com/Trust).
  restatementDays: 7,
});
