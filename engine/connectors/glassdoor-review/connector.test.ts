import { startGlassdoorReviewFake } from "../../../tests/fakes/glassdoor-review/index.js";
import { reviewSiteSuite } from "../../../tests/fakes/support/review-site-behaviours.js";
import { glassdoorReviewConnector } from "./connector.js";

reviewSiteSuite({ connector: glassdoorReviewConnector, start: startGlassdoorReviewFake, pagePath: (id) => `/Reviews/Company-Reviews-E${id}.htm` });
