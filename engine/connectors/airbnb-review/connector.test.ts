import { startAirbnbReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { airbnbReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: airbnbReviewConnector, start: startAirbnbReviewFake, pagePath: (id) => `/rooms/${id}` }));
