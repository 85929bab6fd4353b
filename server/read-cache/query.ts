// A planned query (engine planQuery) read account after account through the cache, as blocks of
// encoded cells for the output formats' writeBlocks: the query URL, Looker Studio, the add-ins
// and the builder's preview all come through here (app/services/query-url.server.ts).
import type { DB } from "../../db/connection.js";
import { blockRows, eachDay, encodeCell, filterBlock, outputColumns, pageBlock, withConstants, type CellBlock, cacheShape, type QueryPlan } from "../../engine/index.js";
import { readAccountBlocks, withListing, type AccountCacheRead, type DayStats } from "./account-reader.js";
import { readPartition } from "./partition-key.js";
import { queryUrlReadCacheSettings, type ReadCacheSettings } from "./settings.js";

export type CachedQueryInput = {
  db: DB;
  companyId: number;
  plan: QueryPlan;
  /** The data source of each planned account, in the plan's order (already checked to be the company's). */
  dataSourceIds: number[];
  now: Date;
  /** nocache=1: every day from the platform, stored again. */
  refresh: boolean;
  /**
   * The caller writes the blocks as csv and reads nothing else of them (no row limit): stored
   * days in the answer's columns come as their csv form when nothing is filtered or converted.
   */
  csvForm?: boolean;
  settings?: Partial<ReadCacheSettings>;
  /** Called when the read moves on to the account at this index (connection-log attribution). */
  onAccount?: (index: number) => void;
  /** Per account, filled as the read goes. */
  stats: DayStats[];
};

export async function* queryBlocks(input: CachedQueryInput): AsyncGenerator<CellBlock> {
  const { plan } = input;
  const settings = queryUrlReadCacheSettings(input.settings);
  const shape = cacheShape(plan.fields, plan.readFields, plan.granularity);
  const csvLayout = input.csvForm && !plan.converter && plan.outputFilters.length === 0 ? outputColumns(plan).map((c) => c.id) : undefined;
  // An account's fill commits while the next account is read; the answer ends once all have.
  const commits: Promise<void>[] = [];
  const readOf = (index: number): AccountCacheRead => {
    const planned = plan.accounts[index];
    const { partitionKey, fingerprint } = readPartition(plan.platform, planned.request, shape, plan.fields);
    return {
      db: input.db,
      ref: { companyId: input.companyId, dataSourceId: input.dataSourceIds[index], partitionKey },
      connector: plan.connector,
      context: planned.context,
      request: planned.request,
      shape,
      fingerprint,
      timezone: planned.account.timezone,
      now: input.now,
      refresh: input.refresh,
      csvLayout,
      settings,
      stats: input.stats[index],
      log: (message) => console.warn(`[read-cache] ${plan.platform} account ${input.dataSourceIds[index]}: ${message}`),
      commits,
    };
  };
  // The next account's listing runs while this one is sent: its stored days follow without a wait.
  let upcoming = settings.enabled && plan.accounts.length > 0 ? withListing(readOf(0)) : undefined;
  for (const [index, planned] of plan.accounts.entries()) {
    input.onAccount?.(index);
    const stats = input.stats[index];
    const constants = Object.keys(planned.constants).length > 0 ? Object.fromEntries(Object.entries(planned.constants).map(([id, v]) => [id, encodeCell(v)])) : undefined;
    let blocks: AsyncIterable<CellBlock>;
    if (upcoming) {
      blocks = readAccountBlocks(upcoming);
      upcoming = index + 1 < plan.accounts.length ? withListing(readOf(index + 1)) : undefined;
    } else {
      blocks = platformBlocks(plan, index, stats);
    }
    // The cache stores what the platform reported; a conversion into the company's currency
    // (decision 0930) is applied to the rows on their way out, at the rates of each row's day.
    const converted = plan.converter && outputColumns(plan).map((c) => c.id);
    for await (const block of blocks) {
      const out = filterBlock(constants ? withConstants(block, constants) : block, plan.outputFilters);
      if (out.rows === 0) continue;
      if (!converted) {
        yield out;
        continue;
      }
      const rows = blockRows(out);
      for (const row of rows) plan.converter!.apply(row, planned.account.currency, planned.range.end);
      yield pageBlock({ rows }, converted);
    }
  }
  await Promise.all(commits);
}

/** The cache switched off (a bench's reference run): straight from the connector. */
async function* platformBlocks(plan: QueryPlan, index: number, stats: DayStats): AsyncGenerator<CellBlock> {
  const planned = plan.accounts[index];
  stats.daysFromPlatform += eachDay(planned.range).length;
  const ctx = await planned.context();
  for await (const page of plan.connector.read(ctx, planned.request)) yield pageBlock(page, plan.readFields);
}
