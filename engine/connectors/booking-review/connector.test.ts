import { startBookingReviewFake } from "../../../tests/fakes/booking-review/index.js";
import { reviewSiteSuite } from "../../../tests/fakes/support/review-site-behaviours.js";
import { bookingReviewConnector } from "./connector.js";

reviewSiteSuite({ connector: bookingReviewConnector, start: startBookingReviewFake, pagePath: (id) => `/hotel/${id}.html` });
