import { startTrustpilotReviewFake } from "../../../tests/fakes/trustpilot-review/index.js";
import { reviewSiteSuite } from "../../../tests/fakes/support/review-site-behaviours.js";
import { trustpilotReviewConnector } from "./connector.js";

reviewSiteSuite({ connector: trustpilotReviewConnector, start: startTrustpilotReviewFake, pagePath: (id) => `/review/${id}` });
