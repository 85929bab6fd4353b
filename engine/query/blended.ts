// One query over several ads platforms (issue 22 item 1, decision 0931): the fields are the
// normalized ads schema's, each account is read through its own platform's connector with the
// native fields its normalized.ts maps, and the rows come back under the normalized ids with the
// platform, the account's currency and its time zone. Totals are the platforms' own: nothing is
// re-aggregated across platforms (each row is one platform's).
import { FieldTypeMismatchError, InvalidRequestError, UnknownFieldError } from "../core/errors.js";
import { matchesFilters, validateFilters } from "../core/filters.js";
import type { Filter, Row } from "../core/types.js";
import { prepareConversion } from "./currency.js";
import type { QueryAccount, QueryDefinition } from "./definition.js";
import { executeQuery, rangeFor, spanOf, type Column, type ContextFactory, type ExecuteOptions, type QueryRegistry, type QueryResult } from "./execute.js";
import { BLENDED_PLATFORM, NORMALIZED_ADS_FIELDS, QUERY_LAYER_FIELDS, type NormalizedAdsMapping, type NormalizedField, type NormalizedReport } from "./normalized-ads.js";

export interface MappingLookup {
  get(platform: string): NormalizedAdsMapping | undefined;
}

/** How one platform answers the query: its report(s) and the native fields to ask for. */
export interface PlatformPlan {
  platform: string;
  report: NormalizedReport;
  dimensions: string[];
  metrics: string[];
  filters: Filter[];
}

const FIELDS = new Map(NORMALIZED_ADS_FIELDS.map((f) => [f.id, f]));
const isQueryLayer = (id: string) => (QUERY_LAYER_FIELDS as readonly string[]).includes(id);

function columnsOf(query: QueryDefinition): Column[] {
  const dimensions = query.dimensions ?? [];
  const metrics = query.metrics ?? [];
  if (dimensions.length + metrics.length === 0) throw new InvalidRequestError("You have to add at least one metric or dimension.");
  const duplicates = [...dimensions, ...metrics].filter((id, i, all) => all.indexOf(id) !== i);
  if (duplicates.length > 0) throw new InvalidRequestError(`Fields asked twice: ${[...new Set(duplicates)].join(", ")}.`);
  const unknown = [...dimensions, ...metrics, ...(query.filters ?? []).map((f) => f.field)].filter((id) => !FIELDS.has(id));
  if (unknown.length > 0) throw new UnknownFieldError(BLENDED_PLATFORM, [...new Set(unknown)]);
  const column = (id: string, kind: "dimension" | "metric"): Column => {
    const f = FIELDS.get(id)!;
    if (f.type !== kind) throw new FieldTypeMismatchError(BLENDED_PLATFORM, id, kind, f.type);
    return { id, name: f.name, type: f.type, fieldType: f.fieldType, aggregation: f.aggregation };
  };
  return [...dimensions.map((id) => column(id, "dimension")), ...metrics.map((id) => column(id, "metric"))];
}

/**
 * The report of a platform that answers the query: the coarsest one with every dimension asked
 * for, else the one with the most (the others stay empty for that platform's rows).
 */
export function planPlatform(platform: string, mapping: NormalizedAdsMapping, query: Pick<QueryDefinition, "dimensions" | "metrics" | "filters">): PlatformPlan {
  const dimensions = (query.dimensions ?? []).filter((id) => !isQueryLayer(id)) as NormalizedField[];
  const covered = (r: NormalizedReport) => dimensions.filter((d) => r.fields[d] !== undefined).length;
  const report = mapping.reports.reduce((best, r) => (covered(r) > covered(best) ? r : best), mapping.reports[0]);
  const native = (ids: readonly string[]) => ids.flatMap((id) => (report.fields[id as NormalizedField] ? [report.fields[id as NormalizedField]!] : []));
  const nativeDimensions = [...new Set([...native(dimensions), ...(report.currencyField ? [report.currencyField] : [])])];
  let nativeMetrics = [...new Set(native(query.metrics ?? []))];
  // Nothing of the platform asked (only platform or currency columns): one dimension still makes a read.
  if (nativeDimensions.length + nativeMetrics.length === 0) {
    const anyMetric = Object.entries(report.fields).find(([id]) => FIELDS.get(id)?.type === "metric")?.[1];
    nativeMetrics = anyMetric ? [anyMetric] : [];
  }
  // Filters on fields the platform maps go down to it; every filter is applied again on the normalized rows.
  const filters = (query.filters ?? []).flatMap((f) => (report.fields[f.field as NormalizedField] ? [{ ...f, field: report.fields[f.field as NormalizedField]! }] : []));
  return { platform, report, dimensions: nativeDimensions, metrics: nativeMetrics, filters };
}

/**
 * Validates a cross-platform query (typed errors before any row is read) and returns its columns
 * and a lazy row stream: accounts in the order given, each through its platform's connector.
 */
export async function executeBlendedQuery(
  registry: QueryRegistry,
  mappings: MappingLookup,
  query: QueryDefinition,
  contextFor: ContextFactory,
  opts: ExecuteOptions = {},
): Promise<QueryResult> {
  const accounts = query.accounts;
  if (accounts.length === 0) throw new InvalidRequestError("You need to set at least one accounts.");
  const filters: Filter[] = query.filters ?? [];
  validateFilters(filters);
  const columns = columnsOf(query);
  if (query.granularity === "hour") throw new InvalidRequestError("Cross-platform queries are daily; ask for daily data instead.");
  const plans = new Map<string, PlatformPlan>();
  for (const account of accounts) {
    const platform = account.platform;
    if (!platform) throw new InvalidRequestError(`Account ${account.id} does not say which platform it is on.`);
    if (plans.has(platform)) continue;
    const mapping = mappings.get(platform);
    if (!mapping) throw new InvalidRequestError(`${platform} is not an ads platform a cross-platform query can read.`);
    registry.getConnector(platform);
    plans.set(platform, planPlatform(platform, mapping, query));
  }
  const ranges = accounts.map((account) => rangeFor(query.date, account, opts.now));
  const converter = await prepareConversion(columns, opts.conversion, {
    currencies: accounts.map((a) => a.currency),
    span: spanOf(ranges),
    anyCurrency: [...plans.values()].some((p) => p.report.currencyField),
  });

  function normalize(raw: Row, plan: PlatformPlan, account: QueryAccount): Row {
    const row: Row = {};
    for (const column of columns) {
      const native = plan.report.fields[column.id as NormalizedField];
      if (column.id === "platform") row.platform = plan.platform;
      else if (column.id === "account_currency") row.account_currency = currencyOf(raw, plan, account);
      else if (column.id === "account_timezone") row.account_timezone = account.timezone;
      else if (native) row[column.id] = raw[native] ?? null;
      // Every platform knows its account, even when its report has no column for it.
      else if (column.id === "account_id") row.account_id = account.id;
      else if (column.id === "account_name") row.account_name = account.name;
      else row[column.id] = null;
    }
    return row;
  }

  async function* rows(): AsyncGenerator<Row> {
    for (const [index, account] of accounts.entries()) {
      const plan = plans.get(account.platform!)!;
      for (const report of [plan.report.report, ...(plan.report.also ?? [])]) {
        // One account per native query: each row is then known to be this account's.
        const result = await executeQuery(
          registry,
          {
            platform: plan.platform,
            accounts: [account],
            metrics: plan.metrics,
            dimensions: plan.dimensions,
            date: query.date,
            filters: plan.filters,
            // Only the report: a platform's own options (attribution windows...) are not the blended query's.
            options: report ? { report } : {},
          },
          contextFor,
          { now: opts.now },
        );
        for await (const raw of result.rows) {
          const row = normalize(raw, plan, account);
          if (!matchesFilters(row, filters)) continue;
          converter?.apply(row, currencyOf(raw, plan, account), ranges[index].end);
          yield row;
        }
      }
    }
  }

  return { platform: BLENDED_PLATFORM, columns: converter?.columns ?? columns, rows: rows() };
}

function currencyOf(raw: Row, plan: PlatformPlan, account: QueryAccount): string {
  const field = plan.report.currencyField;
  const own = field ? raw[field] : undefined;
  return typeof own === "string" && own ? own.toUpperCase() : account.currency;
}
