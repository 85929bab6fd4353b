// The demo platform: a normal connector whose "API" is the seeded model in model.ts, so every
// screen and workflow works offline with believable, reproducible numbers.
import { DateTime } from "luxon";
import { eachDay } from "../../core/dates.js";
import { ConnectorError, InvalidRequestError, UnknownFieldError } from "../../core/errors.js";
import { matchesFilters } from "../../core/filters.js";
import { paginateRows, projectRow } from "../../core/pages.js";
import type { Account, Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { DEFAULT_REPORT, DEMO_CONFIG_FIELDS, DEMO_FIELDS, DEMO_REPORTS } from "./fields.js";
import { adGroupDay, adGroupHours, campaignsOf, DEMO_ACCOUNTS, orderLines } from "./model.js";

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

function reportOf(req: ReadRequest): string {
  const option = req.options?.report;
  const report = (Array.isArray(option) ? option[0] : option) ?? DEFAULT_REPORT;
  if (!DEMO_FIELDS[report]) {
    throw new InvalidRequestError(`Unknown demo report "${report}". Use one of ${DEMO_REPORTS.map((r) => r.id).join(", ")}.`);
  }
  return report;
}

/** The finest-grain lines of one account's day (ad group × hour, or order line). */
function* linesOf(report: string, account: Account, date: string, hourly: boolean, lastHour: number): Generator<Line> {
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
      const dims = {
        ...base,
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        campaign_status: campaign.status,
        ad_group_id: adGroup.id,
        ad_group_name: adGroup.name,
      };
      const day = adGroupDay(account, date, campaign, adGroup);
      if (!hourly && lastHour >= 23) {
        yield { dims: { ...dims, hour: null }, sums: { ...day } };
        continue;
      }
      const hours = adGroupHours(account, date, adGroup, day);
      for (let hour = 0; hour <= Math.min(lastHour, 23); hour++) yield { dims: { ...dims, hour }, sums: { ...hours[hour] } };
    }
  }
}

function finalize(report: string, group: Group): Row {
  const row: Row = { ...group.dims };
  if (report === "ecommerce") {
    row.orders = group.orders.size;
    row.revenue = round2(group.sums.revenue ?? 0);
    row.items = group.sums.items ?? 0;
    return row;
  }
  const { impressions = 0, clicks = 0, cost = 0, conversions = 0, conversion_value = 0 } = group.sums;
  Object.assign(row, {
    impressions,
    clicks,
    cost: round2(cost),
    conversions,
    conversion_value: round2(conversion_value),
    ctr: impressions === 0 ? 0 : Math.round((clicks / impressions) * 10_000) / 10_000,
    cpc: clicks === 0 ? 0 : round2(cost / clicks),
  });
  return row;
}

function addTo(groups: Map<string, Group>, line: Line, keys: readonly string[]): void {
  const dims: Row = {};
  for (const key of keys) dims[key] = line.dims[key] ?? null;
  const id = JSON.stringify(keys.map((k) => dims[k]));
  let group = groups.get(id);
  if (!group) {
    group = { dims, sums: {}, orders: new Set() };
    groups.set(id, group);
  }
  for (const [metric, value] of Object.entries(line.sums)) group.sums[metric] = (group.sums[metric] ?? 0) + value;
  if (line.orderId) group.orders.add(line.orderId);
}

export interface DemoConnectorOptions {
  /** The clock deciding which days and hours exist yet (tests pin it). */
  now?: () => Date;
}

export function createDemoConnector(options: DemoConnectorOptions = {}): Connector {
  const now = options.now ?? (() => new Date());

  async function* rows(req: ReadRequest): AsyncGenerator<Row> {
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
        const groups = perDay ? new Map<string, Group>() : across;
        for (const line of linesOf(report, account, date, hourly, lastHour)) {
          if (matchesFilters(line.dims, lineFilters)) addTo(groups, line, keys);
        }
        if (perDay) yield* emit(groups);
      }
      if (!perDay) yield* emit(across);
    }

    function* emit(groups: Map<string, Group>): Generator<Row> {
      for (const group of groups.values()) {
        const row = finalize(report, group);
        if (matchesFilters(row, rowFilters)) yield projectRow(row, req.fields);
      }
    }
  }

  return {
    id: "demo",
    authMethod: "api-key",
    timezone: "account",
    currency: "account",
    restatementDays: 3,
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
  };
}

export const demoConnector = createDemoConnector();
