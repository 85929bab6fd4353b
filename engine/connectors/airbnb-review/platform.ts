// The airbnb-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("airbnb-review", "Airbnb reviews", "The room number in the listing URL: airbnb.com/rooms/{id}.", "#ff5a5f");
