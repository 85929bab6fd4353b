// The appstore-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("appstore-review", "App Store reviews", "The numeric id in the URL: apps.apple.com/app/id{id}.", "#0d96f6");
