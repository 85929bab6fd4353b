import { startCapterraReviewFake } from "../../../tests/fakes/capterra-review/index.js";
import { reviewSiteSuite } from "../../../tests/fakes/support/review-site-behaviours.js";
import { capterraReviewConnector } from "./connector.js";

reviewSiteSuite({ connector: capterraReviewConnector, start: startCapterraReviewFake, pagePath: (id) => `/p/${id}/reviews/` });
