// The automatic checks of Google Ads (issue 7), in GAQL through googleAds:searchStream:
// - ad final URLs: ad_group_ad.ad.final_urls of the enabled ads in enabled ad groups and
//   campaigns (https://developers.google.com/google-ads/api/fields/v21/ad_group_ad), with each
//   ad's metrics.cost_micros of yesterday in the account's timezone;
// - conversion tags: conversion_action (status ENABLED / HIDDEN; removed ones left out) with
//   metrics.conversion_last_received_request_date_time as the last time the tag fired. A website
//   tag (type WEBPAGE) that has not fired in 7 days is reported NO_RECENT_CONVERSIONS, as the
//   Google Ads interface calls it; imports and other non-tag types keep their status.
// Google Ads has no domain verification, so the connector offers no security check.
import { z } from "zod";
import { DateTime } from "luxon";
import type { Account, AdUrl, ConnectorContext, ConversionTag, ShoppingProduct } from "../../core/types.js";
import { loginCustomerIdFor } from "./accounts.js";
import { valueAt, type GoogleAdsRow } from "./gaql.js";

const batches = z.array(z.object({ results: z.array(z.record(z.string(), z.any())).optional() }).passthrough());

async function stream(ctx: ConnectorContext, customerId: string, query: string): Promise<GoogleAdsRow[]> {
  const login = await loginCustomerIdFor(ctx, customerId);
  const answer = await ctx.http.json({ method: "POST", url: `/customers/${customerId}/googleAds:searchStream`, headers: { "login-customer-id": login }, json: { query }, account: customerId }, batches);
  return answer.flatMap((b) => (b.results ?? []) as GoogleAdsRow[]);
}

const dayOf = (account: Account, now: Date, minusDays: number) => DateTime.fromJSDate(now, { zone: account.timezone || "UTC" }).minus({ days: minusDays }).toFormat("yyyy-MM-dd");

export const AD_URLS_QUERY =
  "SELECT ad_group_ad.ad.id, ad_group_ad.ad.final_urls, campaign.id FROM ad_group_ad WHERE ad_group_ad.status = 'ENABLED' AND ad_group.status = 'ENABLED' AND campaign.status = 'ENABLED'";

export async function listGoogleAdsAdUrls(ctx: ConnectorContext, account: Account, now = new Date()): Promise<AdUrl[]> {
  const customerId = account.id.replace(/-/g, "");
  const yesterday = dayOf(account, now, 1);
  const [ads, costs] = await Promise.all([
    stream(ctx, customerId, AD_URLS_QUERY),
    stream(ctx, customerId, `SELECT ad_group_ad.ad.id, metrics.cost_micros FROM ad_group_ad WHERE segments.date BETWEEN '${yesterday}' AND '${yesterday}'`),
  ]);
  const costOf = new Map<string, number>();
  for (const row of costs) {
    const id = String(valueAt(row, "ad_group_ad.ad.id"));
    costOf.set(id, (costOf.get(id) ?? 0) + Number(valueAt(row, "metrics.cost_micros") ?? 0) / 1_000_000);
  }
  return ads.flatMap((row) => {
    const urls = valueAt(row, "ad_group_ad.ad.final_urls");
    const first = Array.isArray(urls) ? urls.find((u): u is string => typeof u === "string") : undefined;
    if (!first) return [];
    const id = String(valueAt(row, "ad_group_ad.ad.id"));
    // An ad's spend goes with its first final URL (the one people land on).
    return [{ url: first, campaignId: String(valueAt(row, "campaign.id") ?? ""), costYesterday: Math.round((costOf.get(id) ?? 0) * 100) / 100 }];
  });
}

export const CONVERSION_ACTIONS_QUERY =
  "SELECT conversion_action.id, conversion_action.name, conversion_action.status, conversion_action.type, metrics.conversion_last_received_request_date_time FROM conversion_action WHERE conversion_action.status != 'REMOVED'";

const QUIET_DAYS = 7;

export async function listGoogleAdsConversionTags(ctx: ConnectorContext, account: Account, now = new Date()): Promise<ConversionTag[]> {
  const rows = await stream(ctx, account.id.replace(/-/g, ""), CONVERSION_ACTIONS_QUERY);
  const oldest = dayOf(account, now, QUIET_DAYS);
  return rows.map((row) => {
    // "2026-03-01 10:22:41" in the account's timezone, absent when it never fired.
    const last = valueAt(row, "metrics.conversion_last_received_request_date_time");
    const lastView = typeof last === "string" && last ? last.slice(0, 10) : null;
    const type = String(valueAt(row, "conversion_action.type") ?? "UNKNOWN");
    let status = String(valueAt(row, "conversion_action.status") ?? "UNKNOWN");
    if (status === "ENABLED" && type === "WEBPAGE" && (!lastView || lastView < oldest)) status = "NO_RECENT_CONVERSIONS";
    return { tagId: String(valueAt(row, "conversion_action.id")), name: String(valueAt(row, "conversion_action.name") ?? ""), status, type, lastView };
  });
}

// Shopping products (product_available, decision 0515): the shopping_product resource
// (https://developers.google.com/google-ads/api/fields/v21/shopping_product). In account scope it
// returns every product of the linked Merchant Center accounts with its availability (IN_STOCK,
// OUT_OF_STOCK, PREORDER, ...) and status, metrics summed over the Shopping and Performance Max
// campaigns that include it (a date filter is allowed, date segments are not). With an equality
// filter on a campaign only the products that campaign includes are returned: a product is
// advertised when an enabled Shopping or Performance Max campaign includes it.
export const SHOPPING_CAMPAIGNS_QUERY =
  "SELECT campaign.id FROM campaign WHERE campaign.status = 'ENABLED' AND campaign.advertising_channel_type IN ('SHOPPING', 'PERFORMANCE_MAX')";
export const SHOPPING_PRODUCTS_QUERY =
  "SELECT shopping_product.merchant_center_id, shopping_product.item_id, shopping_product.title, shopping_product.availability, shopping_product.status FROM shopping_product";
export const campaignProductsQuery = (campaignId: string) => `SELECT shopping_product.merchant_center_id, shopping_product.item_id FROM shopping_product WHERE campaign.id = ${campaignId}`;
export const productCostsQuery = (day: string) => `SELECT shopping_product.merchant_center_id, shopping_product.item_id, metrics.cost_micros FROM shopping_product WHERE segments.date BETWEEN '${day}' AND '${day}'`;

const productKey = (row: GoogleAdsRow) => `${valueAt(row, "shopping_product.merchant_center_id") ?? ""}:${valueAt(row, "shopping_product.item_id") ?? ""}`;

export async function listGoogleAdsProducts(ctx: ConnectorContext, account: Account, now = new Date()): Promise<ShoppingProduct[]> {
  const customerId = account.id.replace(/-/g, "");
  const yesterday = dayOf(account, now, 1);
  const [products, campaigns, costs] = await Promise.all([
    stream(ctx, customerId, SHOPPING_PRODUCTS_QUERY),
    stream(ctx, customerId, SHOPPING_CAMPAIGNS_QUERY),
    stream(ctx, customerId, productCostsQuery(yesterday)),
  ]);
  const advertised = new Set<string>();
  for (const c of campaigns) {
    const id = String(valueAt(c, "campaign.id") ?? "");
    if (!/^\d+$/.test(id)) continue;
    for (const row of await stream(ctx, customerId, campaignProductsQuery(id))) advertised.add(productKey(row));
  }
  const costOf = new Map<string, number>();
  for (const row of costs) costOf.set(productKey(row), (costOf.get(productKey(row)) ?? 0) + Number(valueAt(row, "metrics.cost_micros") ?? 0) / 1_000_000);
  return products.map((row) => {
    const key = productKey(row);
    const cost = costOf.get(key);
    return {
      productId: key,
      title: String(valueAt(row, "shopping_product.title") ?? valueAt(row, "shopping_product.item_id") ?? ""),
      availability: String(valueAt(row, "shopping_product.availability") ?? "UNKNOWN"),
      advertised: advertised.has(key),
      costYesterday: cost === undefined ? (advertised.has(key) ? 0 : null) : Math.round(cost * 100) / 100,
    };
  });
}
