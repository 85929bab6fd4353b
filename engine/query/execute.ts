// Runs one query across accounts: validates it against the connector's declared fields,
// resolves dates in each account's timezone, reads, filters and orders the columns.
import { resolveDateRange } from "../core/dates.js";
import { FieldTypeMismatchError, InvalidRequestError, UnknownFieldError } from "../core/errors.js";
import { matchesFilters, validateFilters } from "../core/filters.js";
import type { Connector, ConnectorContext, DateRange, FieldDef, Filter, Row } from "../core/types.js";
import { prepareConversion, type CurrencyConversion } from "./currency.js";
import { ACCOUNT_COLUMNS, type AccountColumn, type QueryAccount, type QueryDate, type QueryDefinition } from "./definition.js";

export interface QueryRegistry {
  getConnector(platform: string): Connector;
}

/** Builds the context for one account (each account may come through its own authorization). */
export type ContextFactory = (connector: Connector, account: QueryAccount) => ConnectorContext | Promise<ConnectorContext>;

export interface Column {
  id: string;
  name: string;
  type: "dimension" | "metric";
  fieldType: FieldDef["fieldType"];
  aggregation: FieldDef["aggregation"];
}

export interface QueryResult {
  platform: string;
  /** Dimensions first, then metrics, each in the order asked. */
  columns: Column[];
  rows: AsyncIterable<Row>;
}

const ACCOUNT_COLUMN_DEFS: Record<AccountColumn, Column> = {
  account_timezone: { id: "account_timezone", name: "Account timezone", type: "dimension", fieldType: "TEXT", aggregation: "NONE" },
  account_currency: { id: "account_currency", name: "Account currency", type: "dimension", fieldType: "TEXT", aggregation: "NONE" },
};

export interface ExecuteOptions {
  now?: Date;
  /** Converts the money columns into the company's reporting currency (decision 0930). */
  conversion?: CurrencyConversion;
}

/** The days every account reads, from the first start to the last end. */
export function spanOf(ranges: readonly DateRange[]): DateRange {
  return {
    start: ranges.reduce((min, r) => (r.start < min ? r.start : min), ranges[0].start),
    end: ranges.reduce((max, r) => (r.end > max ? r.end : max), ranges[0].end),
  };
}

function reportOption(options: Record<string, string | string[]> | undefined): string | undefined {
  const report = options?.report;
  return Array.isArray(report) ? report[0] : report;
}

function resolveColumns(platform: string, fields: FieldDef[], query: QueryDefinition, report: string | undefined): Column[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const dimensions = query.dimensions ?? [];
  const metrics = query.metrics ?? [];
  if (dimensions.length + metrics.length === 0) throw new InvalidRequestError("You have to add at least one metric or dimension.");
  const duplicates = [...dimensions, ...metrics].filter((id, i, all) => all.indexOf(id) !== i);
  if (duplicates.length > 0) throw new InvalidRequestError(`Fields asked twice: ${[...new Set(duplicates)].join(", ")}.`);

  const isAccountColumn = (id: string): id is AccountColumn => (ACCOUNT_COLUMNS as readonly string[]).includes(id) && !byId.has(id);
  const unknown = [...dimensions, ...metrics, ...(query.filters ?? []).map((f) => f.field)].filter(
    (id) => !byId.has(id) && !isAccountColumn(id),
  );
  if (unknown.length > 0) throw new UnknownFieldError(platform, [...new Set(unknown)], report);

  const columns: Column[] = [];
  for (const id of dimensions) {
    if (isAccountColumn(id)) {
      columns.push(ACCOUNT_COLUMN_DEFS[id]);
      continue;
    }
    const field = byId.get(id)!;
    if (field.type !== "dimension") throw new FieldTypeMismatchError(platform, id, "dimension", field.type);
    columns.push({ id, name: field.name, type: "dimension", fieldType: field.fieldType, aggregation: field.aggregation });
  }
  for (const id of metrics) {
    if (isAccountColumn(id)) throw new FieldTypeMismatchError(platform, id, "metric", "dimension");
    const field = byId.get(id)!;
    if (field.type !== "metric") throw new FieldTypeMismatchError(platform, id, "metric", field.type);
    columns.push({ id, name: field.name, type: "metric", fieldType: field.fieldType, aggregation: field.aggregation });
  }
  return columns;
}

export function rangeFor(date: QueryDate, account: QueryAccount, now: Date | undefined): DateRange {
  if ("preset" in date) return resolveDateRange(date.preset, { timezone: account.timezone, now, start: date.start, end: date.end, since: date.since });
  return resolveDateRange("CUSTOM", { timezone: account.timezone, now, start: date.start, end: date.end });
}

/**
 * Validates the query (typed errors before any row is read, so a route can answer 4xx) and
 * returns its columns and a lazy row stream.
 */
export async function executeQuery(
  registry: QueryRegistry,
  query: QueryDefinition,
  contextFor: ContextFactory,
  opts: ExecuteOptions = {},
): Promise<QueryResult> {
  const connector = registry.getConnector(query.platform);
  const accounts = query.accounts;
  if (accounts.length === 0) throw new InvalidRequestError("You need to set at least one accounts.");
  const filters: Filter[] = query.filters ?? [];
  validateFilters(filters);
  const report = reportOption(query.options);
  const firstContext = await contextFor(connector, accounts[0]);
  const fields = await connector.listFields(firstContext, { report, account: accounts[0].id });
  const columns = resolveColumns(query.platform, fields, query, report);
  // Resolve every account's dates now: a bad range is the caller's error, not a mid-stream failure.
  const ranges = accounts.map((account) => rangeFor(query.date, account, opts.now));
  if (query.granularity === "hour" && !connector.supportsHourly) {
    throw new InvalidRequestError(`${query.platform} does not report by hour; ask for daily data instead.`);
  }

  const readFields = columns.filter((c) => !(c.id in ACCOUNT_COLUMN_DEFS) || fields.some((f) => f.id === c.id)).map((c) => c.id);
  const selected = new Set(columns.map((c) => c.id));
  // The connector applies every filter; re-checking those on selected columns guards against a
  // connector that silently ignores one.
  const outputFilters = filters.filter((f) => selected.has(f.field));
  const converter = await prepareConversion(columns, opts.conversion, { currencies: accounts.map((a) => a.currency), span: spanOf(ranges) });

  async function* rows(): AsyncGenerator<Row> {
    for (const [index, account] of accounts.entries()) {
      const ctx = index === 0 ? firstContext : await contextFor(connector, account);
      const { authorizationId: _authorizationId, platform: _platform, ...plainAccount } = account;
      const pages = connector.read(ctx, {
        accounts: [plainAccount],
        fields: readFields,
        range: ranges[index],
        granularity: query.granularity,
        filters,
        options: query.options,
      });
      for await (const page of pages) {
        for (const raw of page.rows) {
          const row: Row = {};
          for (const column of columns) {
            if (column.id === "account_timezone" && !fields.some((f) => f.id === column.id)) row[column.id] = account.timezone;
            else if (column.id === "account_currency" && !fields.some((f) => f.id === column.id)) row[column.id] = account.currency;
            else row[column.id] = raw[column.id] ?? null;
          }
          if (!matchesFilters(row, outputFilters)) continue;
          converter?.apply(row, account.currency, ranges[index].end);
          yield row;
        }
      }
    }
  }

  return { platform: query.platform, columns: converter?.columns ?? columns, rows: rows() };
}
