// The spotify-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("spotify-ads", "Spotify Ads", "ADS", { flag: "new", color: "#1db954", monogram: "SP" });
