import { startGlassdoorReviewFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { reviewSiteSpec } from "../../../tests/fakes/support/review-site-behaviours.js";
import { glassdoorReviewConnector } from "./connector.js";

behaviourSuite(reviewSiteSpec({ connector: glassdoorReviewConnector, start: startGlassdoorReviewFake, pagePath: (id) => `/Reviews/Company-Reviews-E${id}.htm` }));
