// The network catalogue (spec 1 §3) as data. Whether a platform is implemented is not written
// here: catalogue/index.ts derives it from the connector registry.
import type { AuthMethod } from "../core/types.js";
import { AMAZON_SELLER_DEFAULT_URL, AMAZON_SELLER_MARKETPLACES } from "./amazon-marketplaces.js";
import type { AlertOptions, Category, ConnectionField, PayloadSlot, PlatformDefinition } from "./types.js";

type Extra = Partial<Omit<PlatformDefinition, "id" | "displayName" | "authMethod" | "category" | "icon">> & {
  monogram?: string;
  color?: string;
};

function monogramOf(displayName: string): string {
  const words = displayName.replace(/[^A-Za-z0-9 ]/g, " ").split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : displayName.slice(0, 2)).toUpperCase();
}

function platform(id: string, displayName: string, authMethod: AuthMethod, category: Category, extra: Extra = {}): PlatformDefinition {
  const { monogram, color, ...rest } = extra;
  return {
    id,
    displayName,
    authMethod,
    category,
    alertsActive: false,
    availableToAll: true,
    reportingStudio: true,
    etl: true,
    alertOptions: {},
    connectionFields: [],
    description: `${displayName} data.`,
    icon: { monogram: monogram ?? monogramOf(displayName), color: color ?? "#475569" },
    ...rest,
  };
}

// --- form field builders (spec 3 §2.7 fields, spec 3 §7 payload slots) ---------------------

function field(
  name: string,
  label: string,
  slots: PayloadSlot | PayloadSlot[],
  more: Partial<ConnectionField> = {},
): ConnectionField {
  return { name, label, type: "text", required: true, slots: Array.isArray(slots) ? slots : [slots], ...more };
}
const secretField = (name: string, label: string, slots: PayloadSlot | PayloadSlot[], more: Partial<ConnectionField> = {}) =>
  field(name, label, slots, { type: "password", ...more });
const urlField = (name: string, label: string, slots: PayloadSlot | PayloadSlot[], more: Partial<ConnectionField> = {}) =>
  field(name, label, slots, { type: "url", placeholder: "https://", ...more });
const apiKeyOnly = (label = "API Key"): ConnectionField[] => [secretField("consumerKey", label, "key")];

// --- alert options (spec 1 §3 alert option catalogue) -----------------------------------------

const ADS_ALERTS: AlertOptions = { pacing: ["CAMPAIGN", "ACCOUNT"], metric: ["CAMPAIGN", "ACCOUNT"], anomaly: ["CAMPAIGN", "ACCOUNT"] };
const adsAlerts = (more: AlertOptions = {}): Pick<PlatformDefinition, "alertsActive" | "alertOptions"> => ({
  alertsActive: true,
  alertOptions: { ...ADS_ALERTS, ...more },
});

// --- review sources (spec 3 §2.7: one identifier list, key fixed to "void") -------------------

function review(id: string, displayName: string, where: string, color: string): PlatformDefinition {
  return platform(id, displayName, "api-key", "REVIEW", {
    formRoute: `/${id}`,
    fixedCredential: { key: "void" },
    connectionFields: [
      field("accounts", "List of Identifier ids (separate by commas)", "options.accounts", { list: true, help: where }),
    ],
    color,
    description: `Public reviews and ratings from ${displayName.replace(/ reviews?$/i, "")}.`,
  });
}

export const PLATFORM_DEFINITIONS: readonly PlatformDefinition[] = [
  // --- ADS ---------------------------------------------------------------------------------
  platform("demo", "Demo Ads", "api-key", "ADS", {
    ...adsAlerts({ kpi: ["CAMPAIGN"], url_checker: ["ACCOUNT"], security: ["ACCOUNT"], conversion_tag: ["ACCOUNT"], ads: ["ACCOUNT"], polymathee: ["ACCOUNT"], product_available: ["PRODUCT_AVAILABILITY"] }),
    connectionFields: [
      secretField("consumerKey", "Demo key", "key", { placeholder: "demo", help: 'Type "demo" to connect the synthetic demo platform.' }),
      // The URL checker crawls the demo ads' landing pages under this address (issue 7).
      urlField("landingBaseUrl", "Landing pages base URL", "options.landingBaseUrl", { required: false, help: "Where the demo ads' landing pages live (default https://www.example.com)." }),
    ],
    formRoute: "/demo",
    color: "#7c3aed",
    description: "A synthetic ads and e-commerce platform with deterministic data, to try every screen offline.",
  }),
  platform("google-ads", "Google Ads", "oauth2", "ADS", {
    ...adsAlerts({
      security: ["ACCOUNT"],
      polymathee: ["ACCOUNT"],
      product_available: ["PRODUCT_AVAILABILITY"],
      url_checker: ["ACCOUNT"],
      conversion_tag: ["ACCOUNT"],
      ads: ["ACCOUNT"],
    }),
    flag: "popular",
    color: "#4285f4",
    monogram: "GA",
    description: "Search, Display, Shopping, Performance Max and YouTube campaign performance.",
  }),
  platform("facebook-ads", "Facebook Ads", "oauth2", "ADS", {
    ...adsAlerts({ security: ["ACCOUNT"], kpi: ["CAMPAIGN", "ADGROUP"], url_checker: ["ACCOUNT"], conversion_tag: ["ACCOUNT"], ads: ["ACCOUNT"] }),
    flag: "popular",
    color: "#1877f2",
    monogram: "FB",
    description: "Meta (Facebook and Instagram) advertising insights.",
  }),
  platform("bing-ads", "Microsoft Advertising", "oauth2", "ADS", {
    // conversion_tag: UET tags (issue 7 automatic checks; not in spec 1's catalogue).
    ...adsAlerts({ security: ["ACCOUNT"], url_checker: ["ACCOUNT"], conversion_tag: ["ACCOUNT"] }),
    color: "#00a4ef",
    monogram: "MS",
    description: "Microsoft Advertising (Bing Ads) campaign performance.",
  }),
  platform("linkedin", "LinkedIn Ads", "oauth2", "ADS", { ...adsAlerts(), flag: "popular", color: "#0a66c2", monogram: "IN" }),
  platform("twitter-ads", "X Ads (Twitter)", "oauth10A", "ADS", { ...adsAlerts(), color: "#000000", monogram: "X" }),
  platform("tik-tok", "TikTok Ads", "oauth2", "ADS", { ...adsAlerts(), flag: "popular", color: "#010101", monogram: "TT" }),
  platform("pinterest-ads", "Pinterest Ads", "oauth2", "ADS", { ...adsAlerts(), color: "#e60023", monogram: "PI" }),
  platform("snapchat-ads", "Snapchat Ads", "oauth2", "ADS", { ...adsAlerts(), color: "#fffc00", monogram: "SC" }),
  platform("amazon-ads", "Amazon Ads", "oauth2", "ADS", {
    ...adsAlerts({ kpi: ["CAMPAIGN"] }),
    availableToAll: false,
    color: "#ff9900",
    monogram: "AA",
    description: "Sponsored Products, Brands and Display campaign performance.",
  }),
  platform("reddit-ads", "Reddit Ads", "oauth2", "ADS", { flag: "new", color: "#ff4500", monogram: "RA" }),
  platform("dv360", "Display & Video 360", "oauth2", "ADS", { availableToAll: false, color: "#34a853", monogram: "DV" }),
  platform("campaign-manager", "Campaign Manager 360", "oauth2", "ADS", { availableToAll: false, color: "#0f9d58", monogram: "CM" }),
  platform("search-ads-360", "Search Ads 360", "oauth2", "ADS", { availableToAll: false, color: "#1a73e8", monogram: "SA" }),
  platform("google-ad-manager", "Google Ad Manager", "oauth2", "ADS", { color: "#fbbc04", monogram: "AM" }),
  platform("quora-ads", "Quora Ads", "oauth2", "ADS", { color: "#b92b27", monogram: "QA" }),
  platform("spotify-ads", "Spotify Ads", "oauth2", "ADS", { flag: "new", color: "#1db954", monogram: "SP" }),
  platform("criteo", "Criteo", "api-key", "ADS", {
    formRoute: "/criteo",
    connectionFields: [field("clientId", "Client ID", "options.clientId"), secretField("clientSecret", "Client Secret", "options.clientSecret")],
    color: "#f56600",
  }),
  platform("taboola", "Taboola", "api-key", "ADS", {
    formRoute: "/taboola",
    connectionFields: [field("clientId", "Client ID", "options.clientId"), secretField("clientSecret", "Client Secret", "options.clientSecret")],
    color: "#1b5fa8",
  }),
  platform("outbrains", "Outbrain", "api-key", "ADS", {
    formRoute: "/outbrains",
    connectionFields: [field("username", "Username", "options.username"), secretField("password", "Password", "options.password")],
    color: "#f47b20",
    monogram: "OB",
  }),
  platform("outbrain-dsp", "Outbrain DSP", "api-key", "ADS", {
    formRoute: "/outbrain-dsp",
    flag: "beta",
    connectionFields: [field("key", "Client ID", "key"), secretField("secret", "Client Secret", "secret")],
    color: "#f47b20",
    monogram: "OD",
  }),
  platform("line-ads", "LINE Ads", "api-key", "ADS", {
    formRoute: "/line-ads",
    connectionFields: [
      field("groupId", "Group ID", "options.groupId"),
      secretField("key", "API access Key", "key"),
      secretField("secret", "API secret Key", "secret"),
    ],
    color: "#06c755",
    monogram: "LA",
  }),
  platform("apple-search-ads", "Apple Search Ads", "api-key", "ADS", {
    formRoute: "/apple-search-ads",
    connectionFields: [
      field("clientId", "Client ID", "options.clientId"),
      field("teamId", "Team ID", "options.teamId"),
      field("keyId", "Key ID", "options.keyId"),
    ],
    color: "#0071e3",
    monogram: "AS",
  }),
  platform("the-trade-desk", "The Trade Desk", "api-key", "ADS", {
    formRoute: "/the-trade-desk",
    availableToAll: false,
    connectionFields: [field("consumerKey", "Username", "key"), secretField("consumerSecret", "Password", "secret")],
    color: "#0099fa",
    monogram: "TD",
  }),
  platform("xandr", "Xandr", "api-key", "ADS", {
    formRoute: "/xandr",
    availableToAll: false,
    connectionFields: [field("key", "Username", "key"), secretField("secret", "Password", "secret")],
    color: "#2b2b88",
  }),
  platform("teads", "Teads", "api-key", "ADS", { formRoute: "/teads", connectionFields: apiKeyOnly(), color: "#1b2b4b" }),
  platform("stack-adapt", "StackAdapt", "api-key", "ADS", { formRoute: "/stack-adapt", flag: "new", connectionFields: apiKeyOnly(), color: "#3d4fd8" }),
  platform("ads-wizz", "AdsWizz", "api-key", "ADS", { formRoute: "/ads-wizz", flag: "beta", connectionFields: apiKeyOnly(), color: "#ff2d55" }),
  platform("adtraction", "Adtraction", "api-key", "ADS", { formRoute: "/adtraction", connectionFields: apiKeyOnly("API token"), color: "#e4002b" }),
  platform("awin", "Awin", "api-key", "ADS", { formRoute: "/awin", connectionFields: apiKeyOnly("API token"), color: "#ff6600" }),

  // --- PRODUCT_FEED ------------------------------------------------------------------------
  platform("google-merchant-center", "Google Merchant Center", "oauth2", "PRODUCT_FEED", { color: "#4285f4", monogram: "MC" }),
  platform("microsoft-merchant-center", "Microsoft Merchant Center", "oauth2", "PRODUCT_FEED", { color: "#00a4ef", monogram: "MM" }),
  platform("facebook-catalog", "Meta Commerce Catalog", "oauth2", "PRODUCT_FEED", { flag: "beta", color: "#1877f2", monogram: "MC" }),

  // --- SOCIAL ------------------------------------------------------------------------------
  platform("facebook-analytics", "Facebook Pages", "oauth2", "SOCIAL", {
    alertsActive: true,
    alertOptions: { metric: ["PAGE", "POST"] },
    color: "#1877f2",
    monogram: "FP",
    description: "Facebook page and post insights.",
  }),
  platform("instagram", "Instagram Business", "oauth2", "SOCIAL", { flag: "popular", color: "#e1306c", monogram: "IG" }),
  platform("linkedin-pages", "LinkedIn Pages", "oauth2", "SOCIAL", { color: "#0a66c2", monogram: "LP" }),
  platform("youtube", "YouTube", "oauth2", "SOCIAL", { color: "#ff0000", monogram: "YT" }),
  platform("tik-tok-analytics", "TikTok Display", "oauth2", "SOCIAL", {
    flag: "deprecated",
    reportingStudio: false,
    etl: false,
    color: "#010101",
    monogram: "TD",
    description: "Organic TikTok account analytics (replaced by TikTok Organic).",
  }),
  platform("tik-tok-organic", "TikTok Organic", "oauth2", "SOCIAL", { flag: "new", color: "#010101", monogram: "TO" }),
  platform("pinterest-organic", "Pinterest Organic", "oauth2", "SOCIAL", { color: "#e60023", monogram: "PO" }),
  platform("facebook-public-data", "Facebook Public Data", "oauth2", "SOCIAL", {
    formRoute: "/facebook-public-data",
    connectionFields: [field("accounts", "Page ids (separate by commas)", "options.accounts", { list: true })],
    color: "#1877f2",
    monogram: "FD",
  }),
  platform("instagram-public-data", "Instagram Public Data", "oauth2", "SOCIAL", {
    formRoute: "/instagram-public-data",
    connectionFields: [field("accounts", "Instagram accounts (separate by commas)", "options.accounts", { list: true })],
    color: "#e1306c",
    monogram: "ID",
  }),
  platform("twitter-public-data", "X Public Data (Twitter)", "api-key", "SOCIAL", {
    formRoute: "/twitter-public-data",
    connectionFields: [
      secretField("consumerKey", "Bearer token", "key"),
      field("accounts", "Accounts (separate by commas)", "options.accounts", { list: true }),
    ],
    color: "#000000",
    monogram: "XP",
  }),

  // --- ANALYTICS ---------------------------------------------------------------------------
  platform("google-analytics", "Google Analytics 4", "oauth2", "ANALYTICS", {
    alertsActive: true,
    alertOptions: {
      metric: [
        "E_COMMERCE",
        "EVENT_TRACKING",
        "GOAL_CONVERSION",
        "PAGE_TRACKING",
        "SESSION",
        "SITE_SPEED",
        "SOCIAL_INTERACTION",
        "TRAFFIC_SOURCE",
        "USER",
      ],
    },
    flag: "popular",
    color: "#f9ab00",
    monogram: "G4",
  }),
  platform("website", "Website", "api-key", "ANALYTICS", {
    alertsActive: true,
    alertOptions: { metric: ["ACCOUNT"], url_checker: ["ACCOUNT"] },
    etl: false,
    reportingStudio: false,
    formRoute: "/website",
    fixedCredential: { key: "void" },
    connectionFields: [urlField("url", "Website URL", "options.url")],
    color: "#0ea5e9",
    monogram: "WW",
    description: "Availability and response time of a website.",
  }),
  platform("google-search-console", "Google Search Console", "oauth2", "ANALYTICS", { flag: "popular", color: "#458cf5", monogram: "SC" }),
  platform("matomo", "Matomo", "api-key", "ANALYTICS", {
    formRoute: "/matomo",
    connectionFields: [urlField("url", "Matomo URL", "options.url"), secretField("consumerKey", "Auth token", "key")],
    color: "#3152a0",
  }),
  platform("piwik", "Piwik PRO", "api-key", "ANALYTICS", {
    formRoute: "/piwik",
    connectionFields: [
      field("domain", "Domain", "options.domain", { placeholder: "yourorganization.piwik.pro" }),
      field("clientId", "Client ID", "options.clientId"),
      secretField("clientSecret", "Client Secret", "options.clientSecret"),
    ],
    color: "#0b2c4b",
    monogram: "PP",
  }),
  platform("piano-analytics", "Piano Analytics", "api-key", "ANALYTICS", {
    formRoute: "/piano-analytics",
    connectionFields: [
      field("consumerKey", "Access key", "key"),
      secretField("consumerSecret", "Secret key", "secret"),
      field("siteId", "Site ids (one or several, separate by commas)", "options.siteId", { list: true }),
    ],
    color: "#1b1b3a",
  }),
  platform("adobe-analytics", "Adobe Analytics", "api-key", "ANALYTICS", {
    formRoute: "/adobe-analytics",
    availableToAll: false,
    connectionFields: [field("consumerKey", "Client ID", "key"), secretField("consumerSecret", "Client Secret", "secret")],
    color: "#fa0f00",
  }),
  platform("bing-webmaster-tool", "Bing Webmaster Tools", "api-key", "ANALYTICS", {
    formRoute: "/bing-webmaster-tool",
    connectionFields: apiKeyOnly(),
    color: "#00a4ef",
    monogram: "BW",
  }),
  platform("google-page-speed", "Google PageSpeed Insights", "api-key", "ANALYTICS", {
    formRoute: "/google-page-speed",
    fixedCredential: { key: "1" },
    connectionFields: [field("urls", "Url", "options.urls", { type: "textarea", list: true, help: "One or several URLs, separate by commas." })],
    color: "#34a853",
    monogram: "PS",
  }),
  platform("google-trends", "Google Trends", "api-key", "ANALYTICS", {
    formRoute: "/google-trends",
    fixedCredential: { key: "1" },
    connectionFields: [field("keywords", "Keywords, comma separated", "options.keywords", { list: true })],
    color: "#4285f4",
    monogram: "GT",
  }),
  platform("adjust", "Adjust", "api-key", "ANALYTICS", { formRoute: "/adjust", connectionFields: apiKeyOnly("API token"), color: "#00bed5" }),
  platform("app-flyers", "AppsFlyer", "api-key", "ANALYTICS", { formRoute: "/app-flyers", connectionFields: apiKeyOnly("API token"), color: "#12b2ea", monogram: "AF" }),
  platform("branch", "Branch", "api-key", "ANALYTICS", {
    formRoute: "/branch",
    connectionFields: [field("key", "Branch Key", "key"), secretField("secret", "Branch Secret", "secret")],
    color: "#0075ff",
  }),
  platform("call-rail", "CallRail", "api-key", "ANALYTICS", { formRoute: "/call-rail", connectionFields: apiKeyOnly("API key"), color: "#f2a900", monogram: "CR" }),
  platform("mixpanel", "Mixpanel", "api-key", "ANALYTICS", {
    formRoute: "/mixpanel",
    connectionFields: [
      field("consumerKey", "Service account username", "key"),
      secretField("consumerSecret", "Service account secret", "secret"),
      field("region", "Data residency", "options.region", {
        type: "select",
        default: "us",
        choices: [
          { value: "us", label: "United States (mixpanel.com)" },
          { value: "eu", label: "European Union (eu.mixpanel.com)" },
          { value: "in", label: "India (in.mixpanel.com)" },
        ],
      }),
    ],
    color: "#7856ff",
  }),
  platform("amplitude", "Amplitude", "api-key", "ANALYTICS", {
    formRoute: "/amplitude",
    connectionFields: [
      field("consumerKey", "API Key", "key"),
      secretField("consumerSecret", "Secret Key", "secret"),
      field("region", "Data residency", "options.region", {
        type: "select",
        default: "us",
        choices: [
          { value: "us", label: "United States (amplitude.com)" },
          { value: "eu", label: "European Union (analytics.eu.amplitude.com)" },
        ],
      }),
    ],
    color: "#1e61f0",
  }),

  // --- PAYMENT -----------------------------------------------------------------------------
  platform("stripe", "Stripe", "api-key", "PAYMENT", {
    formRoute: "/stripe",
    flag: "popular",
    connectionFields: [secretField("consumerKey", "Restricted API key", "key", { placeholder: "rk_live_..." })],
    color: "#635bff",
  }),
  platform("paypal", "PayPal", "oauth2", "PAYMENT", { color: "#003087", monogram: "PP" }),
  platform("chartmogul", "ChartMogul", "api-key", "PAYMENT", { formRoute: "/chartmogul", connectionFields: apiKeyOnly(), color: "#13324b", monogram: "CM" }),
  platform("profitwell", "ProfitWell", "api-key", "PAYMENT", { formRoute: "/profitwell", connectionFields: apiKeyOnly(), color: "#2d5bff", monogram: "PW" }),
  platform("chargebee", "Chargebee", "api-key", "PAYMENT", {
    formRoute: "/chargebee",
    connectionFields: [field("site", "Site name", "options.site", { placeholder: "your-site" }), secretField("consumerKey", "API Key", "key")],
    color: "#ff7846",
    monogram: "CB",
  }),

  // --- CRM ---------------------------------------------------------------------------------
  platform("hubspot", "HubSpot", "oauth2", "CRM", { flag: "popular", color: "#ff7a59", monogram: "HS" }),
  platform("salesforce", "Salesforce", "oauth2", "CRM", { availableToAll: false, color: "#00a1e0", monogram: "SF" }),
  platform("pardot", "Salesforce Pardot", "oauth2", "CRM", {
    formRoute: "/pardot",
    connectionFields: [field("businessId", "Business unit id", "options.businessId", { placeholder: "0Uv..." })],
    color: "#00a1e0",
    monogram: "PA",
  }),
  platform("zoho-crm", "Zoho CRM", "oauth2", "CRM", {
    connectionFields: [
      field("location", "Data center", "options.location", {
        type: "select",
        default: "com",
        choices: [
          { value: "com", label: "United States (zoho.com)" },
          { value: "eu", label: "Europe (zoho.eu)" },
          { value: "in", label: "India (zoho.in)" },
          { value: "com.au", label: "Australia (zoho.com.au)" },
          { value: "jp", label: "Japan (zoho.jp)" },
          { value: "ca", label: "Canada (zohocloud.ca)" },
          { value: "sa", label: "Saudi Arabia (zoho.sa)" },
          { value: "com.cn", label: "China (zoho.com.cn)" },
        ],
      }),
    ],
    color: "#e42527",
    monogram: "ZC",
  }),
  platform("pipedrive", "Pipedrive", "oauth2", "CRM", { color: "#1a1a1a", monogram: "PD" }),

  // --- E-COMMERCE --------------------------------------------------------------------------
  platform("shopify", "Shopify", "api-key", "E-COMMERCE", {
    formRoute: "/shopify",
    flag: "popular",
    connectionFields: [
      field("shop", "Shop", "options.shop", { placeholder: "your-shop.myshopify.com" }),
      secretField("consumerKey", "Admin API access token", "key", { placeholder: "shpat_..." }),
    ],
    color: "#96bf48",
  }),
  platform("woocommerce", "WooCommerce", "api-key", "E-COMMERCE", {
    formRoute: "/woocommerce",
    connectionFields: [
      urlField("storeUrl", "Store URL", "options.storeUrl"),
      field("consumerKey", "Consumer Key", "key", { placeholder: "ck_..." }),
      secretField("consumerSecret", "Consumer Secret", "secret", { placeholder: "cs_..." }),
    ],
    color: "#7f54b3",
    monogram: "WC",
  }),
  platform("prestashop", "PrestaShop", "api-key", "E-COMMERCE", {
    formRoute: "/prestashop",
    connectionFields: [urlField("storeUrl", "Store URL", "options.storeUrl"), secretField("consumerKey", "Access Token", "key")],
    color: "#df0067",
    monogram: "PS",
  }),
  platform("magento", "Magento", "api-key", "E-COMMERCE", {
    formRoute: "/magento",
    connectionFields: [
      urlField("storeUrl", "Store URL", "options.storeUrl"),
      field("consumerKey", "Consumer Key", "key"),
      secretField("consumerSecret", "Consumer Secret", "secret"),
      secretField("accessToken", "Access Token", "options.accessToken"),
      secretField("accessTokenSecret", "Access Token Secret", "options.accessTokenSecret"),
    ],
    color: "#ee672f",
  }),
  platform("bigcommerce", "BigCommerce", "api-key", "E-COMMERCE", {
    formRoute: "/bigcommerce",
    aliases: ["big-commerce"],
    connectionFields: [field("storeHash", "Store Hash", "options.storeHash"), secretField("consumerKey", "Access Token", "key")],
    color: "#121118",
    monogram: "BC",
  }),
  platform("amazon-seller", "Amazon Seller Central", "oauth2", "E-COMMERCE", {
    formRoute: "/amazon-seller",
    availableToAll: false,
    connectionFields: [
      field("url", "Marketplace", "options.url", {
        type: "select",
        default: AMAZON_SELLER_DEFAULT_URL,
        choices: AMAZON_SELLER_MARKETPLACES.map((m) => ({ value: m.url, label: m.country })),
      }),
    ],
    color: "#ff9900",
    monogram: "AZ",
  }),
  platform("comment-sold", "CommentSold", "api-key", "E-COMMERCE", {
    formRoute: "/comment-sold",
    flag: "new",
    connectionFields: [
      // Spec 3 §7 sends the token as both key and secret. It also drops the shop id; we keep it
      // (options.shopId) because the CommentSold API is per shop.
      secretField("consumerKey", "API token", ["key", "secret"]),
      field("shopId", "Shop ID", "options.shopId"),
    ],
    color: "#ff3c6e",
    monogram: "CS",
  }),
  platform("etsy", "Etsy", "oauth2", "E-COMMERCE", { color: "#f1641e" }),

  // --- EMAILING ----------------------------------------------------------------------------
  platform("mailchimp", "Mailchimp", "oauth2", "EMAILING", { flag: "popular", color: "#ffe01b", monogram: "MC" }),
  platform("klaviyo", "Klaviyo", "api-key", "EMAILING", {
    formRoute: "/klaviyo",
    connectionFields: [secretField("consumerKey", "Private key", "key", { placeholder: "pk_..." })],
    color: "#232426",
    monogram: "KL",
  }),
  platform("brevo", "Brevo", "api-key", "EMAILING", { formRoute: "/brevo", connectionFields: apiKeyOnly(), color: "#0b996e" }),
  platform("active-campaign", "ActiveCampaign", "api-key", "EMAILING", {
    formRoute: "/active-campaign",
    connectionFields: [urlField("url", "API URL", "options.url", { placeholder: "https://youraccount.api-us1.com" }), secretField("consumerKey", "API Key", "key")],
    color: "#356ae6",
    monogram: "AC",
  }),
  platform("mailjet", "Mailjet", "api-key", "EMAILING", {
    formRoute: "/mailjet",
    connectionFields: [field("consumerKey", "API Key", "key"), secretField("consumerSecret", "Secret Key", "secret")],
    color: "#fead0d",
    monogram: "MJ",
  }),

  // --- REVIEW ------------------------------------------------------------------------------
  review("airbnb-review", "Airbnb reviews", "The room number in the listing URL: airbnb.com/rooms/{id}.", "#ff5a5f"),
  review("g2-review", "G2 reviews", "The product slug in the URL: g2.com/products/{slug}/reviews.", "#ff492c"),
  review("tripadvisor-review", "Tripadvisor reviews", "The second number of the hotel URL: Hotel_Review-g187147-d{id}-Reviews.", "#34e0a1"),
  review("yelp-review", "Yelp reviews", "The business slug in the URL: yelp.com/biz/{slug}.", "#d32323"),
  review("indeed-review", "Indeed reviews", "The company name in the URL: indeed.com/cmp/{name}/reviews.", "#2164f3"),
  review("glassdoor-review", "Glassdoor reviews", "The number in the URL: Reviews/Company-Reviews-E{id}.htm.", "#0caa41"),
  review("booking-review", "Booking.com reviews", "The country code plus hotel slug: booking.com/hotel/{country}/{slug}.html.", "#003580"),
  review("google-play-review", "Google Play reviews", "The app id in the URL: play.google.com/store/apps/details?id={id}.", "#01875f"),
  review("appstore-review", "App Store reviews", "The numeric id in the URL: apps.apple.com/app/id{id}.", "#0d96f6"),
  review("capterra-review", "Capterra reviews", "The numeric id in the URL: capterra.com/p/{id}/.", "#044d80"),
  review("trustpilot-review", "Trustpilot reviews", "The domain in the URL: trustpilot.com/review/{domain}.", "#00b67a"),
  review("facebook-review", "Facebook reviews", "The page name in the URL: facebook.com/{page}.", "#1877f2"),
  platform("google-my-business", "Google Business Profile", "oauth2", "REVIEW", { color: "#4285f4", monogram: "GB" }),

  // --- STORE_APPLICATION -------------------------------------------------------------------
  platform("app-store-connect", "App Store Connect", "api-key", "STORE_APPLICATION", {
    formRoute: "/appstore-connect",
    connectionFields: [
      field("issuerId", "Issuer ID", "options.issuerId"),
      field("vendorId", "Vendor ID", "options.vendorId"),
      field("consumerKey", "Key ID", "key"),
      secretField("consumerSecret", "Private key (.p8 content)", "secret", { type: "textarea" }),
    ],
    color: "#0d96f6",
    monogram: "AS",
  }),
  platform("google-play-store", "Google Play Console", "api-key", "STORE_APPLICATION", {
    formRoute: "/google-play-store",
    connectionFields: [
      field("consumerKey", "Bucket id", "key", {
        placeholder: "pubsite_prod_rev_...",
        help: "Invite the service account shown on this page to your Play Console, then paste the reports bucket id.",
      }),
    ],
    color: "#01875f",
    monogram: "GP",
  }),
];
