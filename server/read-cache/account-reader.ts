// One account's read through the cache: stored days are served from PostgreSQL as blocks of
// encoded cells, the others (missing, stale inside the restatement window, unsettled, or every
// day on a refresh) are read from the connector in as few runs as possible and stored as they
// stream. Days come out in order; a query that does not ask for the date is rolled up here.
import type { DB } from "../../db/connection.js";
import { deleteStoredDays, listStoredDays, readStoredDays, touchStoredDays, type PartitionRef, type StoredDayRows } from "../../db/repositories/read-cache.js";
import { RowAggregator } from "../../engine/core/aggregate.js";
import { eachDay, todayIn } from "../../engine/core/dates.js";
import type { Connector, ConnectorContext, DateRange, ReadRequest, RowPage } from "../../engine/core/types.js";
import { blockRows, pageBlock, rowBlocks, type CellBlock } from "../../engine/query/cells.js";
import { planDays, type DayCacheShape } from "../../engine/query/day-partitions.js";
import { DayFill } from "./day-fill.js";
import { afterCommit } from "./maintenance.js";
import type { ReadCacheSettings } from "./settings.js";

/** Stored days are read in statements of about this many characters (the next one is fetched while the current one is sent). */
const PAGE_CHARS = 4 * 1024 * 1024;

export type DayStats = { daysFromPlatform: number; daysFromCache: number };

export type AccountCacheRead = {
  db: DB;
  ref: PartitionRef;
  connector: Connector;
  context: () => Promise<ConnectorContext>;
  /** The read as asked (one account). */
  request: ReadRequest;
  shape: DayCacheShape;
  fingerprint: string;
  /** The account's timezone: its days and its restatement window. */
  timezone: string;
  now: Date;
  /** Every day from the platform (nocache=1, data-stream runs), stored again. */
  refresh: boolean;
  settings: ReadCacheSettings;
  stats: DayStats;
  /** Says why a read was not stored (fill failures); never carries row data or credentials. */
  log?: (message: string) => void;
};

/** Blocks of the read's rows: layout = shape.layout, or the asked fields when rolled up. */
export function readAccountBlocks(input: AccountCacheRead): AsyncGenerator<CellBlock> {
  return input.shape.rollup ? rolledUp(input, input.shape.rollup) : dayBlocks(input, (block) => block);
}

/**
 * The connector's pages as they come, stored on the way (data-stream runs): every day is read
 * from the platform, so the caller gets exactly what connector.read would have given.
 */
export function readAccountPages(input: AccountCacheRead): AsyncGenerator<RowPage> {
  return dayBlocks({ ...input, refresh: true }, (_block, page) => page!);
}

async function* rolledUp(input: AccountCacheRead, rollup: NonNullable<DayCacheShape["rollup"]>): AsyncGenerator<CellBlock> {
  const aggregator = new RowAggregator({ dimensions: rollup.dimensions, metrics: rollup.metrics, output: input.request.fields });
  for await (const block of dayBlocks(input, (b) => b)) for (const row of blockRows(block)) aggregator.add(row);
  yield* rowBlocks(input.request.fields, aggregator.rows());
}

const sameLayout = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

async function* dayBlocks<T>(input: AccountCacheRead, emit: (block: CellBlock, page?: RowPage) => T): AsyncGenerator<T> {
  const { db, ref, shape, request } = input;
  const { days: storedDays, generation } = await listStoredDays(db, ref, request.range);
  const stored = new Map<string, { fetchedAt: Date; byteSize: number }>();
  const outdated: string[] = [];
  for (const d of storedDays) {
    // Rows stored under another catalogue definition or layout are never served: read again.
    if (d.fingerprint !== input.fingerprint || !sameLayout(d.layout, shape.layout)) outdated.push(d.day);
    else stored.set(d.day, { fetchedAt: d.fetchedAt, byteSize: d.byteSize });
  }
  if (outdated.length > 0) {
    input.log?.(`${outdated.length} stored days no longer match the catalogue; reading them again`);
    await deleteStoredDays(db, ref, outdated);
  }
  const lastDay = todayIn(input.timezone, input.now);
  const segments = planDays({
    range: request.range,
    stored: new Map([...stored].map(([day, s]) => [day, s.fetchedAt])),
    restatementDays: input.connector.restatementDays,
    timezone: input.timezone,
    now: input.now,
    policy: input.settings.freshness,
    refresh: input.refresh || !input.settings.enabled,
  });
  const served: string[] = [];
  try {
    for (const segment of segments) {
      if (segment.from === "platform") {
        yield* platformDays(input, segment.range, generation, lastDay, emit);
        continue;
      }
      // Stored days, a page of about PAGE_CHARS at a time, the next page read while this one is sent.
      const pages: string[][] = [[]];
      let chars = 0;
      for (const day of segment.days) {
        const size = stored.get(day)?.byteSize ?? 0;
        if (chars > 0 && chars + size > PAGE_CHARS) {
          pages.push([]);
          chars = 0;
        }
        pages.at(-1)!.push(day);
        chars += size;
      }
      let next: Promise<StoredDayRows[]> | undefined = readStoredDays(db, ref, pages[0]);
      for (let p = 0; p < pages.length; p++) {
        const current: Promise<StoredDayRows[]> = next!;
        next = p + 1 < pages.length ? readStoredDays(db, ref, pages[p + 1]) : undefined;
        // A prefetch nobody awaits (the client left) must not become an unhandled rejection.
        next?.catch(() => undefined);
        const found = new Map((await current).map((d) => [d.day, d]));
        let vanished: string[] = [];
        for (const day of pages[p]) {
          const rows = found.get(day);
          if (!rows) {
            vanished.push(day);
            continue;
          }
          if (vanished.length > 0) {
            // Evicted or emptied since it was listed: read from the platform, in its place.
            yield* platformDays(input, { start: vanished[0], end: vanished.at(-1)! }, generation, lastDay, emit);
            vanished = [];
          }
          input.stats.daysFromCache += 1;
          served.push(day);
          for (const chunk of rows.chunks) yield emit({ layout: shape.layout, cells: chunk.cells, rows: chunk.rowCount });
        }
        if (vanished.length > 0) yield* platformDays(input, { start: vanished[0], end: vanished.at(-1)! }, generation, lastDay, emit);
      }
    }
  } finally {
    // Eviction keeps what was read recently; a failure here only makes eviction less accurate.
    if (served.length > 0) void touchStoredDays(db, ref, served, input.now).catch(() => undefined);
  }
}

async function* platformDays<T>(
  input: AccountCacheRead,
  range: DateRange,
  generation: number,
  lastDay: string,
  emit: (block: CellBlock, page?: RowPage) => T,
): AsyncGenerator<T> {
  const { db, ref, shape, settings } = input;
  const days = eachDay(range);
  const ctx = await input.context();
  const fill = settings.enabled
    ? new DayFill({ db, ref, layout: shape.layout, fingerprint: input.fingerprint, generation, fetchedAt: input.now, days, lastDay, maxBytes: settings.maxBytesPerCompany })
    : undefined;
  input.stats.daysFromPlatform += days.length;
  let completed = false;
  try {
    for await (const page of input.connector.read(ctx, { ...input.request, fields: shape.layout, range })) {
      const block = pageBlock(page, shape.layout);
      await fill?.add(block);
      yield emit(block, page);
    }
    completed = true;
  } finally {
    if (fill) {
      if (!completed) await fill.abandon("the read did not finish");
      else {
        const outcome = await fill.commit();
        if (outcome && !outcome.refused) afterCommit(db, ref.companyId, settings);
        if (outcome?.refused) input.log?.("the account's stored data was emptied during the read; this read was not stored");
      }
      if (fill.failure && completed) input.log?.(`this read was not stored: ${fill.failure}`);
    }
  }
}
