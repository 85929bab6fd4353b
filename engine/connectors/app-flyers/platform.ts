// The app-flyers catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("app-flyers", "AppsFlyer", "ANALYTICS", { formRoute: "/app-flyers", connectionFields: apiKeyOnly("API token"), color: "#12b2ea", monogram: "AF" });
