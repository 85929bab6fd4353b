import { startG2ReviewFake } from "../../../tests/fakes/g2-review/index.js";
import { reviewSiteSuite } from "../../../tests/fakes/support/review-site-behaviours.js";
import { g2ReviewConnector } from "./connector.js";

reviewSiteSuite({ connector: g2ReviewConnector, start: startG2ReviewFake, pagePath: (id) => `/products/${id}/reviews` });
