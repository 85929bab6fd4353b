import { startG2ReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { g2ReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: g2ReviewConnector, start: startG2ReviewFake, pagePath: (id) => `/products/${id}/reviews` }));
