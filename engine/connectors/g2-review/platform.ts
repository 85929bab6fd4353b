// The g2-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("g2-review", "G2 reviews", "The product slug in the URL: g2.com/products/{slug}/reviews.", "#ff492c");
