// Teads through the Teads Analytics (Report) API v1 (https://developers.teads.com/ -> Report API):
// the form's API key is sent as a Bearer token; POST /v1/analytics/custom queues a report
// ({filters: {date: {start, end, timezone}}, dimensions, metrics, format: csv}), GET
// /v1/analytics/custom/{id} is polled until "finished", then the CSV at `uri` is downloaded.
// A key belongs to one Teads account, so it is the one account listed. Teads allows two running
// reports and 50 a day per key: reads ask one report per account and range (a year at most).
import { z } from "zod";
import { parseCsvObjects } from "../../core/csv-parse.js";
import { splitDateRange } from "../../core/dates.js";
import { ConnectorError } from "../../core/errors.js";
import { pollUntilDone } from "../../core/poll.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD } from "../shared/ads-family.js";
import { num } from "../shared/records.js";

const PLATFORM = "teads";
/** REPORT_PERIOD_TOO_LONG beyond a year. */
const MAX_DAYS = 366;
export const TEADS_ACCOUNT: Account = { id: "teads-account", name: "Teads account", timezone: "UTC", currency: "USD", status: "active" };

const queued = z.object({ id: z.union([z.string(), z.number()]).transform(String), status: z.string() });
const status = z.object({ status: z.string(), uri: z.string().nullish(), url: z.string().nullish(), message: z.string().nullish() });

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, byCampaign: boolean) {
  for (const slice of splitDateRange(range, MAX_DAYS)) {
    const job = await ctx.http.json({
      method: "POST",
      url: "/analytics/custom",
      account: account.id,
      json: {
        filters: { date: { start: `${slice.start}T00:00:00+00:00`, end: `${slice.end}T23:59:59+00:00`, timezone: "UTC" } },
        dimensions: ["day", ...(byCampaign ? ["campaign"] : [])],
        metrics: ["impression", "click", "teads_billing"],
        format: "csv",
      },
    }, queued);
    const done = await pollUntilDone({
      platform: PLATFORM,
      what: `report ${job.id}`,
      check: () => ctx.http.json({ url: `/analytics/custom/${job.id}`, account: account.id }, status),
      state: (s) => (s.status === "finished" ? "done" : s.status === "queued" || s.status === "processing" ? "pending" : { failed: s.message ?? s.status }),
      initialDelayMs: 2_000,
      signal: ctx.signal,
    });
    const uri = done.uri ?? done.url;
    if (!uri) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: `Teads finished report ${job.id} without a download URI.` });
    // The URI is a pre-signed file link: our key stays off it.
    const rows = parseCsvObjects((await ctx.http.request({ url: uri, auth: false, headers: { accept: "text/csv" } })).text);
    if (rows.length > 0) yield rows;
  }
}

function record(r: Record<string, string>, account: Account): Row {
  // The campaign column reads "name (id)" in Teads exports.
  const campaign = r.campaign ? /^(.*) \((\d+)\)$/.exec(r.campaign) : null;
  return {
    date: r.day?.slice(0, 10) || null,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: campaign ? campaign[2] : (r.campaign ?? null),
    campaign_name: campaign ? campaign[1] : (r.campaign ?? null),
    impressions: num(r.impression),
    clicks: num(r.click),
    cost: num(r.teads_billing),
  };
}

// Teads sells video and display reach: its reports carry no conversions.
const fields = (level: "account" | "campaign") => adsFields(level, { conversions: false, extra: [CPM_FIELD] }).filter((f) => f.id !== "campaign_status");

export const teadsConnector = adsConnector({
  id: PLATFORM,
  displayName: "Teads",
  authMethod: "api-key",
  authorize(request, credential) {
    request.headers.authorization = `Bearer ${credential.type === "api-key" ? credential.key : ""}`;
  },
  timezone: { fixed: "UTC" },
  currency: "account",
  // Billing figures are reconciled (invalid traffic removed) for a few days after delivery.
  restatementDays: 3,
  allowedHosts: ["api.teads.tv", "*.amazonaws.com"],
  defaultBaseUrl: "https://api.teads.tv/v1",
  rateLimit: { maxConcurrent: 1 },
  reconnect: "Check the Teads API key (it needs reporting rights), then reconnect the source.",
  // {status, msg: "REPORTING.ERROR.*"}
  errorMessage: (b: any) => b?.msg ?? b?.message,
  isTransient: (b) => /QUOTA_REACHED/.test(String(b?.msg ?? "")),

  async check(ctx) {
    await ctx.http.json({ url: "/analytics/running/list" });
    return { ok: true };
  },
  async listAccounts() {
    return [TEADS_ACCOUNT];
  },
  reports: [
    { id: "account", name: "Account", description: "Account totals by day.", fields: fields("account"), fetch: (ctx, a, r) => report(ctx, a, r, false), record },
    { id: "campaign", name: "Campaigns", description: "Campaign delivery by day.", fields: fields("campaign"), fetch: (ctx, a, r) => report(ctx, a, r, true), record },
  ],
});
