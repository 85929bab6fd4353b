import { startTripadvisorReviewFake } from "../../../tests/fakes/tripadvisor-review/index.js";
import { reviewSiteSuite } from "../../../tests/fakes/support/review-site-behaviours.js";
import { tripadvisorReviewConnector } from "./connector.js";

reviewSiteSuite({ connector: tripadvisorReviewConnector, start: startTripadvisorReviewFake, pagePath: (id) => `/Hotel_Review-d${id}-Reviews.html` });
