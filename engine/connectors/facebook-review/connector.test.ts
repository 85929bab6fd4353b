import { startFacebookReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { facebookReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: facebookReviewConnector, start: startFacebookReviewFake, pagePath: (id) => `/${id}/reviews` }));
