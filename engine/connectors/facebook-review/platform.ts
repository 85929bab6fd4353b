// The facebook-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("facebook-review", "Facebook reviews", "The page name in the URL: facebook.com/{page}.", "#1877f2");
