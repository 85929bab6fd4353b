// Display & Video 360: advertisers from the Display & Video 360 API v4 (partners, then advertisers
// with their generalConfig currency and time zone; nextPageToken paging), performance from the Bid
// Manager API v2 (https://developers.google.com/bid-manager/reference/rest/v2): a ONE_TIME STANDARD
// query filtered on the advertiser, run, polled until DONE, its CSV downloaded from Cloud Storage,
// then deleted.
import { z } from "zod";
import { collectItems, paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsFields, CPM_FIELD, wantsHourly } from "../shared/ads-family.js";
import { googleAdsFamilyConnector, googleHost, reportFileRecord, runReportFile } from "../shared/google-family.js";

const PLATFORM = "dv360";
const BID_MANAGER = "https://doubleclickbidmanager.googleapis.com/v2";

const partners = z.object({ partners: z.array(z.object({ partnerId: z.string(), displayName: z.string().optional() })).optional(), nextPageToken: z.string().optional() });
const advertisers = z.object({
  advertisers: z
    .array(z.object({ advertiserId: z.string(), displayName: z.string(), entityStatus: z.string().optional(), generalConfig: z.object({ currencyCode: z.string(), timeZone: z.string().optional() }) }))
    .optional(),
  nextPageToken: z.string().optional(),
});
const query = z.object({ queryId: z.string() });
const report = z.object({
  key: z.object({ queryId: z.string(), reportId: z.string() }),
  metadata: z.object({ status: z.object({ state: z.string(), format: z.string().optional() }), googleCloudStoragePath: z.string().optional() }),
});
type Report = z.infer<typeof report>;

/** CSV headers of the group-bys and metrics we ask for (Bid Manager writes dates as YYYY/MM/DD, in the advertiser's time zone). */
const COLUMN = {
  date: "Date",
  hour: "Time of Day",
  advertiserId: "Advertiser ID",
  advertiser: "Advertiser",
  campaignId: "Campaign ID",
  campaign: "Campaign",
  impressions: "Impressions",
  clicks: "Clicks",
  cost: "Total Media Cost (Advertiser Currency)",
  conversions: "Total Conversions",
};

function pagesOf<T>(ctx: ConnectorContext, url: string, query: Record<string, string>, schema: z.ZodType<{ nextPageToken?: string }>, pick: (page: any) => T[]) {
  return collectItems(
    paginate<T, string>(async (pageToken) => {
      const page = await ctx.http.json({ url, query: { ...query, pageSize: 200, pageToken } }, schema);
      return { items: pick(page), next: page.nextPageToken };
    }, { platform: PLATFORM }),
  );
}

const ymd = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) });

async function* performance(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, byCampaign: boolean) {
  const bm = googleHost(ctx, BID_MANAGER, "/bidmanager");
  const groupBys = ["FILTER_DATE", ...(wantsHourly(req) ? ["FILTER_TIME_OF_DAY"] : []), "FILTER_ADVERTISER", "FILTER_ADVERTISER_NAME", ...(byCampaign ? ["FILTER_MEDIA_PLAN", "FILTER_MEDIA_PLAN_NAME"] : [])];
  const rows = await runReportFile<Report>(ctx, account.id, {
    platform: PLATFORM,
    what: `the Bid Manager query for advertiser ${account.id}`,
    async create() {
      const created = await ctx.http.json(
        {
          method: "POST",
          url: `${bm}/queries`,
          account: account.id,
          json: {
            metadata: {
              title: `Signalpost ${account.id} ${range.start}..${range.end}`,
              dataRange: { range: "CUSTOM_DATES", customStartDate: ymd(range.start), customEndDate: ymd(range.end) },
              format: "CSV",
            },
            params: {
              type: "STANDARD",
              groupBys,
              filters: [{ type: "FILTER_ADVERTISER", value: account.id }],
              metrics: ["METRIC_IMPRESSIONS", "METRIC_CLICKS", "METRIC_TOTAL_MEDIA_COST_ADVERTISER", "METRIC_TOTAL_CONVERSIONS"],
            },
            schedule: { frequency: "ONE_TIME" },
          },
        },
        query,
      );
      return created.queryId;
    },
    run: (id) => ctx.http.json({ method: "POST", url: `${bm}/queries/${id}:run`, account: account.id, query: { synchronous: false }, json: {} }, report),
    poll: (id, run) => ctx.http.json({ url: `${bm}/queries/${id}/reports/${run.key.reportId}`, account: account.id }, report),
    state: (r) => (r.metadata.status.state === "DONE" ? "done" : r.metadata.status.state === "FAILED" ? { failed: "the report FAILED" } : "pending"),
    // googleCloudStoragePath is a signed URL: it must not carry our token.
    file: (r) => ({ url: r.metadata.googleCloudStoragePath ?? "", auth: false }),
    remove: async (id) => void (await ctx.http.request({ method: "DELETE", url: `${bm}/queries/${id}`, account: account.id })),
    isHeader: (cells) => cells[0] === COLUMN.date,
    // The data ends at the first blank line; totals and the report's filters follow.
    isEnd: (cells) => cells.every((c) => c === ""),
  });
  yield rows;
}

function record(r: Record<string, string>, account: Account): Row {
  return {
    ...reportFileRecord(r, COLUMN, account),
    hour: r[COLUMN.hour] === undefined || r[COLUMN.hour] === "" ? null : Number(r[COLUMN.hour]),
    account_id: r[COLUMN.advertiserId] || account.id,
    account_name: r[COLUMN.advertiser] || account.name,
  };
}

export const dv360Connector = googleAdsFamilyConnector({
  id: PLATFORM,
  displayName: "Display & Video 360",
  // Reports are in each advertiser's time zone and currency (generalConfig).
  timezone: "account",
  currency: "account",
  // Floodlight conversions land on the impression or click day for the length of the lookback
  // window, 30 days by default (https://support.google.com/displayvideo/answer/2697100).
  restatementDays: 30,
  allowedHosts: ["displayvideo.googleapis.com", "doubleclickbidmanager.googleapis.com", "storage.googleapis.com", "oauth2.googleapis.com"],
  defaultBaseUrl: "https://displayvideo.googleapis.com/v4",
  supportsHourly: true,
  // Bid Manager runs reports slowly and meters queries per project; a few at a time is plenty.
  rateLimit: { maxConcurrent: 2, minTimeMs: 200 },
  scopes: ["https://www.googleapis.com/auth/display-video", "https://www.googleapis.com/auth/doubleclickbidmanager"],

  async check(ctx) {
    const list = await pagesOf(ctx, "/partners", {}, partners, (p) => p.partners ?? []);
    return { ok: true, identity: `${list.length} Display & Video 360 partner${list.length === 1 ? "" : "s"}` };
  },
  async listAccounts(ctx) {
    const out: Account[] = [];
    for (const partner of await pagesOf<{ partnerId: string }>(ctx, "/partners", {}, partners, (p) => p.partners ?? [])) {
      const list = await pagesOf<NonNullable<z.infer<typeof advertisers>["advertisers"]>[number]>(ctx, "/advertisers", { partnerId: partner.partnerId }, advertisers, (p) => p.advertisers ?? []);
      for (const a of list) {
        out.push({ id: a.advertiserId, name: a.displayName, timezone: a.generalConfig.timeZone || "UTC", currency: a.generalConfig.currencyCode, status: a.entityStatus === "ENTITY_STATUS_ACTIVE" ? "active" : a.entityStatus?.replace("ENTITY_STATUS_", "").toLowerCase() });
      }
    }
    return out;
  },
  reports: [
    { id: "account", name: "Advertiser", description: "Advertiser totals by day or hour (Bid Manager STANDARD query).", fields: adsFields("account", { hourly: true, extra: [CPM_FIELD] }), fetch: (c, a, r, q) => performance(c, a, r, q, false), record },
    { id: "campaign", name: "Campaigns", description: "Campaign performance by day or hour (FILTER_MEDIA_PLAN).", fields: adsFields("campaign", { hourly: true, extra: [CPM_FIELD] }), fetch: (c, a, r, q) => performance(c, a, r, q, true), record },
  ],
});
