import { startYelpReviewFake } from "../../../tests/fakes/yelp-review/index.js";
import { reviewSiteSuite } from "../../../tests/fakes/support/review-site-behaviours.js";
import { yelpReviewConnector } from "./connector.js";

reviewSiteSuite({ connector: yelpReviewConnector, start: startYelpReviewFake, pagePath: (id) => `/biz/${id}` });
