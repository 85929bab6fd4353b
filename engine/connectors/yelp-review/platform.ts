// The yelp-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("yelp-review", "Yelp reviews", "The business slug in the URL: yelp.com/biz/{slug}.", "#d32323");
