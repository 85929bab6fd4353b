import { startGooglePlayReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { googlePlayReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: googlePlayReviewConnector, start: startGooglePlayReviewFake, pagePath: (id) => "/store/apps/details" }));
