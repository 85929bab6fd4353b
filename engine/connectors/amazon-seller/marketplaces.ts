// The 22 SP-API marketplaces of the connection form (engine/catalogue/amazon-marketplaces.ts),
// with their ids and regional endpoints (https://developer-docs.amazon.com/sp-api/docs/marketplace-ids,
// https://developer-docs.amazon.com/sp-api/docs/sp-api-endpoints) and the zone Seller Central
// reports their days in.
import { AMAZON_SELLER_MARKETPLACES } from "../../catalogue/amazon-marketplaces.js";

export type Region = "na" | "eu" | "fe";

export const REGION_HOSTS: Record<Region, string> = {
  na: "https://sellingpartnerapi-na.amazon.com",
  eu: "https://sellingpartnerapi-eu.amazon.com",
  fe: "https://sellingpartnerapi-fe.amazon.com",
};

export interface Marketplace {
  country: string;
  sellerCentral: string;
  id: string;
  region: Region;
  timezone: string;
}

const IDS: Record<string, [string, Region, string]> = {
  Canada: ["A2EUQ1WTGCTBG2", "na", "America/Los_Angeles"],
  "United States": ["ATVPDKIKX0DER", "na", "America/Los_Angeles"],
  Mexico: ["A1AM78C64UM0Y8", "na", "America/Mexico_City"],
  Brazil: ["A2Q3Y263D00KWC", "na", "America/Sao_Paulo"],
  Spain: ["A1RKKUPIHCS9HS", "eu", "Europe/Madrid"],
  "United Kingdom": ["A1F83G8C2ARO7P", "eu", "Europe/London"],
  France: ["A13V1IB3VIYZZH", "eu", "Europe/Paris"],
  Belgium: ["AMEN7PMS3EDWL", "eu", "Europe/Brussels"],
  Netherlands: ["A1805IZSGTT6HS", "eu", "Europe/Amsterdam"],
  Germany: ["A1PA6795UKMFR9", "eu", "Europe/Berlin"],
  Italy: ["APJ6JRA9NG5V4", "eu", "Europe/Rome"],
  Sweden: ["A2NODRKZP88ZB9", "eu", "Europe/Stockholm"],
  "South Africa": ["AE08WJ6YKNBMC", "eu", "Africa/Johannesburg"],
  Poland: ["A1C3SOZRARQ6R3", "eu", "Europe/Warsaw"],
  Egypt: ["ARBP9OOSHTCHU", "eu", "Africa/Cairo"],
  Turkey: ["A33AVAJ2PDY3EV", "eu", "Europe/Istanbul"],
  "Saudi Arabia": ["A17E79C6D8DWNP", "eu", "Asia/Riyadh"],
  "United Arab Emirates": ["A2VIGQ35RCS4UG", "eu", "Asia/Dubai"],
  India: ["A21TJRUUN4KGV", "eu", "Asia/Kolkata"],
  Singapore: ["A19VAU5U5O7RUS", "fe", "Asia/Singapore"],
  Australia: ["A39IBJ37TRP1C6", "fe", "Australia/Sydney"],
  Japan: ["A1VC38T7YXB528", "fe", "Asia/Tokyo"],
};

export const MARKETPLACES: readonly Marketplace[] = AMAZON_SELLER_MARKETPLACES.map((m) => {
  const [id, region, timezone] = IDS[m.country];
  return { country: m.country, sellerCentral: m.url, id, region, timezone };
});

export const marketplaceById = (id: string) => MARKETPLACES.find((m) => m.id === id);
export const marketplaceByUrl = (url: string | undefined) => MARKETPLACES.find((m) => m.sellerCentral === url?.replace(/\/$/, ""));
