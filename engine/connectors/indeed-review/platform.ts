// The indeed-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("indeed-review", "Indeed reviews", "The company name in the URL: indeed.com/cmp/{name}/reviews.", "#2164f3");
