// Connectors for platforms that list records (orders, invoices, subscriptions, deals, campaigns
// with their stats) rather than serve report rows. Each platform says how to fetch one report's
// records for an account and a date range and how one record becomes field values; this module
// owns the rest: report and field catalogue, request checks, roll-up to the requested dimensions
// (aggregatorForRead), paging of the output, and a uniform error mapping of the platform's bodies.
import { DateTime } from "luxon";
import { aggregatorForRead } from "../../core/aggregate.js";
import { ConnectorError } from "../../core/errors.js";
import { reportConfigField } from "../../core/field-defs.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { PAGE_END, paginateRows } from "../../core/pages.js";
import { redact, secretsOf } from "../../core/redact.js";
import { catalogueMethods, resolveReportRequest, type ReportCatalogue } from "../../core/report-request.js";
import type { Account, CellValue, ConfigField, Connector, ConnectorContext, DateRange, FieldDef, ReadRequest, Row, RowPage } from "../../core/types.js";

export interface RecordReport<Item = any> {
  id: string;
  name: string;
  description: string;
  fields: FieldDef[];
  /** Pages of the platform's records created (or active) in the range, in the account's zone. */
  fetch(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest): AsyncIterable<Item[]>;
  /** The field values of one record; several rows for records that fan out (order lines). */
  record(item: Item, account: Account): Row | Row[] | undefined;
  /** Metrics computed from a finished group (ratios, averages). */
  derived?: Readonly<Record<string, (group: Row) => CellValue>>;
  /**
   * Records arrive one date after the other (lists sorted by creation time): a day's groups are
   * handed on as soon as the next day's first record comes, so a long read holds one day at a time.
   */
  ordered?: boolean;
  /**
   * Each fetched batch is its own slice of dates (one async report per slice): when the read
   * groups by date, a batch's groups are final at its end and leave as a page of their own.
   */
  slicedByDate?: boolean;
}

export type RecordsConnectorSpec = Omit<Connector, "listReports" | "listConfigFields" | "listFields" | "read"> & {
  reports: RecordReport[];
  reportHelp?: string;
  /** Config fields after the report choice (HubSpot's date property). */
  configFields?: ConfigField[];
};

export function recordsCatalogue(platform: string, reports: readonly RecordReport[], help = "Which records to read.", configFields: readonly ConfigField[] = []): ReportCatalogue {
  const defs = reports.map(({ id, name, description }) => ({ id, name, description }));
  return {
    platform,
    defaultReport: reports[0].id,
    fields: Object.fromEntries(reports.map((r) => [r.id, r.fields])),
    reports: defs,
    configFields: [...(defs.length > 1 ? [reportConfigField(defs, defs[0].id, help)] : []), ...configFields],
  };
}

const RECORDS = "__records";
const SUM = "__sum_";

/**
 * AVG metrics without a derivation of their own (ARPA, a churn rate) are summed per group and
 * divided by the number of records that made the group.
 */
function averaged(declared: readonly FieldDef[], derived: Readonly<Record<string, (group: Row) => CellValue>> = {}) {
  const out: Record<string, (group: Row) => CellValue> = { ...derived };
  const hidden = (id: string): FieldDef => ({ id, name: id, description: "", type: "metric", fieldType: "NUMBER", aggregation: "SUM" });
  const averages = declared.filter((f) => f.type === "metric" && f.aggregation === "AVG" && !(f.id in derived)).map((f) => f.id);
  for (const id of averages) out[id] = (g) => (num(g[RECORDS]) ? Math.round((num(g[`${SUM}${id}`]) / num(g[RECORDS])) * 1e4) / 1e4 : null);
  return { fields: [...declared, hidden(RECORDS), ...averages.map((id) => hidden(`${SUM}${id}`))], derived: out, averages };
}

/** The record with what averaged() needs: a record count and the sums of the averaged metrics. */
function withHidden(row: Row, averages: readonly string[]): Row {
  const out: Row = { ...row, [RECORDS]: 1 };
  for (const id of averages) out[`${SUM}${id}`] = row[id] ?? null;
  return out;
}

/**
 * The one read loop of every records platform: per account, the report's fetched records rolled up
 * to the requested dimensions, streamed out day by day when they arrive in date order.
 */
export function recordsConnector(spec: RecordsConnectorSpec): Connector {
  const { reports, reportHelp, configFields, ...rest } = spec;
  const catalogue = recordsCatalogue(spec.id, reports, reportHelp, configFields);
  const byId = new Map(reports.map((r) => [r.id, r]));

  async function* rows(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<Row | typeof PAGE_END> {
    const { report, declared } = resolveReportRequest(catalogue, req);
    const def = byId.get(report)!;
    const { fields, derived, averages } = averaged(declared, def.derived);
    for (const account of req.accounts) {
      const aggregator = aggregatorForRead(fields, req, derived);
      for await (const items of def.fetch(ctx, account, req.range, req)) {
        for (const item of items) {
          const out = def.record(item, account);
          if (!out) continue;
          for (const row of Array.isArray(out) ? out : [out]) {
            // Records outside the range (APIs filtering on a coarser bound) never count.
            if (typeof row.date === "string" && (row.date < req.range.start || row.date > req.range.end)) continue;
            if (def.ordered) yield* aggregator.addInOrder(withHidden(row, averages));
            else aggregator.add(withHidden(row, averages));
          }
        }
        if (def.slicedByDate && aggregator.groupsBy("date")) {
          yield* aggregator.rows();
          yield PAGE_END;
        }
      }
      yield* aggregator.rows();
    }
  }

  return {
    ...rest,
    ...catalogueMethods(catalogue),
    read(ctx, req): AsyncIterable<RowPage> {
      return paginateRows(rows(ctx, req));
    },
  };
}

/** date (YYYY-MM-DD) and hour (0-23) of an instant in the account's zone. */
export function stamp(at: string | number | null | undefined, zone: string, opts: { format?: "iso" | "sql" | "seconds" | "millis"; sourceZone?: string } = {}): { date: string | null; hour: number | null } {
  if (at === null || at === undefined || at === "") return { date: null, hour: null };
  const source = opts.sourceZone ?? "UTC";
  let dt: DateTime;
  if (typeof at === "number" || opts.format === "seconds" || opts.format === "millis") {
    const n = Number(at);
    dt = opts.format === "millis" ? DateTime.fromMillis(n, { zone: source }) : DateTime.fromSeconds(n, { zone: source });
  } else if (opts.format === "sql") dt = DateTime.fromSQL(at, { zone: source });
  else dt = DateTime.fromISO(at, { zone: source });
  if (!dt.isValid) dt = DateTime.fromRFC2822(String(at), { zone: source });
  if (!dt.isValid) return { date: null, hour: null };
  const local = dt.setZone(zone);
  return { date: local.toFormat("yyyy-MM-dd"), hour: local.hour };
}

/** The instants bounding a range of days in a zone: [start of first day, start of the day after the last). */
export function rangeBounds(range: DateRange, zone: string): { from: DateTime; to: DateTime } {
  return {
    from: DateTime.fromISO(range.start, { zone }).startOf("day"),
    to: DateTime.fromISO(range.end, { zone }).plus({ days: 1 }).startOf("day"),
  };
}

/** A metric as the platform sent it: null when absent, empty or not a number (never a made-up 0). */
export const numOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

export const num = (value: unknown): number => {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

export interface ErrorMapping {
  platform: string;
  displayName: string;
  /** The platform's own message in an error body. */
  message(body: any, response: HttpResponse): string | undefined;
  /** What the user does to fix a rejected credential. */
  reconnect?: string;
  /** Non-401 answers that still mean a bad credential (HTTP 200 error envelopes, 400 invalid_token). */
  isAuthError?(body: any, response: HttpResponse): boolean;
  /** When a 429 says when to come back in its own header (not Retry-After). */
  retryAfterMs?(response: HttpResponse): number | undefined;
  /** Answers that mean "retry later" besides 429 and 5xx (quota codes, the platform's documented retryable codes). */
  isTransient?(body: any, response: HttpResponse): boolean;
}

/**
 * classifyError for a platform: 401 (or isAuthError) -> config "reconnect"; 403 -> config
 * "missing permission" with the platform's words; 429/5xx keep the core's transient rule with
 * Retry-After; anything else -> system with the platform's message, redacted and cut.
 */
export function platformErrors(mapping: ErrorMapping): (response: HttpResponse, request: PreparedRequest) => ConnectorError | undefined {
  return (response, request) => {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    const said = (body !== undefined ? mapping.message(body, response) : undefined) ?? response.text.slice(0, 200);
    const message = redact(said, requestSecrets(request)).replace(/\s+/g, " ").trim().slice(0, 300);
    const base = { platform: mapping.platform, status: response.status, bodyExcerpt: message };
    if (response.status === 401 || mapping.isAuthError?.(body, response)) {
      return new ConnectorError({
        ...base,
        kind: "config",
        message: `${mapping.displayName} rejected the credentials${message ? ` (${message})` : ""}. ${mapping.reconnect ?? "Reconnect the source."}`,
      });
    }
    if (mapping.isTransient?.(body, response)) {
      return new ConnectorError({ ...base, kind: "transient", message: `${mapping.displayName} asked to try again later (${message}). The extraction will be retried.` });
    }
    if (response.status === 403) {
      return new ConnectorError({
        ...base,
        kind: "config",
        message: `${mapping.displayName} denied access${message ? ` (${message})` : ""}: the connected login is missing a permission for this data. Grant it, then reconnect.`,
      });
    }
    const wait = response.status === 429 ? mapping.retryAfterMs?.(response) : undefined;
    if (wait !== undefined) {
      return new ConnectorError({ ...base, kind: "transient", retryAfterMs: wait, message: `${mapping.displayName} quota reached, retrying at ${new Date(Date.now() + wait).toISOString()}.` });
    }
    if (response.status === 429 || response.status >= 500) return undefined;
    return new ConnectorError({ ...base, kind: "system", message: `${mapping.displayName} rejected the request${message ? `: ${message}` : ""}.` });
  };
}

/**
 * The secrets a request carries (its auth headers, sensitive query parameters and the pieces of
 * an OAuth or Basic header), so a platform that echoes them in an error body is redacted.
 */
export function requestSecrets(request: PreparedRequest | undefined): string[] {
  if (!request) return [];
  const found = new Set(secretsOf(request.headers, Object.fromEntries(request.url.searchParams)));
  for (const [name, value] of Object.entries(request.headers)) {
    if (!/authorization|token|key|secret/i.test(name)) continue;
    for (const piece of value.split(/[\s,="]+/)) if (piece.length >= 6) found.add(piece);
    const basic = /^Basic\s+(.+)$/i.exec(value);
    if (basic) for (const part of Buffer.from(basic[1], "base64").toString().split(":")) if (part.length >= 6) found.add(part);
  }
  return [...found];
}

/** A system error for a payload that is not what the documented API returns. */
export function unexpectedPayload(ctx: ConnectorContext, platform: string, what: string, payload: unknown): ConnectorError {
  return new ConnectorError({
    kind: "system",
    platform,
    bodyExcerpt: ctx.http.redact(JSON.stringify(payload) ?? "").slice(0, 300),
    message: `${platform} answered ${what} with an unexpected payload.`,
  });
}

/**
 * The https base URL of a platform hosted on the customer's own domain (Magento, PrestaShop,
 * ActiveCampaign) from a credential option; a path (a shop in a subfolder) is kept.
 */
export function customerBaseUrl(value: string | undefined, stripSuffix?: RegExp): string | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  try {
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
    if (url.protocol !== "https:") return undefined;
    let path = url.pathname.replace(/\/+$/, "");
    if (stripSuffix) path = path.replace(stripSuffix, "");
    return `${url.origin}${path}`;
  } catch {
    return undefined;
  }
}
