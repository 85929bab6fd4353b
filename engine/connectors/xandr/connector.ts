// Xandr (Microsoft Invest) through the API at api.appnexus.com (https://learn.microsoft.com/en-us/xandr/digital-platform-api/):
// POST /auth with the form's username and password answers a 2-hour token sent as the bare
// Authorization header; advertisers page with start_element/num_elements against count; rows come
// from the report service: POST /report?advertiser_id= (advertiser_analytics, csv), GET
// /report?id= until execution_status is ready, then GET /report-download?id=.
import { DateTime } from "luxon";
import { z } from "zod";
import { parseCsvObjects } from "../../core/csv-parse.js";
import { ConnectorError } from "../../core/errors.js";
import { collectItems, nextOffset, paginate } from "../../core/paginate.js";
import { pollUntilDone } from "../../core/poll.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD, slices, wantsHourly } from "../shared/ads-family.js";
import { sessionClient } from "../shared/ads-session.js";
import { num } from "../shared/records.js";

const PLATFORM = "xandr";
const PAGE_SIZE = 100;
const MAX_DAYS = { day: 31, hour: 7 };

const session = sessionClient({
  platform: PLATFORM,
  async login(ctx) {
    const { key: username, secret: password } = ctx.credential.type === "api-key" ? ctx.credential : { key: "", secret: "" };
    if (!username || !password) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Xandr needs the API username and password. Reconnect the source." });
    const body = await ctx.http.json({ method: "POST", url: "/auth", auth: false, json: { auth: { username, password } } }, z.object({ response: z.object({ token: z.string().nullish() }).nullish() }));
    if (!body.response?.token) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "Xandr answered the login without a token." });
    return { token: body.response.token, expiresIn: 2 * 3600 };
  },
  headers: (token) => ({ authorization: token }),
});

const advertisers = z.object({
  response: z.object({ count: z.number().nullish(), advertisers: z.array(z.object({ id: z.number(), name: z.string(), state: z.string().nullish(), timezone: z.string().nullish(), default_currency: z.string().nullish() }).passthrough()).nullish() }),
});
const created = z.object({ response: z.object({ report_id: z.string() }) });
const status = z.object({ response: z.object({ execution_status: z.string().nullish(), report: z.object({ url: z.string().nullish() }).passthrough().nullish() }) });

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, byCampaign: boolean) {
  const hourly = wantsHourly(req);
  const columns = [hourly ? "hour" : "day", ...(byCampaign ? ["campaign_id", "campaign_name"] : []), "imps", "clicks", "cost", "total_convs", "total_revenue"];
  for (const slice of slices(range, req, MAX_DAYS)) {
    const job = await session.json(ctx, {
      method: "POST",
      url: "/report",
      query: { advertiser_id: account.id },
      account: account.id,
      json: {
        report: {
          report_type: "advertiser_analytics",
          columns,
          // end_date is exclusive; both are in `timezone`.
          start_date: `${slice.start} 00:00:00`,
          end_date: `${DateTime.fromISO(slice.end).plus({ days: 1 }).toISODate()} 00:00:00`,
          timezone: account.timezone,
          format: "csv",
        },
      },
    }, created);
    const id = job.response.report_id;
    await pollUntilDone({
      platform: PLATFORM,
      what: `report ${id}`,
      check: () => session.json(ctx, { url: "/report", query: { id }, account: account.id }, status),
      state: (s) => (s.response.execution_status === "ready" ? "done" : s.response.execution_status === "error" ? { failed: "the report failed" } : "pending"),
      signal: ctx.signal,
    });
    const rows = parseCsvObjects(await session.text(ctx, { url: "/report-download", query: { id }, account: account.id, headers: { accept: "text/csv" } }));
    if (rows.length > 0) yield rows;
  }
}

function record(r: Record<string, string>, account: Account): Row {
  const when = r.hour ?? r.day ?? "";
  return {
    date: when.slice(0, 10) || null,
    hour: r.hour ? Number(r.hour.slice(11, 13)) : null,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: r.campaign_id ?? null,
    campaign_name: r.campaign_name ?? null,
    impressions: num(r.imps),
    clicks: num(r.clicks),
    cost: num(r.cost),
    conversions: num(r.total_convs),
    conversion_value: num(r.total_revenue),
  };
}

const fields = (level: "account" | "campaign") => adsFields(level, { hourly: true, conversionValue: true, extra: [CPM_FIELD] }).filter((f) => f.id !== "campaign_status");

export const xandrConnector = adsConnector({
  id: PLATFORM,
  displayName: "Xandr",
  authMethod: "api-key",
  authorize: () => {},
  timezone: "account",
  currency: "account",
  // Conversions are attributed within the pixel's post-click window (up to 30 days).
  // https://learn.microsoft.com/en-us/xandr/invest/conversion-attribution
  restatementDays: 30,
  allowedHosts: ["api.appnexus.com"],
  defaultBaseUrl: "https://api.appnexus.com",
  supportsHourly: true,
  // The API allows 100 reads a minute per user (https://learn.microsoft.com/en-us/xandr/digital-platform-api/api-usage-constraints).
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 100, intervalMs: 60_000 } },
  reconnect: "Check the Xandr API username and password, then reconnect the source.",
  // {response: {status: "error", error_id: "NOAUTH", error, error_description}}; NOAUTH can come with HTTP 200.
  errorMessage: (b: any) => b?.response?.error ?? b?.response?.error_description,
  isAuthError: (b) => b?.response?.error_id === "NOAUTH" || b?.response?.error_id === "UNAUTH",

  async check(ctx) {
    const first = await session.json(ctx, { url: "/advertiser", query: { start_element: 0, num_elements: 1 } }, advertisers);
    return { ok: true, identity: first.response.advertisers?.[0]?.name };
  },
  async listAccounts(ctx) {
    const list = await collectItems(
      paginate<NonNullable<z.infer<typeof advertisers>["response"]["advertisers"]>[number], number>(async (start = 0) => {
        const page = await session.json(ctx, { url: "/advertiser", query: { start_element: start, num_elements: PAGE_SIZE } }, advertisers);
        const items = page.response.advertisers ?? [];
        return { items, next: nextOffset(start, items.length, PAGE_SIZE, page.response.count ?? undefined) };
      }, { platform: PLATFORM }),
    );
    return list.map((a) => ({ id: String(a.id), name: a.name, timezone: a.timezone || "America/New_York", currency: a.default_currency || "USD", status: a.state === "inactive" ? "disabled" : "active" }));
  },
  reports: [
    { id: "account", name: "Advertiser", description: "Advertiser totals by day or hour (advertiser_analytics).", fields: fields("account"), fetch: (ctx, a, r, req) => report(ctx, a, r, req, false), record },
    { id: "campaign", name: "Campaigns", description: "Campaign performance by day or hour (advertiser_analytics).", fields: fields("campaign"), fetch: (ctx, a, r, req) => report(ctx, a, r, req, true), record },
  ],
});
