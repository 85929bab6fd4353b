import { startBookingReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { bookingReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: bookingReviewConnector, start: startBookingReviewFake, pagePath: (id) => `/hotel/${id}.html` }));
