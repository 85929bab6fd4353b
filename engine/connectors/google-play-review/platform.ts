// The google-play-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("google-play-review", "Google Play reviews", "The app id in the URL: play.google.com/store/apps/details?id={id}.", "#01875f");
