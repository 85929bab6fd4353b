// The tripadvisor-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("tripadvisor-review", "Tripadvisor reviews", "The second number of the hotel URL: Hotel_Review-g187147-d{id}-Reviews.", "#34e0a1");
