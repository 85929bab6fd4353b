// Runs one query across accounts: validates it against the connector's declared fields,
// resolves dates in each account's timezone, reads, filters and orders the columns.
import { resolveDateRange } from "../core/dates.js";
import { FieldTypeMismatchError, InvalidRequestError, UnknownFieldError } from "../core/errors.js";
import { matchesFilters, validateFilters } from "../core/filters.js";
import type { CellValue, Connector, ConnectorContext, DateRange, FieldDef, Filter, Granularity, ReadRequest, Row } from "../core/types.js";
import { prepareConversion, type Converter, type CurrencyConversion } from "./currency.js";
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

/** A validated query, ready to read account by account (executeQuery, or the read cache of server/). */
export interface QueryPlan {
  platform: string;
  connector: Connector;
  /** The report's declared fields. */
  fields: FieldDef[];
  /** Dimensions first, then metrics, each in the order asked. */
  columns: Column[];
  /** The fields asked of the connector (the account columns it does not declare are added by us). */
  readFields: string[];
  filters: Filter[];
  /** Filters on selected columns, re-checked on every output row. */
  outputFilters: Filter[];
  granularity?: Granularity;
  options: Record<string, string | string[]>;
  /** Converts the money columns into the company's currency (decision 0930); applied after the read cache, which stores what the platform reported. */
  converter?: Converter;
  accounts: PlannedAccount[];
}

export interface PlannedAccount {
  account: QueryAccount;
  /** The account's days, resolved in its timezone. */
  range: DateRange;
  context(): Promise<ConnectorContext>;
  /** What the connector reads for this account. */
  request: ReadRequest;
  /** Account columns the connector does not declare: the same value on every row of this account. */
  constants: Record<string, CellValue>;
}

/**
 * Validates the query (typed errors before any row is read, so a route can answer 4xx) and plans
 * each account's read.
 */
export async function planQuery(registry: QueryRegistry, query: QueryDefinition, contextFor: ContextFactory, opts: ExecuteOptions = {}): Promise<QueryPlan> {
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
  const declared = new Set(fields.map((f) => f.id));
  const readFields = columns.filter((c) => !(c.id in ACCOUNT_COLUMN_DEFS) || declared.has(c.id)).map((c) => c.id);
  const selected = new Set(columns.map((c) => c.id));
  // The connector applies every filter; re-checking those on selected columns guards against a
  // connector that silently ignores one.
  const outputFilters = filters.filter((f) => selected.has(f.field));
  const options = query.options ?? {};
  const converter = await prepareConversion(columns, opts.conversion, { currencies: accounts.map((a) => a.currency), span: spanOf(ranges) });
  return {
    platform: query.platform,
    connector,
    fields,
    columns,
    readFields,
    filters,
    outputFilters,
    granularity: query.granularity,
    options,
    converter,
    accounts: accounts.map((account, index) => {
      const { authorizationId: _authorizationId, platform: _platform, ...plainAccount } = account;
      const constants: Record<string, CellValue> = {};
      if (selected.has("account_timezone") && !declared.has("account_timezone")) constants.account_timezone = account.timezone;
      if (selected.has("account_currency") && !declared.has("account_currency")) constants.account_currency = account.currency;
      return {
        account,
        range: ranges[index],
        context: async () => (index === 0 ? firstContext : contextFor(connector, account)),
        request: { accounts: [plainAccount], fields: readFields, range: ranges[index], granularity: query.granularity, filters, options },
        constants,
      };
    }),
  };
}

/** The columns of the answer: the plan's, with the converted money columns when it converts. */
export const outputColumns = (plan: QueryPlan): Column[] => plan.converter?.columns ?? plan.columns;

/** The plan's rows straight from the connector, account after account. */
export async function* planRows(plan: QueryPlan): AsyncGenerator<Row> {
  const { columns, outputFilters } = plan;
  for (const planned of plan.accounts) {
    const ctx = await planned.context();
    for await (const page of plan.connector.read(ctx, planned.request)) {
      for (const raw of page.rows) {
        const row: Row = {};
        for (const column of columns) row[column.id] = column.id in planned.constants ? planned.constants[column.id] : (raw[column.id] ?? null);
        if (!matchesFilters(row, outputFilters)) continue;
        plan.converter?.apply(row, planned.account.currency, planned.range.end);
        yield row;
      }
    }
  }
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
  const plan = await planQuery(registry, query, contextFor, opts);
  return { platform: plan.platform, columns: outputColumns(plan), rows: planRows(plan) };
}
