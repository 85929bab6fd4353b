// The glassdoor-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("glassdoor-review", "Glassdoor reviews", "The number in the URL: Reviews/Company-Reviews-E{id}.htm.", "#0caa41");
