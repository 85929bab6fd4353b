import { startIndeedReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { indeedReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: indeedReviewConnector, start: startIndeedReviewFake, pagePath: (id) => `/cmp/${id}/reviews` }));
