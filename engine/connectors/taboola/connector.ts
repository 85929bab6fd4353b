// Taboola through the Backstage API 1.0 (https://developers.taboola.com/backstage-api/docs): the
// form's client id/secret are exchanged for a 12-hour token (client credentials grant, POST
// /backstage/oauth/token), accounts come from /users/current/allowed-accounts and rows from the
// Campaign Summary report, GET /{account_id}/reports/campaign-summary/dimensions/{dimension}
// (day, campaign_day_breakdown, campaign_hour_breakdown), in the account's time zone.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD, slices, wantsHourly } from "../shared/ads-family.js";
import { clientCredentialsSession, isTokenRefusal } from "../shared/ads-session.js";
import { num } from "../shared/records.js";

const PLATFORM = "taboola";
/** The hour breakdown is kept to a week per request; day breakdowns to a quarter. */
const MAX_DAYS = { day: 92, hour: 7 };

// The API lives under /backstage/api/1.0 and the token endpoint under /backstage/oauth.
const session = clientCredentialsSession({
  platform: PLATFORM,
  displayName: "Taboola",
  tokenPath: "/backstage/oauth/token",
  credentials: (ctx) => ({ clientId: credentialOption(ctx.credential, "clientId"), clientSecret: credentialOption(ctx.credential, "clientSecret") }),
});

const allowedAccounts = z.object({
  results: z.array(z.object({ account_id: z.string(), name: z.string(), currency: z.string().nullish(), time_zone_name: z.string().nullish(), partner_types: z.array(z.string()).nullish() }).passthrough()),
});
const summary = z.object({ results: z.array(z.record(z.string(), z.unknown())) });

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, byCampaign: boolean) {
  const hourly = wantsHourly(req);
  const dimension = hourly ? "campaign_hour_breakdown" : byCampaign ? "campaign_day_breakdown" : "day";
  for (const slice of slices(range, req, MAX_DAYS)) {
    // campaign_hour_breakdown wants a date and time, in the account's zone (changelog 2023).
    const query = hourly ? { start_date: `${slice.start}T00:00:00`, end_date: `${slice.end}T23:59:59` } : { start_date: slice.start, end_date: slice.end };
    const body = await session.json(ctx, { url: `/${encodeURIComponent(account.id)}/reports/campaign-summary/dimensions/${dimension}`, account: account.id, query }, summary);
    if (body.results.length > 0) yield body.results.map((r) => ({ ...r, _byCampaign: byCampaign }));
  }
}

function record(r: Record<string, unknown>, account: Account): Row {
  // "2025-03-01 00:00:00.0" for days, "2025-03-01 13:00:00.0" for hours.
  const when = String(r.date ?? "");
  const byCampaign = r._byCampaign === true;
  return {
    date: when.slice(0, 10) || null,
    hour: /^\d{4}-\d{2}-\d{2}[ T](\d{2})/.test(when) ? Number(when.slice(11, 13)) : null,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    // The hour breakdown is per campaign; the account report sums it.
    campaign_id: byCampaign && r.campaign !== undefined ? String(r.campaign) : null,
    campaign_name: byCampaign && r.campaign_name !== undefined ? String(r.campaign_name) : null,
    impressions: num(r.impressions),
    clicks: num(r.clicks),
    cost: num(r.spent),
    conversions: num(r.cpa_actions_num),
    conversion_value: num(r.conversions_value),
  };
}

const fields = (level: "account" | "campaign") => adsFields(level, { hourly: true, conversionValue: true, extra: [CPM_FIELD] }).filter((f) => f.id !== "campaign_status");

export const taboolaConnector = adsConnector({
  id: PLATFORM,
  displayName: "Taboola",
  authMethod: "api-key",
  authorize: () => {},
  timezone: "account",
  currency: "account",
  // Taboola revises data during its billing cycle (click fraud, billing guarantees) and advises
  // re-reading a month on the 5th of the next: up to 35 days back.
  // https://developers.taboola.com/backstage-api/docs/campaign-summary-report-overview
  restatementDays: 35,
  allowedHosts: ["backstage.taboola.com"],
  defaultBaseUrl: "https://backstage.taboola.com/backstage/api/1.0",
  supportsHourly: true,
  rateLimit: { maxConcurrent: 2 },
  reconnect: "Check the client id and secret Taboola issued for the API, then reconnect the source.",
  // {http_status, message, offending_field} on the API, {error, error_description} at the token endpoint.
  errorMessage: (b: any) => b?.message ?? b?.error_description ?? (typeof b?.error === "string" ? b.error : undefined),
  isAuthError: (b) => isTokenRefusal(b),

  async check(ctx) {
    const { results } = await session.json(ctx, { url: "/users/current/allowed-accounts" }, allowedAccounts);
    return { ok: true, identity: results[0]?.name };
  },
  async listAccounts(ctx) {
    const { results } = await session.json(ctx, { url: "/users/current/allowed-accounts" }, allowedAccounts);
    // Publisher accounts have no campaigns to report on.
    return results
      .filter((a) => !a.partner_types || a.partner_types.includes("ADVERTISER"))
      .map((a) => ({ id: a.account_id, name: a.name, timezone: a.time_zone_name || "America/New_York", currency: a.currency || "USD", status: "active" }));
  },
  reports: [
    { id: "account", name: "Account", description: "Account totals by day or hour (Campaign Summary report).", fields: fields("account"), fetch: (ctx, a, r, req) => report(ctx, a, r, req, false), record },
    { id: "campaign", name: "Campaigns", description: "Campaign performance by day or hour (Campaign Summary report).", fields: fields("campaign"), fetch: (ctx, a, r, req) => report(ctx, a, r, req, true), record },
  ],
});
