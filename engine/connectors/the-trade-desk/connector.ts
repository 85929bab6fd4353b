// The Trade Desk through the REST API v3 (https://partner.thetradedesk.com/v3/portal/api/doc/):
// POST /authentication turns the form's login and password into a token sent as TTD-Auth;
// partners (POST /partner/query) and their advertisers (POST /advertiser/query/partner) page with
// PageStartIndex/PageSize against ResultCount; rows come from MyReports: a one-off report schedule
// (POST /myreports/reportschedule on the product's report template), whose execution is polled
// (POST /myreports/reportexecution/query/advertisers) until Complete, then its CSV delivery.
import { z } from "zod";
import { parseCsvObjects } from "../../core/csv-parse.js";
import { DateTime } from "luxon";
import { splitDateRange } from "../../core/dates.js";
import { ConnectorError } from "../../core/errors.js";
import { collectItems, nextOffset, paginate } from "../../core/paginate.js";
import { pollUntilDone } from "../../core/poll.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD } from "../shared/ads-family.js";
import { sessionClient } from "../shared/ads-session.js";
import { num } from "../shared/records.js";

const PLATFORM = "the-trade-desk";
const PAGE_SIZE = 100;

const session = sessionClient({
  platform: PLATFORM,
  async login(ctx) {
    const { key: login, secret: password } = ctx.credential.type === "api-key" ? ctx.credential : { key: "", secret: "" };
    if (!login || !password) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The Trade Desk needs the API login and password. Reconnect the source." });
    const body = await ctx.http.json({ method: "POST", url: "/authentication", auth: false, json: { Login: login, Password: password, TokenExpirationInMinutes: 1440 } }, z.object({ Token: z.string().nullish() }));
    if (!body.Token) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The Trade Desk answered the login without a Token." });
    return { token: body.Token, expiresIn: 1440 * 60 };
  },
  headers: (token) => ({ "ttd-auth": token }),
});

const paged = <T extends z.ZodTypeAny>(item: T) => z.object({ Result: z.array(item), ResultCount: z.number().nullish() });
const partner = z.object({ PartnerId: z.string(), PartnerName: z.string().nullish() }).passthrough();
const advertiser = z.object({ AdvertiserId: z.string(), AdvertiserName: z.string(), CurrencyCode: z.string().nullish(), Availability: z.string().nullish() }).passthrough();
const execution = z.object({ ReportExecutionState: z.string(), ReportDeliveries: z.array(z.object({ DownloadURL: z.string().nullish() })).nullish() }).passthrough();

function queryAll<T>(ctx: ConnectorContext, url: string, body: Record<string, unknown>, schema: z.ZodType<{ Result: T[]; ResultCount?: number | null }>): Promise<T[]> {
  return collectItems(
    paginate<T, number>(async (start = 0) => {
      const page = await session.json(ctx, { method: "POST", url, json: { ...body, PageStartIndex: start, PageSize: PAGE_SIZE } }, schema);
      return { items: page.Result, next: nextOffset(start, page.Result.length, PAGE_SIZE, page.ResultCount ?? undefined) };
    }, { platform: PLATFORM }),
  );
}

/** One report per month: a failed execution is redone alone and files stay small. */
const DAYS_PER_REPORT = 31;

async function* report(ctx: ConnectorContext, account: Account, range: DateRange) {
  for (const slice of splitDateRange(range, DAYS_PER_REPORT)) yield* reportOnce(ctx, account, slice);
}

async function* reportOnce(ctx: ConnectorContext, account: Account, range: DateRange) {
  const template = ctx.app?.extra?.reportTemplateId;
  if (!template) {
    throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The Trade Desk report template is not configured on this server (THE_TRADE_DESK_REPORT_TEMPLATE_ID)." });
  }
  const schedule = await session.json(ctx, {
    method: "POST",
    url: "/myreports/reportschedule",
    account: account.id,
    json: {
      ReportScheduleName: `Signalpost ${account.id} ${range.start}..${range.end}`,
      ReportTemplateId: Number(template),
      ReportFileFormat: "CSV",
      ReportDateRange: "Custom",
      ReportStartDateInclusive: `${range.start}T00:00:00`,
      ReportEndDateExclusive: `${DateTime.fromISO(range.end, { zone: "UTC" }).plus({ days: 1 }).toISODate()}T00:00:00`,
      TimeZone: "UTC",
      ReportDateFormat: "International",
      ReportNumericFormat: "US",
      IncludeHeaders: true,
      ReportFrequency: "Once",
      AdvertiserFilters: [account.id],
    },
  }, z.object({ ReportScheduleId: z.union([z.number(), z.string()]) }));
  const done = await pollUntilDone({
    platform: PLATFORM,
    what: `report schedule ${schedule.ReportScheduleId}`,
    check: async () => {
      const page = await session.json(ctx, { method: "POST", url: "/myreports/reportexecution/query/advertisers", account: account.id, json: { AdvertiserIds: [account.id], ReportScheduleIds: [schedule.ReportScheduleId], PageStartIndex: 0, PageSize: 1 } }, paged(execution));
      return page.Result[0];
    },
    state: (e) => (e?.ReportExecutionState === "Complete" ? "done" : e?.ReportExecutionState === "Failed" ? { failed: "the report execution failed" } : "pending"),
    signal: ctx.signal,
  });
  const url = done?.ReportDeliveries?.[0]?.DownloadURL;
  if (!url) return;
  const rows = parseCsvObjects(await session.text(ctx, { url, account: account.id, headers: { accept: "text/csv" } }));
  if (rows.length > 0) yield rows;
}

function record(r: Record<string, string>, account: Account): Row {
  return {
    date: r.Date ? r.Date.slice(0, 10) : null,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: r["Campaign ID"] ?? null,
    campaign_name: r.Campaign ?? null,
    impressions: num(r.Impressions),
    clicks: num(r.Clicks),
    cost: num(r["Advertiser Cost (Adv Currency)"]),
    conversions: num(r["Total Click + View Conversions"]),
  };
}

const fields = (level: "account" | "campaign") => adsFields(level, { extra: [CPM_FIELD] }).filter((f) => f.id !== "campaign_status");

export const theTradeDeskConnector = adsConnector({
  id: PLATFORM,
  displayName: "The Trade Desk",
  authMethod: "api-key",
  authorize: () => {},
  // Reports are asked in UTC; money in the advertiser's currency ("Adv Currency" columns).
  timezone: { fixed: "UTC" },
  currency: "account",
  // Conversions are attributed within the tracking tag's lookback (30 days by default), so a day
  // keeps gaining conversions for a month. https://partner.thetradedesk.com/v3/portal/api/doc/MyReports
  restatementDays: 30,
  allowedHosts: ["api.thetradedesk.com"],
  defaultBaseUrl: "https://api.thetradedesk.com/v3",
  rateLimit: { maxConcurrent: 2 },
  reconnect: "Check the API login and password of The Trade Desk, then reconnect the source.",
  // {Message, ErrorDetails: [{Property, Reasons}]}
  errorMessage: (b: any) => b?.Message ?? b?.message,

  async check(ctx) {
    const partners = await queryAll(ctx, "/partner/query", {}, paged(partner));
    return { ok: true, identity: partners[0]?.PartnerName ?? undefined };
  },
  async listAccounts(ctx) {
    const out: Account[] = [];
    for (const p of await queryAll(ctx, "/partner/query", {}, paged(partner))) {
      for (const a of await queryAll(ctx, "/advertiser/query/partner", { PartnerId: p.PartnerId }, paged(advertiser))) {
        out.push({ id: a.AdvertiserId, name: a.AdvertiserName, timezone: "UTC", currency: a.CurrencyCode || "USD", status: a.Availability === "Archived" ? "closed" : "active" });
      }
    }
    return out;
  },
  reports: [
    {
      id: "campaign",
      name: "Campaigns",
      description: "Campaign performance by day (MyReports, the product's template).",
      fields: fields("campaign"),
      fetch: (ctx, a, r) => report(ctx, a, r),
      record,
    },
  ],
});
