import { startTrustpilotReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { trustpilotReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: trustpilotReviewConnector, start: startTrustpilotReviewFake, pagePath: (id) => `/review/${id}` }));
