// Outbrain DSP (formerly Zemanta) through the One API REST v1 (https://dev.zemanta.com/one/api/):
// the form's client id/secret are exchanged at POST /o/token/ (client credentials, HTTP Basic) for
// a 10-hour Bearer token; accounts come from /rest/v1/accounts/, and rows from asynchronous
// reports: POST /rest/v1/reports/ (fields + Date/Account Id filters), GET /rest/v1/reports/{id}/
// until DONE, then the CSV at `result` (a signed storage URL, fetched without our token).
import { z } from "zod";
import { parseCsvObjects } from "../../core/csv-parse.js";
import { splitDateRange } from "../../core/dates.js";
import { ConnectorError } from "../../core/errors.js";
import { pollUntilDone } from "../../core/poll.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD } from "../shared/ads-family.js";
import { isTokenRefusal, sessionClient, clientCredentialsToken } from "../shared/ads-session.js";
import { num } from "../shared/records.js";

const PLATFORM = "outbrain-dsp";

const session = sessionClient({
  platform: PLATFORM,
  async login(ctx) {
    const { key, secret } = ctx.credential.type === "api-key" ? ctx.credential : { key: "", secret: "" };
    if (!key || !secret) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Outbrain DSP needs the API client id and secret. Reconnect the source." });
    // RFC 6749 §2.3.1 Basic client authentication is what /o/token/ documents.
    return clientCredentialsToken(ctx, PLATFORM, new URL("/o/token/", ctx.http.baseUrl).toString(), key, secret, {}, "basic");
  },
  headers: (token) => ({ authorization: `Bearer ${token}` }),
});

const accounts = z.object({ data: z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), name: z.string(), currency: z.string().nullish(), archived: z.boolean().nullish() }).passthrough()) });
const job = z.object({ data: z.object({ id: z.union([z.string(), z.number()]).transform(String), status: z.string(), result: z.string().nullish() }) });

/** One report job per month keeps files small and lets a failed job be redone alone. */
const DAYS_PER_JOB = 31;

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, byCampaign: boolean) {
  for (const slice of splitDateRange(range, DAYS_PER_JOB)) yield* reportJob(ctx, account, slice, byCampaign);
}

async function* reportJob(ctx: ConnectorContext, account: Account, range: DateRange, byCampaign: boolean) {
  const columns = ["Day", ...(byCampaign ? ["Campaign Id", "Campaign", "Campaign Status"] : []), "Impressions", "Clicks", "Total Spend"];
  const created = await session.json(ctx, {
    method: "POST",
    url: "/rest/v1/reports/",
    account: account.id,
    json: {
      fields: columns.map((field) => ({ field })),
      filters: [
        { field: "Date", operator: "between", from: range.start, to: range.end },
        { field: "Account Id", operator: "=", value: account.id },
      ],
      options: { showArchived: true, includeTotals: false, includeItemsWithNoSpend: false },
    },
  }, job);
  const done = await pollUntilDone({
    platform: PLATFORM,
    what: `report ${created.data.id}`,
    check: () => session.json(ctx, { url: `/rest/v1/reports/${created.data.id}/`, account: account.id }, job),
    state: (j) => (j.data.status === "DONE" ? "done" : j.data.status === "FAILED" ? { failed: "the report job failed" } : "pending"),
    signal: ctx.signal,
  });
  if (!done.data.result) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: `Outbrain DSP finished report ${done.data.id} without a result URL.` });
  const csv = await ctx.http.request({ url: done.data.result, auth: false, headers: { accept: "text/csv" } });
  const rows = parseCsvObjects(csv.text);
  if (rows.length > 0) yield rows;
}

function record(r: Record<string, string>, account: Account): Row {
  return {
    date: r.Day?.slice(0, 10) || null,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: r["Campaign Id"] ?? null,
    campaign_name: r.Campaign ?? null,
    campaign_status: r["Campaign Status"] ?? null,
    impressions: num(r.Impressions),
    clicks: num(r.Clicks),
    cost: num(r["Total Spend"]),
  };
}

// Conversion columns are named per pixel and window ("Purchase - 7 days click"), so the shared
// conversions field is not offered.
const fields = (level: "account" | "campaign") => adsFields(level, { conversions: false, extra: [CPM_FIELD] });

export const outbrainDspConnector = adsConnector({
  id: PLATFORM,
  displayName: "Outbrain DSP",
  authMethod: "api-key",
  authorize: () => {},
  // Reporting days are on the platform's Eastern Time clock; money in the account currency.
  timezone: "account",
  currency: "account",
  // Spend is final within a few days but late impression/click reconciliation from exchanges can
  // move the last 7 days. https://help.outbrain.com/hc/en-us (DSP reporting FAQ)
  restatementDays: 7,
  allowedHosts: ["oneapi.zemanta.com", "*.amazonaws.com"],
  defaultBaseUrl: "https://oneapi.zemanta.com",
  rateLimit: { maxConcurrent: 2 },
  reconnect: "Check the API client id and secret of the Outbrain DSP credentials, then reconnect the source.",
  // {errorCode, details} on the REST API, {error} at /o/token/.
  errorMessage: (b: any) => (b?.details ? `${b.errorCode ?? "error"}: ${typeof b.details === "string" ? b.details : JSON.stringify(b.details)}` : typeof b?.error === "string" ? b.error : undefined),
  isAuthError: (b) => isTokenRefusal(b),

  async check(ctx) {
    const { data } = await session.json(ctx, { url: "/rest/v1/accounts/" }, accounts);
    return { ok: true, identity: data[0]?.name };
  },
  async listAccounts(ctx) {
    const { data } = await session.json(ctx, { url: "/rest/v1/accounts/" }, accounts);
    return data.map((a) => ({ id: a.id, name: a.name, timezone: "America/New_York", currency: a.currency || "USD", status: a.archived ? "closed" : "active" }));
  },
  reports: [
    { id: "account", name: "Account", description: "Account totals by day.", fields: fields("account"), fetch: (ctx, a, r) => report(ctx, a, r, false), record },
    { id: "campaign", name: "Campaigns", description: "Campaign performance by day.", fields: fields("campaign"), fetch: (ctx, a, r) => report(ctx, a, r, true), record },
  ],
});
