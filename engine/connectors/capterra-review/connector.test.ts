import { startCapterraReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { capterraReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: capterraReviewConnector, start: startCapterraReviewFake, pagePath: (id) => `/p/${id}/reviews/` }));
