import { startAppstoreReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { appstoreReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: appstoreReviewConnector, start: startAppstoreReviewFake, pagePath: (id) => `/app/id${id}` }));
