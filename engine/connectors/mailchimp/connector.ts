// Mailchimp Marketing API 3.0: audiences (lists) are the accounts; campaign reports and audience
// activity are the reports. Offset paging everywhere (count up to 1000, offset, total_items).
// https://mailchimp.com/developer/marketing/api/
import { DateTime } from "luxon";
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { memoForContext } from "../../core/context-cache.js";
import { collectItems, nextOffset, paginate } from "../../core/paginate.js";
import type { Account, CellValue, Connector, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { recordsConnector } from "../shared/records.js";
import { apiRoot, authorizeMailchimp, baseUrlForCredential, classifyMailchimpError, LOGIN_URL, PLATFORM } from "./api.js";
import { FIELDS_BY_REPORT, REPORT_HELP, REPORTS } from "./fields.js";

const PAGE = 1000;

const root = z.object({ account_id: z.string(), account_name: z.string().optional(), email: z.string().optional(), account_timezone: z.string().optional() }).passthrough();
const lists = z.object({ lists: z.array(z.object({ id: z.string(), name: z.string() })), total_items: z.number() });
const stores = z.object({ stores: z.array(z.object({ list_id: z.string(), currency_code: z.string() })), total_items: z.number() });
const report = z
  .object({
    id: z.string(),
    campaign_title: z.string().optional(),
    type: z.string().optional(),
    list_id: z.string(),
    list_name: z.string().optional(),
    subject_line: z.string().optional(),
    emails_sent: z.number(),
    abuse_reports: z.number().optional(),
    unsubscribed: z.number().optional(),
    send_time: z.string(),
    bounces: z.object({ hard_bounces: z.number(), soft_bounces: z.number() }).partial().optional(),
    opens: z.object({ opens_total: z.number(), unique_opens: z.number() }).partial().optional(),
    clicks: z.object({ clicks_total: z.number(), unique_subscriber_clicks: z.number() }).partial().optional(),
    ecommerce: z.object({ total_orders: z.number(), total_revenue: z.number() }).partial().optional(),
  })
  .passthrough();
const reports = z.object({ reports: z.array(report), total_items: z.number() });
const activity = z.object({
  activity: z.array(
    z.object({
      day: z.string(),
      emails_sent: z.number().optional(),
      unique_opens: z.number().optional(),
      recipient_clicks: z.number().optional(),
      hard_bounce: z.number().optional(),
      soft_bounce: z.number().optional(),
      subs: z.number().optional(),
      unsubs: z.number().optional(),
      other_adds: z.number().optional(),
      other_removes: z.number().optional(),
    }),
  ),
  total_items: z.number(),
});

/** Every item of an offset-paged collection. */
function offsetPages<P extends { total_items: number }, T>(ctx: ConnectorContext, url: string, schema: z.ZodType<P>, itemsOf: (page: P) => T[], query: Record<string, string> = {}, account?: string): AsyncGenerator<T[]> {
  return paginate<T, number>(
    async (offset = 0) => {
      const base = await apiRoot(ctx);
      const page = await ctx.http.json({ url: `${base}${url}`, query: { ...query, count: PAGE, offset }, account }, schema);
      const items = itemsOf(page);
      return { items, next: nextOffset(offset, items.length, PAGE, page.total_items) };
    },
    { platform: PLATFORM },
  );
}

const delivered = (g: Row) => Number(g.emails_sent ?? 0) - Number(g.hard_bounces ?? 0) - Number(g.soft_bounces ?? 0);
const DERIVED: Record<string, (group: Row) => CellValue> = {
  open_rate: (g) => ratio(g.unique_opens, delivered(g), 4),
  click_rate: (g) => ratio(g.unique_clicks, delivered(g), 4),
};

function window(range: DateRange, zone: string) {
  const iso = (d: DateTime) => d.toUTC().toISO({ suppressMilliseconds: true })!;
  return {
    since: iso(DateTime.fromISO(range.start, { zone }).startOf("day")),
    before: iso(DateTime.fromISO(range.end, { zone }).plus({ days: 1 }).startOf("day")),
  };
}

async function* campaignRecords(ctx: ConnectorContext, account: Account, range: DateRange): AsyncGenerator<Row[]> {
  const { since, before } = window(range, account.timezone);
  // /reports has no audience filter; one listing serves every audience of the read.
  const all = await memoForContext(ctx, `mailchimp-reports:${since}:${before}`, () =>
    collectItems(offsetPages(ctx, "/3.0/reports", reports, (p) => p.reports, { since_send_time: since, before_send_time: before })),
  );
  const mine = all.filter((r) => r.list_id === account.id).sort((a, b) => a.send_time.localeCompare(b.send_time));
  if (mine.length === 0) return;
  yield mine.map((r) => ({
    date: DateTime.fromISO(r.send_time, { zone: "utc" }).setZone(account.timezone).toISODate(),
    list_id: r.list_id,
    list_name: r.list_name ?? account.name,
    campaign_id: r.id,
    campaign_title: r.campaign_title ?? null,
    subject_line: r.subject_line ?? null,
    campaign_type: r.type ?? null,
    send_time: r.send_time,
    emails_sent: r.emails_sent,
    opens: r.opens?.opens_total ?? 0,
    unique_opens: r.opens?.unique_opens ?? 0,
    clicks: r.clicks?.clicks_total ?? 0,
    unique_clicks: r.clicks?.unique_subscriber_clicks ?? 0,
    hard_bounces: r.bounces?.hard_bounces ?? 0,
    soft_bounces: r.bounces?.soft_bounces ?? 0,
    unsubscribed: r.unsubscribed ?? 0,
    abuse_reports: r.abuse_reports ?? 0,
    orders: r.ecommerce?.total_orders ?? 0,
    revenue: r.ecommerce?.total_revenue ?? 0,
  }));
}

async function* activityRecords(ctx: ConnectorContext, account: Account, range: DateRange): AsyncGenerator<Row[]> {
  const pages = offsetPages(ctx, `/3.0/lists/${account.id}/activity`, activity, (p) => p.activity, {}, account.id);
  for await (const days of pages) {
    // Newest first; days are already the account's local days.
    const inRange = days.filter((d) => d.day >= range.start && d.day <= range.end).reverse();
    if (inRange.length > 0) {
      yield inRange.map((d) => ({
        date: d.day,
        list_id: account.id,
        list_name: account.name,
        emails_sent: d.emails_sent ?? 0,
        unique_opens: d.unique_opens ?? 0,
        recipient_clicks: d.recipient_clicks ?? 0,
        hard_bounces: d.hard_bounce ?? 0,
        soft_bounces: d.soft_bounce ?? 0,
        subscribes: d.subs ?? 0,
        unsubscribes: d.unsubs ?? 0,
        other_adds: d.other_adds ?? 0,
        other_removes: d.other_removes ?? 0,
      }));
    }
    if (days.length > 0 && days[days.length - 1].day < range.start) return;
  }
}

export function createMailchimpConnector(): Connector {
  return recordsConnector({
    id: PLATFORM,
    authMethod: "oauth2",
    // Many accounts connect with an API key instead (Account > Extras > API keys); api.ts signs both.
    alsoAccepts: ["api-key"],
    timezone: "account",
    currency: "account",
    // A campaign's report keeps growing after the send as recipients open and click (and orders
    // are attributed); most of it lands within weeks. Re-reading 30 days of sends catches it.
    // https://mailchimp.com/help/about-open-and-click-rates/
    restatementDays: 30,
    allowedHosts: ["login.mailchimp.com", "*.api.mailchimp.com"],
    defaultBaseUrl: LOGIN_URL,
    baseUrlFor: baseUrlForCredential,
    // Mailchimp allows 10 simultaneous connections per user.
    rateLimit: { maxConcurrent: 4 },
    oauth2: {
      // No scopes, no refresh token: Mailchimp access tokens do not expire.
      authorizeUrl: "https://login.mailchimp.com/oauth2/authorize",
      tokenUrl: "https://login.mailchimp.com/oauth2/token",
      scopes: [],
      clientAuth: "body",
    },
    authorize: authorizeMailchimp,
    classifyError: classifyMailchimpError,

    async check(ctx) {
      const base = await apiRoot(ctx);
      const account = await ctx.http.json({ url: `${base}/3.0/`, query: { fields: "account_id,account_name,email" } }, root);
      return { ok: true, identity: account.email ?? account.account_name };
    },

    async listAccounts(ctx) {
      const base = await apiRoot(ctx);
      const account = await ctx.http.json({ url: `${base}/3.0/`, query: { fields: "account_id,account_name,account_timezone" } }, root);
      const zone = account.account_timezone && DateTime.local().setZone(account.account_timezone).isValid ? account.account_timezone : "UTC";
      const audiences = await collectItems(offsetPages(ctx, "/3.0/lists", lists, (p) => p.lists, { fields: "lists.id,lists.name,total_items" }));
      // Lists carry no currency; an e-commerce store connected to the audience does.
      const shops = await collectItems(offsetPages(ctx, "/3.0/ecommerce/stores", stores, (p) => p.stores, { fields: "stores.list_id,stores.currency_code,total_items" }));
      return audiences.map((l) => ({ id: l.id, name: l.name, timezone: zone, currency: shops.find((s) => s.list_id === l.id)?.currency_code ?? "USD", status: "active" }));
    },

    reportHelp: REPORT_HELP,
    reports: REPORTS.map((r) => ({
      ...r,
      fields: FIELDS_BY_REPORT[r.id],
      // Sends sorted by time and activity oldest first: each finished day is handed on at once.
      ordered: true,
      fetch: r.id === "campaigns" ? campaignRecords : activityRecords,
      record: (row: Row) => row,
      derived: r.id === "campaigns" ? DERIVED : undefined,
    })),
  });
}

export const mailchimpConnector = createMailchimpConnector();
