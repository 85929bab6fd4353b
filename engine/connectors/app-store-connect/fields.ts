// Sales Summary report columns (version 1_1) and the customer review resource:
// https://developer.apple.com/help/app-store-connect/reference/reporting/summary-sales-report
// https://developer.apple.com/documentation/appstoreconnectapi/customerreview
import { dimension, metric } from "../../core/field-defs.js";
import type { Account, FieldDef, Row } from "../../core/types.js";
import { num } from "../shared/records.js";

export type SalesLine = Record<string, string>;

/** Product Type Identifiers (https://developer.apple.com/help/app-store-connect/reference/reporting/product-type-identifiers). */
const DOWNLOADS = new Set(["1", "1F", "1T", "F1", "1E", "1EP", "1EU"]);
const UPDATES = new Set(["7", "7F", "7T", "F7"]);
const REDOWNLOADS = new Set(["3", "3F", "3T", "F3"]);
const IN_APP = /^(IA|FI)/;

const app = [dimension("app_id", "App ID", "TEXT", "The app's Apple ID."), dimension("app_name", "App", "TEXT", "The app's name.")];

export const SALES_FIELDS: FieldDef[] = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "Day of the sale (Pacific Time)."),
  ...app,
  dimension("country", "Country", "COUNTRY_CODE", "Storefront country (ISO 3166-1 alpha-2)."),
  dimension("device", "Device", "TEXT", "iPhone, iPad, Desktop, ..."),
  dimension("product_type", "Product type", "TEXT", "Apple's Product Type Identifier (1F app download, 7F update, IA1 in-app purchase...)."),
  dimension("sku", "SKU", "TEXT", "The product's SKU (the app's or the in-app purchase's)."),
  dimension("proceeds_currency", "Proceeds currency", "TEXT", "Currency of the proceeds of the line (ISO 4217)."),
  metric("units", "Units", "NUMBER", "SUM", "Units of every product type (negative for refunds)."),
  metric("downloads", "Downloads", "NUMBER", "SUM", "First-time app downloads."),
  metric("redownloads", "Re-downloads", "NUMBER", "SUM", "Re-downloads of the app."),
  metric("updates", "Updates", "NUMBER", "SUM", "App updates."),
  metric("in_app_purchases", "In-app purchases", "NUMBER", "SUM", "In-app purchase and subscription units."),
  metric("developer_proceeds", "Proceeds", "NUMBER", "SUM", "Units x proceeds per unit, in the proceeds currency (group by it: currencies do not add up)."),
];

export const REVIEW_FIELDS: FieldDef[] = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "Day the review was written (Pacific Time)."),
  ...app,
  dimension("review_id", "Review ID", "TEXT", "The review's id."),
  dimension("territory", "Territory", "TEXT", "The storefront (ISO 3166-1 alpha-3)."),
  dimension("reviewer", "Reviewer", "TEXT", "The reviewer's nickname."),
  dimension("title", "Title", "TEXT", "The review's title."),
  dimension("body", "Body", "TEXT", "The review's text."),
  metric("reviews", "Reviews", "NUMBER", "SUM", "Number of reviews."),
  metric("rating", "Rating", "NUMBER", "AVG", "Star rating, 1 to 5."),
];

export const REPORTS = [
  { id: "sales", name: "Sales", description: "Daily units and proceeds per app from the Sales Summary report." },
  { id: "reviews", name: "Customer reviews", description: "App Store customer reviews with their rating." },
];

/** "03/01/2025" -> "2025-03-01". */
const usDate = (v: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v ?? "");
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
};

export function salesRecord(l: SalesLine, account: Account): Row {
  const units = num(l["Units"]);
  const type = l["Product Type Identifier"] ?? "";
  return {
    date: usDate(l["Begin Date"]),
    app_id: account.id,
    app_name: account.name,
    country: l["Country Code"] || null,
    device: l["Device"] || null,
    product_type: type || null,
    sku: l["SKU"] || null,
    proceeds_currency: l["Currency of Proceeds"] || null,
    units,
    downloads: DOWNLOADS.has(type) ? units : 0,
    redownloads: REDOWNLOADS.has(type) ? units : 0,
    updates: UPDATES.has(type) ? units : 0,
    in_app_purchases: IN_APP.test(type) ? units : 0,
    developer_proceeds: Math.round(units * num(l["Developer Proceeds"]) * 100) / 100,
  };
}
