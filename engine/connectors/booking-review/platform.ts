// The booking-review catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { reviewPlatform } from "../../catalogue/define.js";

export const platform = reviewPlatform("booking-review", "Booking.com reviews", "The country code plus hotel slug: booking.com/hotel/{country}/{slug}.html.", "#003580");
