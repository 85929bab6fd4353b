// Google Business Profile: locations from the Account Management API (accounts.list,
// https://developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts/list) and
// the Business Information API (accounts.locations.list with a readMask,
// https://developers.google.com/my-business/reference/businessinformation/rest/v1/accounts.locations/list);
// daily metrics from the Performance API's locations.fetchMultiDailyMetricsTimeSeries
// (https://developers.google.com/my-business/reference/performance/rest/v1/locations/fetchMultiDailyMetricsTimeSeries);
// reviews from the v4 API, the only one that still serves them
// (https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews/list).
// Four hosts, one Google OAuth 2.0 login with the business.manage scope.
import { z } from "zod";
import { collectItems, paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { googleErrors, googleHost } from "../shared/google-family.js";
import { googleOAuth2 } from "../shared/google-api.js";
import { num, recordsConnector } from "../shared/records.js";
import { DAILY_METRICS, IMPRESSION_METRICS, PERFORMANCE_FIELDS, REPORTS, REVIEW_FIELDS, STARS } from "./fields.js";

const PLATFORM = "google-my-business";

const nextPageToken = z.string().nullish();
const accountsPage = z.object({ accounts: z.array(z.object({ name: z.string(), accountName: z.string().nullish() })).nullish(), nextPageToken });
const locationsPage = z.object({ locations: z.array(z.object({ name: z.string(), title: z.string().nullish() })).nullish(), nextPageToken });
/** Days without a value leave `value` out; values are int64 as strings. */
const multiSeries = z.object({
  multiDailyMetricTimeSeries: z
    .array(
      z.object({
        dailyMetricTimeSeries: z
          .array(
            z.object({
              dailyMetric: z.string(),
              timeSeries: z.object({ datedValues: z.array(z.object({ date: z.object({ year: z.number(), month: z.number(), day: z.number() }).nullish(), value: numberOrString.nullish() })).nullish() }).nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
});
const review = z.object({
  reviewId: z.string(),
  reviewer: z.object({ displayName: z.string().nullish(), isAnonymous: z.boolean().nullish() }).nullish(),
  starRating: z.string().nullish(),
  comment: z.string().nullish(),
  createTime: z.string(),
  updateTime: z.string().nullish(),
  reviewReply: z.object({ comment: z.string().nullish() }).nullish(),
});
type Review = z.infer<typeof review>;
const reviewsPage = z.object({ reviews: z.array(review).nullish(), nextPageToken });

const pad = (n: number) => String(n).padStart(2, "0");

/** Every item of a pageToken-paged Google listing. */
function tokenPages<B extends { nextPageToken?: string | null }, T>(ctx: ConnectorContext, url: string, query: Record<string, string | number>, page: z.ZodType<B>, itemsOf: (body: B) => T[] | null | undefined, account?: string) {
  return paginate<T, string>(
    async (pageToken) => {
      const body = await ctx.http.json({ url, query: { ...query, pageToken }, account }, page);
      return { items: itemsOf(body) ?? [], next: body.nextPageToken ?? undefined };
    },
    { platform: PLATFORM },
  );
}

/** "accounts/1/locations/2" -> the Performance API's "locations/2". */
const performanceName = (id: string) => id.slice(id.indexOf("locations/"));

async function listLocations(ctx: ConnectorContext): Promise<Account[]> {
  const am = googleHost(ctx, "https://mybusinessaccountmanagement.googleapis.com", "");
  const bi = googleHost(ctx, "https://mybusinessbusinessinformation.googleapis.com", "");
  const accounts = await collectItems(tokenPages(ctx, `${am}/v1/accounts`, { pageSize: 20 }, accountsPage, (b) => b.accounts));
  const out: Account[] = [];
  for (const account of accounts) {
    const locations = await collectItems(
      tokenPages(ctx, `${bi}/v1/${account.name}/locations`, { readMask: "name,title", pageSize: 100 }, locationsPage, (b) => b.locations),
    );
    // Metrics are counts of the location's calendar days and carry no money.
    for (const l of locations) out.push({ id: `${account.name}/${l.name}`, name: l.title ?? l.name, timezone: "UTC", currency: "USD", status: "active" });
  }
  return out;
}

async function* performance(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest): AsyncGenerator<Row[]> {
  const wanted = req.fields.flatMap((f) => (f === "impressions" ? IMPRESSION_METRICS : DAILY_METRICS[f] ? [f] : []));
  const metrics = [...new Set(wanted.length > 0 ? wanted : ["website_clicks"])];
  const [sy, sm, sd] = range.start.split("-").map(Number);
  const [ey, em, ed] = range.end.split("-").map(Number);
  // dailyMetrics is a repeated enum: one query parameter per value (the client joins arrays with commas).
  const repeated = new URLSearchParams(metrics.map((m) => ["dailyMetrics", DAILY_METRICS[m]]));
  const host = googleHost(ctx, "https://businessprofileperformance.googleapis.com", "");
  const body = await ctx.http.json({
    url: `${host}/v1/${performanceName(account.id)}:fetchMultiDailyMetricsTimeSeries?${repeated}`,
    account: account.id,
    query: {
      "dailyRange.startDate.year": sy,
      "dailyRange.startDate.month": sm,
      "dailyRange.startDate.day": sd,
      "dailyRange.endDate.year": ey,
      "dailyRange.endDate.month": em,
      "dailyRange.endDate.day": ed,
    },
  }, multiSeries);
  const byMetric = new Map(Object.entries(DAILY_METRICS).map(([id, api]) => [api, id]));
  const days = new Map<string, Row>();
  for (const group of body.multiDailyMetricTimeSeries ?? []) {
    for (const series of group.dailyMetricTimeSeries ?? []) {
      const field = byMetric.get(series.dailyMetric);
      if (!field) continue;
      for (const v of series.timeSeries?.datedValues ?? []) {
        if (!v.date) continue;
        const date = `${v.date.year}-${pad(v.date.month)}-${pad(v.date.day)}`;
        let row = days.get(date);
        if (!row) days.set(date, (row = { date, location_id: account.id, location_name: account.name }));
        row[field] = num(v.value);
      }
    }
  }
  const rows = [...days.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  for (const row of rows) {
    for (const m of metrics) row[m] ??= 0;
    if (metrics.some((m) => IMPRESSION_METRICS.includes(m))) row.impressions = IMPRESSION_METRICS.reduce((s, m) => s + num(row[m]), 0);
  }
  if (rows.length > 0) yield rows;
}

function reviews(pageSize: number) {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange): AsyncGenerator<Review[]> {
    const host = googleHost(ctx, "https://mybusiness.googleapis.com", "");
    const pages = tokenPages(ctx, `${host}/v4/${account.id}/reviews`, { pageSize, orderBy: "updateTime desc" }, reviewsPage, (b) => b.reviews, account.id);
    for await (const page of pages) {
      yield page;
      // Newest update first; a review updated before the range was also created before it.
      if ((page[page.length - 1].updateTime ?? page[page.length - 1].createTime) < `${range.start}T00:00:00Z`) return;
    }
  };
}

export function createGoogleMyBusinessConnector(opts: { reviewPageSize?: number } = {}) {
  return recordsConnector({
    id: PLATFORM,
    authMethod: "oauth2",
    oauth2: googleOAuth2(["https://www.googleapis.com/auth/business.manage"]),
    classifyError: googleErrors(PLATFORM, "Google Business Profile"),
    timezone: "account",
    currency: "none",
    // Performance figures of a day keep arriving for several days ("it may take a few days for
    // the data to appear", https://support.google.com/business/answer/9918224), and reviews are
    // edited or replied to after the fact: re-read a week.
    restatementDays: 7,
    allowedHosts: ["businessprofileperformance.googleapis.com", "mybusinessaccountmanagement.googleapis.com", "mybusinessbusinessinformation.googleapis.com", "mybusiness.googleapis.com", "oauth2.googleapis.com"],
    defaultBaseUrl: "https://businessprofileperformance.googleapis.com",
    // Business Profile APIs default to 300 queries per minute per project
    // (https://developers.google.com/my-business/content/limits).
    rateLimit: { maxConcurrent: 2, reservoir: { amount: 5, intervalMs: 1000 } },
    async check(ctx) {
      const locations = await listLocations(ctx);
      return { ok: true, identity: `${locations.length} Business Profile location${locations.length === 1 ? "" : "s"}` };
    },
    listAccounts: listLocations,
    reportHelp: "Daily performance metrics or reviews.",
    reports: [
      { ...REPORTS[0], fields: PERFORMANCE_FIELDS, fetch: performance, record: (row: Row) => row },
      {
        ...REPORTS[1],
        fields: REVIEW_FIELDS,
        fetch: reviews(opts.reviewPageSize ?? 50),
        record: (r: Review, account: Account): Row => ({
          date: r.createTime.slice(0, 10),
          location_id: account.id,
          location_name: account.name,
          review_id: r.reviewId,
          reviewer: r.reviewer?.isAnonymous ? null : (r.reviewer?.displayName ?? null),
          comment: r.comment ?? null,
          reply: r.reviewReply?.comment ?? null,
          replied: Boolean(r.reviewReply?.comment),
          reviews: 1,
          star_rating: STARS[r.starRating ?? ""] ?? null,
        }),
      },
    ],
  });
}

export const googleMyBusinessConnector = createGoogleMyBusinessConnector();
