// The demo platform: a normal connector whose "API" is the seeded model in model.ts, so every
// screen and workflow works offline with believable, reproducible numbers.
import { DateTime } from "luxon";
import { eachDay } from "../../core/dates.js";
import { ConnectorError, InvalidRequestError, UnknownFieldError } from "../../core/errors.js";
import { matchesFilters } from "../../core/filters.js";
import { paginateRows } from "../../core/pages.js";
import type { Account, CellValue, Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { DEFAULT_REPORT, DEMO_CONFIG_FIELDS, DEMO_FIELDS, DEMO_REPORTS } from "./fields.js";
import {
  adGroupDay,
  adGroupHours,
  campaignsOf,
  DEMO_ACCOUNTS,
  DEMO_RESTATEMENT_DAYS,
  demoConversionTags,
  demoDomains,
  demoLandingPages,
  demoProducts,
  orderLines,
  reportedAtAge,
} from "./model.js";

export const DEMO_PAGE_SIZE = 500;

interface Line {
  dims: Row;
  sums: Record<string, number>;
  orderId?: string;
}

interface Group {
  dims: Row;
  sums: Record<string, number>;
  orders: Set<string>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const NO_DIMS: Row = {};
const NO_ORDERS = new Set<string>();

function reportOf(req: ReadRequest): string {
  const option = req.options?.report;
  const report = (Array.isArray(option) ? option[0] : option) ?? DEFAULT_REPORT;
  if (!DEMO_FIELDS[report]) {
    throw new InvalidRequestError(`Unknown demo report "${report}". Use one of ${DEMO_REPORTS.map((r) => r.id).join(", ")}.`);
  }
  return report;
}

/** The finest-grain lines of one account's day (ad group × hour, or order line), as reported at `age` days old. */
function* linesOf(report: string, account: Account, date: string, hourly: boolean, lastHour: number, age: number): Generator<Line> {
  const base = { date, account_id: account.id, account_name: account.name };
  if (report === "ecommerce") {
    for (const line of orderLines(account, date)) {
      if (line.hour > lastHour) continue;
      yield {
        dims: { ...base, hour: line.hour, order_id: line.order_id, product: line.product, product_category: line.product_category },
        sums: { items: line.items, revenue: line.revenue },
        orderId: line.order_id,
      };
    }
    return;
  }
  for (const campaign of campaignsOf(account.id)) {
    for (const adGroup of campaign.adGroups) {
      // Object literals of one shape (no spreads): these are the demo's hottest lines. The sums
      // are fresh objects of this line alone (grouping adds them into the group's own).
      const dimsAt = (hour: number | null): Row => ({
        date,
        account_id: account.id,
        account_name: account.name,
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        campaign_status: campaign.status,
        ad_group_id: adGroup.id,
        ad_group_name: adGroup.name,
        hour,
      });
      const day = reportedAtAge(account, date, adGroup, adGroupDay(account, date, campaign, adGroup), age);
      if (!hourly && lastHour >= 23) {
        yield { dims: dimsAt(null), sums: { ...day } };
        continue;
      }
      const hours = adGroupHours(account, date, adGroup, day);
      for (let hour = 0; hour <= Math.min(lastHour, 23); hour++) yield { dims: dimsAt(hour), sums: hours[hour] };
    }
  }
}

/** One output cell of an aggregated group: a grouping dimension, a sum, or a derived ratio. */
function valueOf(report: string, group: Group, field: string): CellValue {
  if (field in group.dims) return group.dims[field];
  const sums = group.sums;
  if (report === "ecommerce") {
    if (field === "orders") return group.orders.size;
    if (field === "revenue") return round2(sums.revenue ?? 0);
    return sums[field] ?? 0;
  }
  switch (field) {
    case "cost":
    case "conversion_value":
      return round2(sums[field] ?? 0);
    case "ctr":
      return sums.impressions ? Math.round(((sums.clicks ?? 0) / sums.impressions) * 10_000) / 10_000 : 0;
    case "cpc":
      return sums.clicks ? round2((sums.cost ?? 0) / sums.clicks) : 0;
    default:
      return sums[field] ?? (field in DIMENSION_DEFAULTS ? null : 0);
  }
}

/** Dimensions not grouped on (e.g. hour in a daily read) read as null, not 0. */
const DIMENSION_DEFAULTS: Record<string, null> = Object.fromEntries(
  Object.values(DEMO_FIELDS)
    .flat()
    .filter((f) => f.type === "dimension")
    .map((f) => [f.id, null]),
);

function addTo(groups: Map<string, Group>, line: Line, keys: readonly string[]): void {
  const dims: Row = {};
  for (const key of keys) dims[key] = line.dims[key] ?? null;
  let id = "";
  for (const key of keys) id += (dims[key] === null ? "\u0000" : String(dims[key])) + "\u0001";
  let group = groups.get(id);
  if (!group) {
    group = { dims, sums: {}, orders: new Set() };
    groups.set(id, group);
  }
  for (const metric in line.sums) group.sums[metric] = (group.sums[metric] ?? 0) + line.sums[metric];
  if (line.orderId) group.orders.add(line.orderId);
}

export interface DemoConnectorOptions {
  /** The clock deciding which days and hours exist yet (tests pin it). */
  now?: () => Date;
  /** Read every day as final, ignoring restatement (bench/alert-rules' ground truth). */
  final?: boolean;
}

const ageInDays = (today: string, date: string) => Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);

export function createDemoConnector(options: DemoConnectorOptions = {}): Connector {
  const now = options.now ?? (() => new Date());
  const ageOf = (today: string, date: string) => (options.final ? Number.POSITIVE_INFINITY : ageInDays(today, date));

  function* rows(req: ReadRequest): Generator<Row> {
    const report = reportOf(req);
    const fields = DEMO_FIELDS[report];
    const asked = [...new Set([...req.fields, ...(req.filters ?? []).map((f) => f.field)])];
    const unknown = asked.filter((f) => !fields.some((d) => d.id === f));
    if (unknown.length > 0) throw new UnknownFieldError("demo", unknown, report);
    const dimensionIds = new Set(fields.filter((f) => f.type === "dimension").map((f) => f.id));
    const hourly = req.granularity === "hour" || req.fields.includes("hour");
    // Group by the requested dimensions (plus date and hour for hourly reads, so rows stay one per hour).
    const keys = [...new Set([...req.fields.filter((f) => dimensionIds.has(f)), ...(hourly ? ["date", "hour"] : [])])];
    const perDay = keys.includes("date") || keys.includes("hour");
    const keySet = new Set(keys);
    // Dimension filters apply to the finest lines (so a filter on an unselected dimension still
    // works); metric filters apply to the aggregated rows.
    const lineFilters = (req.filters ?? []).filter((f) => dimensionIds.has(f.field));
    const rowFilters = (req.filters ?? []).filter((f) => !dimensionIds.has(f.field));
    const days = eachDay(req.range);

    for (const account of req.accounts) {
      const local = DateTime.fromJSDate(now(), { zone: account.timezone });
      const today = local.toFormat("yyyy-MM-dd");
      const across = new Map<string, Group>();
      for (const date of days) {
        if (date > today) break;
        const lastHour = date === today ? local.hour : 23;
        // Ad group lines (one per hour when hourly lines are read, and today's always are) that the
        // grouping keys tell apart: each line is its own group, in line order, so its row is
        // written directly (the same values: a group of one line sums 0 + each number).
        const hourlyLines = hourly || lastHour < 23;
        if (perDay && report !== "ecommerce" && keySet.has("ad_group_id") && (!hourlyLines || keySet.has("hour"))) {
          for (const line of linesOf(report, account, date, hourly, lastHour, ageOf(today, date))) {
            if (!matchesFilters(line.dims, lineFilters)) continue;
            const row = rowOf({ dims: NO_DIMS, sums: line.sums, orders: NO_ORDERS }, line.dims);
            if (row) yield row;
          }
          continue;
        }
        const groups = perDay ? new Map<string, Group>() : across;
        for (const line of linesOf(report, account, date, hourly, lastHour, ageOf(today, date))) {
          if (matchesFilters(line.dims, lineFilters)) addTo(groups, line, keys);
        }
        if (perDay) yield* emit(groups);
      }
      if (!perDay) yield* emit(across);
    }

    function* emit(groups: Map<string, Group>): Generator<Row> {
      for (const group of groups.values()) {
        const row = rowOf(group);
        if (row) yield row;
      }
    }

    /**
     * The row of a group, or undefined when the metric filters drop it. `lineDims`: the group is
     * one line, whose dimensions are read for the grouping keys only, as a group's would be.
     */
    function rowOf(group: Group, lineDims?: Row): Row | undefined {
      if (rowFilters.length > 0) {
        const probe: Row = {};
        for (const f of rowFilters) probe[f.field] = lineDims && keySet.has(f.field) ? (lineDims[f.field] ?? null) : valueOf(report, group, f.field);
        if (!matchesFilters(probe, rowFilters)) return undefined;
      }
      const row: Row = {};
      for (const field of req.fields) row[field] = lineDims && keySet.has(field) ? (lineDims[field] ?? null) : valueOf(report, group, field);
      return row;
    }
  }

  return {
    id: "demo",
    authMethod: "api-key",
    timezone: "account",
    currency: "account",
    restatementDays: DEMO_RESTATEMENT_DAYS,
    allowedHosts: ["demo.signalpost.invalid"],
    // The demo makes no HTTP calls; the .invalid TLD (RFC 2606) guarantees it could not reach anything.
    defaultBaseUrl: "https://demo.signalpost.invalid",
    supportsHourly: true,

    async check(ctx: ConnectorContext) {
      const credential = ctx.http.credential;
      if (credential.type !== "api-key" || !credential.key.trim().toLowerCase().startsWith("demo")) {
        throw new ConnectorError({
          kind: "config",
          platform: "demo",
          message: 'This is not a demo key. Type "demo" as the key to connect the demo platform.',
        });
      }
      return { ok: true, identity: "Demo Ads" };
    },
    async listAccounts() {
      return DEMO_ACCOUNTS.map((a) => ({ ...a }));
    },
    async listReports() {
      return DEMO_REPORTS;
    },
    async listConfigFields() {
      return DEMO_CONFIG_FIELDS;
    },
    async listFields(_ctx, opts) {
      const report = opts?.report ?? DEFAULT_REPORT;
      const fields = DEMO_FIELDS[report];
      if (!fields) throw new InvalidRequestError(`Unknown demo report "${report}". Use one of ${DEMO_REPORTS.map((r) => r.id).join(", ")}.`);
      return fields;
    },
    read(_ctx: ConnectorContext, req: ReadRequest): AsyncIterable<RowPage> {
      return paginateRows(rows(req), DEMO_PAGE_SIZE);
    },
    // Automatic checks (issue 7). Landing pages live under the credential's `landingBaseUrl`
    // option (a local server in tests), else the reserved example.com (RFC 2606).
    async listAdUrls(ctx: ConnectorContext, account: Account) {
      const credential = ctx.http.credential;
      const option = credential.type === "api-key" ? credential.options?.landingBaseUrl : undefined;
      const base = String((Array.isArray(option) ? option[0] : option) || "https://www.example.com").replace(/\/$/, "");
      const yesterday = DateTime.fromJSDate(now(), { zone: account.timezone }).minus({ days: 1 }).toFormat("yyyy-MM-dd");
      return demoLandingPages(account.id).map((page) => {
        const campaign = campaignsOf(account.id).find((c) => c.id === page.campaignId)!;
        const cost = campaign.adGroups.reduce((sum, g) => sum + reportedAtAge(account, yesterday, g, adGroupDay(account, yesterday, campaign, g), options.final ? Infinity : 1).cost, 0);
        return { url: `${base}${page.path}`, campaignId: page.campaignId, costYesterday: Math.round(cost * 100) / 100 };
      });
    },
    async listConversionTags(_ctx: ConnectorContext, account: Account) {
      return demoConversionTags(account.id);
    },
    async listDomainVerifications(_ctx: ConnectorContext, account: Account) {
      return demoDomains(account.id);
    },
    async listProducts(_ctx: ConnectorContext, account: Account) {
      return demoProducts(account.id);
    },
  };
}

export const demoConnector = createDemoConnector();
