// The demo catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform, secretField, urlField } from "../../catalogue/define.js";

export const platform = definePlatform("demo", "Demo Ads", "ADS", {
  ...adsAlerts({ kpi: ["CAMPAIGN"], url_checker: ["ACCOUNT"], security: ["ACCOUNT"], conversion_tag: ["ACCOUNT"], ads: ["ACCOUNT"], polymathee: ["ACCOUNT"], product_available: ["PRODUCT_AVAILABILITY"] }),
  connectionFields: [
    secretField("consumerKey", "Demo key", "key", { placeholder: "demo", help: 'Type "demo" to connect the synthetic demo platform.' }),
    // The URL checker crawls the demo ads' landing pages under this address (issue 7).
    urlField("landingBaseUrl", "Landing pages base URL", "options.landingBaseUrl", { required: false, help: "Where the demo ads' landing pages live (default https://www.example.com)." }),
  ],
  formRoute: "/demo",
  color: "#7c3aed",
  description: "A synthetic ads and e-commerce platform with deterministic data, to try every screen offline.",
});
