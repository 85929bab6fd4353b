// Platform logos (issue 19): the brand marks of simple-icons (a maintained, CC0 icon set that
// tracks brands' own guidelines and drops the ones whose owners object), drawn in the brand's
// colour. A platform without a mark there keeps its monogram tile (icons.ts). Decision 0921.
import { BRAND_MARKS } from "./brand-logos.generated.js";

/** Platform id -> simple-icons slug. Several platforms of one company share its mark. */
export const BRAND_LOGO_SLUGS: Record<string, string> = {
  "airbnb-review": "airbnb",
  "app-store-connect": "appstore",
  "appstore-review": "appstore",
  "apple-search-ads": "apple",
  bigcommerce: "bigcommerce",
  "booking-review": "bookingdotcom",
  brevo: "brevo",
  "campaign-manager": "googlecampaignmanager360",
  chartmogul: "chartmogul",
  dv360: "googledisplayandvideo360",
  etsy: "etsy",
  "facebook-ads": "facebook",
  "facebook-analytics": "facebook",
  "facebook-catalog": "meta",
  "facebook-public-data": "facebook",
  "facebook-review": "facebook",
  "g2-review": "g2",
  "glassdoor-review": "glassdoor",
  "google-ad-manager": "google",
  "google-ads": "googleads",
  "google-analytics": "googleanalytics",
  "google-merchant-center": "google",
  "google-my-business": "google",
  "google-page-speed": "google",
  "google-play-review": "googleplay",
  "google-play-store": "googleplay",
  "google-search-console": "googlesearchconsole",
  "google-trends": "google",
  hubspot: "hubspot",
  "indeed-review": "indeed",
  instagram: "instagram",
  "instagram-public-data": "instagram",
  "line-ads": "line",
  mailchimp: "mailchimp",
  matomo: "matomo",
  mixpanel: "mixpanel",
  paypal: "paypal",
  "pinterest-ads": "pinterest",
  "pinterest-organic": "pinterest",
  prestashop: "prestashop",
  "quora-ads": "quora",
  "reddit-ads": "reddit",
  "search-ads-360": "googlemarketingplatform",
  shopify: "shopify",
  "snapchat-ads": "snapchat",
  "spotify-ads": "spotify",
  stripe: "stripe",
  "tik-tok": "tiktok",
  "tik-tok-analytics": "tiktok",
  "tik-tok-organic": "tiktok",
  "tripadvisor-review": "tripadvisor",
  "trustpilot-review": "trustpilot",
  "twitter-ads": "x",
  "twitter-public-data": "x",
  woocommerce: "woocommerce",
  "yelp-review": "yelp",
  youtube: "youtube",
  "zoho-crm": "zoho",
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** WCAG relative luminance of a rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * The platform's brand mark as a 64x64 SVG document: the mark in its colour on a white tile, or
 * white on a dark tile when the colour is too pale to see on white (Snapchat's yellow). Undefined
 * when simple-icons has no mark for it.
 */
export function brandLogoSvg(platformId: string, title: string): string | undefined {
  const mark = BRAND_MARKS[BRAND_LOGO_SLUGS[platformId] ?? ""];
  if (!mark) return undefined;
  const pale = luminance(mark.hex) > 0.7;
  const [tile, fill] = pale ? ["#111827", `#${mark.hex}`] : ["#ffffff", `#${mark.hex}`];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect x="0.5" y="0.5" width="63" height="63" rx="14" fill="${tile}" stroke="#e2e8f0"/>` +
    `<g transform="translate(14 14) scale(1.5)"><path fill="${fill}" d="${escapeXml(mark.path)}"/></g></svg>`
  );
}
