import { startAirbnbReviewFake } from "../../../tests/fakes/airbnb-review/index.js";
import { reviewSiteSuite } from "../../../tests/fakes/support/review-site-behaviours.js";
import { airbnbReviewConnector } from "./connector.js";

reviewSiteSuite({ connector: airbnbReviewConnector, start: startAirbnbReviewFake, pagePath: (id) => `/rooms/${id}` });
