// The capterra-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("capterra-review", "Capterra reviews", "The numeric id in the URL: capterra.com/p/{id}/.", "#044d80");
