// GA4 properties a login can read: Admin API accountSummaries (paged by pageToken), then each
// property's timeZone and currencyCode (https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/accountSummaries/list,
// .../v1beta/properties/get).
import { z } from "zod";
import type { Account, ConnectorContext } from "../../core/types.js";
import { apiUrl } from "./urls.js";

const summariesSchema = z.object({
  accountSummaries: z
    .array(
      z.object({
        account: z.string(),
        displayName: z.string().optional(),
        propertySummaries: z.array(z.object({ property: z.string(), displayName: z.string().optional(), propertyType: z.string().optional() })).optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().optional(),
});

const propertySchema = z.object({
  name: z.string(),
  displayName: z.string().optional(),
  timeZone: z.string().optional(),
  currencyCode: z.string().optional(),
  deleteTime: z.string().optional(),
});

export interface PropertySummary {
  id: string;
  name: string;
  accountName?: string;
}

export async function listPropertySummaries(ctx: ConnectorContext, pageSize = 200): Promise<PropertySummary[]> {
  const out: PropertySummary[] = [];
  let pageToken: string | undefined;
  do {
    const page = await ctx.http.json({ url: apiUrl(ctx, "admin", "/accountSummaries"), query: { pageSize, pageToken } }, summariesSchema);
    for (const account of page.accountSummaries ?? []) {
      for (const p of account.propertySummaries ?? []) {
        out.push({ id: p.property.replace(/^properties\//, ""), name: p.displayName ?? p.property, accountName: account.displayName });
      }
    }
    pageToken = page.nextPageToken || undefined;
  } while (pageToken);
  return out;
}

export async function listProperties(ctx: ConnectorContext): Promise<Account[]> {
  const summaries = await listPropertySummaries(ctx);
  const accounts: Account[] = [];
  for (const summary of summaries) {
    const property = await ctx.http.json({ url: apiUrl(ctx, "admin", `/properties/${summary.id}`), account: summary.id }, propertySchema);
    accounts.push({
      id: summary.id,
      name: summary.accountName ? `${summary.name} (${summary.accountName})` : summary.name,
      timezone: property.timeZone ?? "UTC",
      currency: property.currencyCode ?? "USD",
      status: property.deleteTime ? "closed" : "active",
    });
  }
  return accounts;
}
