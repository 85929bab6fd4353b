import { startYelpReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { yelpReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: yelpReviewConnector, start: startYelpReviewFake, pagePath: (id) => `/biz/${id}` }));
