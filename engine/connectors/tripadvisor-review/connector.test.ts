import { startTripadvisorReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { tripadvisorReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: tripadvisorReviewConnector, start: startTripadvisorReviewFake, pagePath: (id) => `/Hotel_Review-d${id}-Reviews.html` }));
