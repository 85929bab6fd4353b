// The trustpilot-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("trustpilot-review", "Trustpilot reviews", "The domain in the URL: trustpilot.com/review/{domain}.", "#00b67a");
