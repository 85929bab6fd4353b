// X (Twitter) Ads through Ads API v12, OAuth 1.0a user context on every request.
// https://developer.x.com/en/docs/x-ads-api
import { z } from "zod";
import { dayCount, splitDateRange } from "../../core/dates.js";
import { collectItems, paginate } from "../../core/paginate.js";
import { resolveReportRequest, type ReportCatalogue } from "../../core/report-request.js";
import { staticReportMethods } from "../shared/report-methods.js";
import type { Account, Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { classifyAdsApiError, PLATFORM } from "./errors.js";
import { DEFAULT_REPORT, FIELD_BY_ID, FIELDS_BY_REPORT, PLACEMENT_CONFIG_FIELD, REPORT_HELP, REPORTS, X_RULES, type MetricGroup } from "./fields.js";
import { assertColumnsCompatible, incompatibleWith } from "../shared/column-catalogue.js";
import { InvalidRequestError } from "../../core/errors.js";
import { ASYNC_MAX_DAYS, asyncStats, getJson, MAX_ENTITY_IDS, mergePlacements, SYNC_MAX_DAYS, syncStats, timeWindow, type Placement, type PollTuning, type StatPoint, type StatsQuery } from "./stats.js";

export const ADS_API_VERSION = "12";
const CATALOGUE: ReportCatalogue = { platform: PLATFORM, fields: FIELDS_BY_REPORT, defaultReport: DEFAULT_REPORT };

export interface TwitterAdsOptions {
  poll?: PollTuning;
}

const cursorPage = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), next_cursor: z.string().nullable().optional() });

const adAccount = z.object({ id: z.string(), name: z.string(), timezone: z.string(), deleted: z.boolean().optional(), approval_status: z.string().optional() });
const fundingInstrument = z.object({ currency: z.string(), deleted: z.boolean().optional(), entity_status: z.string().optional() });
const campaign = z.object({ id: z.string(), name: z.string(), entity_status: z.string().optional(), deleted: z.boolean().optional() });
const activeEntity = z.object({ entity_id: z.string() });

/** Every item of a cursor-paged listing (count up to 1000, then next_cursor). */
function listAll<T extends z.ZodTypeAny>(ctx: ConnectorContext, url: string, item: T, query: Record<string, string | number> = {}, account?: string): Promise<z.infer<T>[]> {
  return collectItems(
    paginate<z.infer<T>, string>(
      async (cursor) => {
        const page = await getJson(ctx, { url, query: { count: 1000, ...query, cursor }, account }, cursorPage(item));
        return { items: page.data, next: page.next_cursor };
      },
      { platform: PLATFORM },
    ),
  );
}

const chunk = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

function placementsOf(req: ReadRequest): Placement[] {
  const option = req.options?.placement;
  const value = (Array.isArray(option) ? option[0] : option) ?? "ALL_ON_TWITTER";
  if (value === "ALL") return ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"];
  if (value === "ALL_ON_TWITTER" || value === "PUBLISHER_NETWORK") return [value];
  throw new InvalidRequestError(`Unknown X Ads placement "${value}". Use ALL_ON_TWITTER, PUBLISHER_NETWORK or ALL.`);
}

function ratio(a: number | null, b: number | null): number | null {
  return a === null || b === null || b === 0 ? null : Math.round((a / b) * 1e6) / 1e6;
}

export function createTwitterAdsConnector(options: TwitterAdsOptions = {}): Connector {
  const reportMethods = staticReportMethods(CATALOGUE, REPORTS, REPORT_HELP);
  async function* readAccount(ctx: ConnectorContext, account: Account, req: ReadRequest, report: string): AsyncGenerator<RowPage> {
    const entity = REPORTS.find((r) => r.id === report)!.entity;
    const hourly = req.granularity === "hour" || req.fields.includes("hour");
    assertColumnsCompatible(PLATFORM, FIELDS_BY_REPORT[report].map((f) => f.id), req.fields, X_RULES);
    const groups = [...new Set(req.fields.flatMap((f) => FIELD_BY_ID.get(f)!.groups))] as MetricGroup[];
    const segmentField = req.fields.map((f) => FIELD_BY_ID.get(f)!).find((f) => f.segmentation);
    // Dimensions alone still need one group to learn which days had delivery.
    if (groups.length === 0) groups.push("ENGAGEMENT");

    let entityIds = [account.id];
    const campaigns = new Map<string, z.infer<typeof campaign>>();
    if (entity === "CAMPAIGN") {
      // Only campaigns that delivered in the range: X's recommended way to keep stats calls few.
      // https://developer.x.com/en/docs/x-ads-api/analytics/api-reference/active-entities
      const { startTime, endTime } = timeWindow(req.range, account.timezone);
      const active = await getJson(
        ctx,
        { url: `/stats/accounts/${account.id}/active_entities`, query: { entity: "CAMPAIGN", start_time: startTime, end_time: endTime }, account: account.id },
        z.object({ data: z.array(activeEntity) }),
      );
      entityIds = [...new Set(active.data.map((e) => e.entity_id))];
      if (entityIds.length === 0) return;
      if (req.fields.some((f) => f === "campaign_name" || f === "campaign_status")) {
        for (const c of await listAll(ctx, `/accounts/${account.id}/campaigns`, campaign, { with_deleted: "true" }, account.id)) campaigns.set(c.id, c);
      }
    }

    const placements = placementsOf(req);
    // One query per slice, id chunk and placement; the placements of a slice and chunk are adjacent.
    const queries = (maxDays: number): StatsQuery[] =>
      splitDateRange(req.range, maxDays).flatMap((range) =>
        chunk(entityIds, MAX_ENTITY_IDS).flatMap((ids) =>
          placements.map((placement) => ({ accountId: account.id, timezone: account.timezone, entity, entityIds: ids, range, granularity: hourly ? ("HOUR" as const) : ("DAY" as const), groups, placement, segmentation: segmentField?.segmentation })),
        ),
      );
    const toRow = (p: StatPoint): Row => {
      const row: Row = {};
      const c = campaigns.get(p.entityId);
      for (const id of req.fields) {
        if (id === "date") row.date = p.date;
        else if (id === "hour") row.hour = p.hour;
        else if (id === "account_id") row.account_id = account.id;
        else if (id === "account_name") row.account_name = account.name;
        else if (id === "campaign_id") row.campaign_id = p.entityId;
        else if (id === "campaign_name") row.campaign_name = c?.name ?? null;
        else if (id === "campaign_status") row.campaign_status = c ? (c.deleted ? "DELETED" : (c.entity_status ?? null)) : null;
        else if (id === "ctr") row.ctr = ratio(p.metrics.clicks, p.metrics.impressions);
        else if (id === "cpc") row.cpc = ratio(p.metrics.cost, p.metrics.clicks);
        else if (id === segmentField?.id) row[id] = p.segment ?? null;
        // A metric X left out of the answer is unknown, not 0.
        else row[id] = p.metrics[id] ?? null;
      }
      return row;
    };

    let pending: StatPoint[][] = [];
    const flush = (points: StatPoint[]): RowPage[] => {
      pending.push(points);
      if (pending.length < placements.length) return [];
      const merged = mergePlacements(pending);
      pending = [];
      return merged.length > 0 ? [{ rows: merged.map(toRow) }] : [];
    };
    if (dayCount(req.range) <= SYNC_MAX_DAYS) {
      for (const q of queries(SYNC_MAX_DAYS)) yield* flush(await syncStats(ctx, q));
      return;
    }
    // Hourly jobs over 90 days would be 2,160 steps per entity; keep them a week long.
    for await (const points of asyncStats(ctx, queries(hourly ? SYNC_MAX_DAYS : ASYNC_MAX_DAYS), options.poll)) yield* flush(points);
  }

  return {
    id: PLATFORM,
    authMethod: "oauth10A",
    timezone: "account",
    currency: "account",
    // "All analytics metrics are locked and will not change after 24 hours, with the exception of
    // billed_charge_local_micro", an estimate for up to 3 days.
    // https://developer.x.com/en/docs/ads/analytics/overview/best-practices
    restatementDays: 3,
    allowedHosts: ["ads-api.x.com", "api.x.com", "ton.twimg.com"],
    defaultBaseUrl: `https://ads-api.x.com/${ADS_API_VERSION}`,
    supportsHourly: true,
    // Synchronous stats: 250 requests per 15 minutes per user; one at a time per ad account
    // keeps a run well inside it together with the rate-limit headers.
    rateLimit: { maxConcurrent: 1 },
    oauth1: {
      requestTokenUrl: "https://api.x.com/oauth/request_token",
      authorizeUrl: "https://api.x.com/oauth/authorize",
      accessTokenUrl: "https://api.x.com/oauth/access_token",
    },
    classifyError: (response, request) => classifyAdsApiError(response, request),

    async check(ctx) {
      const page = await getJson(ctx, { url: "/accounts", query: { count: 1 } }, cursorPage(adAccount));
      return { ok: true, identity: page.data[0]?.name };
    },

    async listAccounts(ctx) {
      const accounts = (await listAll(ctx, "/accounts", adAccount)).filter((a) => !a.deleted);
      const out: Account[] = [];
      for (const a of accounts) {
        // The account object has no currency; its funding instruments do.
        const instruments = await listAll(ctx, `/accounts/${a.id}/funding_instruments`, fundingInstrument, {}, a.id);
        const live = instruments.find((f) => !f.deleted) ?? instruments[0];
        out.push({ id: a.id, name: a.name, timezone: a.timezone, currency: live?.currency ?? "USD", status: a.approval_status === "ACCEPTED" ? "active" : a.approval_status?.toLowerCase() });
      }
      return out;
    },

    ...reportMethods,
    async incompatibleFields(_ctx, { report, selected }) {
      const fields = FIELDS_BY_REPORT[report ?? DEFAULT_REPORT] ?? [];
      return incompatibleWith(fields.map((f) => f.id), selected, X_RULES);
    },
    async listConfigFields() {
      return [...(await reportMethods.listConfigFields()), PLACEMENT_CONFIG_FIELD];
    },
    async *read(ctx, req) {
      const { report } = resolveReportRequest(CATALOGUE, req);
      for (const account of req.accounts) yield* readAccount(ctx, account, req, report);
    },
  };
}

export const twitterAdsConnector = createTwitterAdsConnector();
