// One account's read through the cache: stored partitions are served from PostgreSQL as blocks of
// encoded cells, the others (missing, stale inside the restatement window, unsettled, or every
// one on a refresh) are read from the connector in as few runs as possible and stored as they
// stream. By day, days come out in order; by range (a read without the date), the whole answer is
// one partition filed under the range's last day.
import type { DB } from "../../db/connection.js";
import { chunksBytes, deleteStoredDays, listStoredDays, readStoredDays, touchStoredDays, TOUCH_EVERY_MS, type PartitionRef, type StoredDayRows } from "../../db/repositories/read-cache.js";
import { eachDay, todayIn, type Connector, type ConnectorContext, type DateRange, type ReadRequest, type RowPage, rowEncoder, bytesBlock, csvFormBlock, csvRecords, type CellBlock, DATE_FIELD, planDays, type CacheShape, type DaySegment } from "../../engine/index.js";
import { DayFill } from "./day-fill.js";
import { hotDayKey, type HotDay } from "./hot-days.js";
import { afterCommit } from "./maintenance.js";
import type { ReadCacheSettings } from "./settings.js";

/** Stored days are read in statements of about this many characters (the next one is fetched while the current one is sent). */
const PAGE_CHARS = 4 * 1024 * 1024;
/** The first statement is small: the answer's first byte does not wait for megabytes (it brings at least the first day, which listStoredDays returns with the listing). */
const FIRST_PAGE_CHARS = 32 * 1024;

export type DayStats = { daysFromPlatform: number; daysFromCache: number };

export type AccountCacheRead = {
  db: DB;
  /** By range, the partition key names the range. */
  ref: PartitionRef;
  connector: Connector;
  context: () => Promise<ConnectorContext>;
  /** The read as asked (one account). */
  request: ReadRequest;
  shape: CacheShape;
  fingerprint: string;
  /** The account's timezone: its days and its restatement window. */
  timezone: string;
  now: Date;
  /** Every day from the platform (nocache=1, data-stream runs), stored again. */
  refresh: boolean;
  /**
   * The caller writes csv in exactly these columns and reads nothing else of the blocks: days
   * stored in this layout come as their csv form (CellBlock.csv), without their JSON text.
   */
  csvLayout?: readonly string[];
  settings: ReadCacheSettings;
  stats: DayStats;
  /** Says why a read was not stored (fill failures); never carries row data or credentials. */
  log?: (message: string) => void;
  /** The caller takes the connector's pages (a data-stream run): no encoded answer, and the load never waits for the cache. */
  pagesOnly?: boolean;
  /**
   * Where a read that completed leaves its fill's commit instead of waiting for it: the caller
   * reads its next account meanwhile and waits for them all before it ends (a query URL over
   * several accounts).
   */
  commits?: Promise<void>[];
  /** The account's listing, started ahead by withListing (a query URL lists its next account while it sends this one). */
  listing?: Promise<Listing>;
};

type Listing = Awaited<ReturnType<typeof listStoredDays>>;

/** The days a read lists: by range, its one partition is filed under the range's last day. */
const listedRange = (input: AccountCacheRead) => (input.shape.by === "range" ? { start: input.request.range.end, end: input.request.range.end } : input.request.range);

const listingOf = (input: AccountCacheRead): Promise<Listing> => listStoredDays(input.db, input.ref, listedRange(input), FIRST_PAGE_CHARS, { csvLayout: input.csvLayout });

/** The read with its listing statement already sent. */
export function withListing(input: AccountCacheRead): AccountCacheRead {
  const listing = listingOf(input);
  // Awaited by the read; a read never started (the client left) must not leave an unhandled rejection.
  listing.catch(() => undefined);
  return { ...input, listing };
}

const EMPTY_BLOCK: CellBlock = { layout: [], text: "", rows: 0 };
const encoder = new TextEncoder();

type Emit<T> = (block: CellBlock, page?: RowPage) => T;

/** Blocks of the read's rows, in the shape's layout. */
export function readAccountBlocks(input: AccountCacheRead): AsyncGenerator<CellBlock> {
  return partitions(input, (block) => block);
}

/**
 * The connector's pages as they come, stored on the way (data-stream runs): every day is read
 * from the platform, so the caller gets exactly what connector.read would have given.
 */
export function readAccountPages(input: AccountCacheRead): AsyncGenerator<RowPage> {
  return partitions({ ...input, refresh: true, pagesOnly: true }, (_block, page) => page!);
}

/** The same fields, in any order (a partition stored by a request that asked them in another order serves this one). */
const sameFields = (a: readonly string[], b: readonly string[]) =>
  // Stored days nearly always have the asked order: compared in place first (sorted copies per day were a cached answer's largest allocation).
  a.length === b.length && (a.every((f, i) => f === b[i]) || [...a].sort().join("\u0000") === [...b].sort().join("\u0000"));

async function* partitions<T>(input: AccountCacheRead, emit: Emit<T>): AsyncGenerator<T> {
  const { db, ref, shape, request } = input;
  const byRange = shape.by === "range";
  const listed = listedRange(input);
  const form = { csvLayout: input.csvLayout };
  const { days: storedDays, generation, prefetched } = await (input.listing ?? listingOf(input));
  const early = new Map(prefetched.map((d) => [d.day, d]));
  const stored = new Map<string, { fillId: string; fetchedAt: Date; lastReadAt: Date; byteSize: number }>();
  const outdated: string[] = [];
  for (const d of storedDays) {
    // Rows stored under another catalogue definition or other fields are never served: read again.
    if (d.fingerprint !== input.fingerprint || !sameFields(d.layout, shape.layout)) outdated.push(d.day);
    else stored.set(d.day, { fillId: d.fillId, fetchedAt: d.fetchedAt, lastReadAt: d.lastReadAt, byteSize: d.byteSize });
  }
  if (outdated.length > 0) {
    input.log?.(`${outdated.length} stored partitions no longer match the catalogue; reading them again`);
    await deleteStoredDays(db, ref, outdated);
  }
  const lastDay = todayIn(input.timezone, input.now);
  const segments = planDays({
    range: listed,
    stored: new Map([...stored].map(([day, s]) => [day, s.fetchedAt])),
    restatementDays: input.connector.restatementDays,
    timezone: input.timezone,
    now: input.now,
    policy: input.settings.freshness,
    refresh: input.refresh || !input.settings.enabled,
  });
  const days = byRange ? eachDay(request.range).length : 1;
  const toMark: string[] = [];
  const fetch = (segment: Pick<DaySegment, "range">) => platformDays(input, byRange ? request.range : segment.range, generation, lastDay, emit);
  try {
    for (const segment of segments) {
      if (segment.from === "platform") {
        yield* fetch(segment);
        continue;
      }
      // Days this process holds in memory (named by the fill the listing points them at) are sent from there.
      const { hot } = input.settings;
      const hotKey = (fillId: string, day: string) => hotDayKey(ref.companyId, fillId, day, input.csvLayout);
      const held = new Map<string, HotDay>();
      if (hot) {
        for (const day of segment.days) {
          const inMemory = hot.get(hotKey(stored.get(day)!.fillId, day));
          if (inMemory) held.set(day, inMemory);
        }
      }
      // A read larger than half the memory is not kept there: it would push out everything else
      // (the days of other dashboards) and be gone again before it is read again.
      const keep = hot && segment.days.reduce((n, d) => n + (stored.get(d)?.byteSize ?? 0), 0) <= hot.budgetBytes / 2 ? hot : undefined;
      // The other stored days, a page of about PAGE_CHARS at a time, the next page read while this one is sent.
      const pages: string[][] = [[]];
      let chars = 0;
      for (const day of segment.days) {
        const size = held.has(day) ? 0 : (stored.get(day)?.byteSize ?? 0);
        if (chars > 0 && chars + size > (pages.length === 1 ? FIRST_PAGE_CHARS : PAGE_CHARS)) {
          pages.push([]);
          chars = 0;
        }
        pages.at(-1)!.push(day);
        chars += size;
      }
      // A page whose rows came with the listing is not read again, nor are its days held in memory.
      const read = (page: string[]): Promise<StoredDayRows[]> => {
        const wanted = page.filter((d) => !held.has(d));
        return wanted.every((d) => early.has(d)) ? Promise.resolve(wanted.map((d) => early.get(d)!)) : readStoredDays(db, ref, wanted, form);
      };
      let next: Promise<StoredDayRows[]> | undefined = read(pages[0]);
      for (let p = 0; p < pages.length; p++) {
        const current: Promise<StoredDayRows[]> = next!;
        next = p + 1 < pages.length ? read(pages[p + 1]) : undefined;
        // A prefetch nobody awaits (the client left) must not become an unhandled rejection.
        next?.catch(() => undefined);
        const page = await current;
        const found = new Map(page.map((d) => [d.day, d]));
        // The page's rows inflated together (one zlib call for the page, decision 0899), as it becomes the one being sent.
        const chunks = page.flatMap((d) => d.chunks);
        const inflated = new Map(await chunksBytes(chunks).then((all) => all.map((bytes, i) => [chunks[i], bytes] as const)));
        for (const d of page) keep?.set(hotKey(d.fillId, d.day), { layout: d.layout, rowCount: d.rowCount, chunks: d.chunks.map((c) => ({ rowCount: c.rowCount, form: c.form, bytes: inflated.get(c)! })) });
        let vanished: string[] = [];
        for (const day of pages[p]) {
          const rows = held.get(day) ?? found.get(day);
          if (!rows) {
            vanished.push(day);
            continue;
          }
          if (vanished.length > 0) {
            // Evicted or emptied since it was listed: read from the platform, in its place.
            yield* fetch({ range: { start: vanished[0], end: vanished.at(-1)! } });
            vanished = [];
          }
          input.stats.daysFromCache += days;
          if (input.now.getTime() - (stored.get(day)?.lastReadAt.getTime() ?? 0) >= TOUCH_EVERY_MS) toMark.push(day);
          // The values come in the order of the request that stored them: the writers follow each block's layout.
          if (!sameFields(rows.layout, shape.layout)) throw new Error("A stored day changed fields while it was read.");
          for (const chunk of rows.chunks) {
            const bytes = "bytes" in chunk ? chunk.bytes : inflated.get(chunk)!;
            // JSON inflated from a page becomes a string at once (the page's buffer then dies
            // young: sending views of it measured 5-30 % slower, decision 0895); JSON held in
            // memory goes out as the bytes it is.
            const block = chunk.form === "csv" ? csvFormBlock(rows.layout, chunk.rowCount, bytes) : "bytes" in chunk ? bytesBlock(rows.layout, chunk.rowCount, bytes) : { layout: rows.layout, text: bytes.toString("utf8"), rows: chunk.rowCount };
            yield emit(block);
          }
        }
        if (vanished.length > 0) yield* fetch({ range: { start: vanished[0], end: vanished.at(-1)! } });
      }
    }
  } finally {
    // Eviction keeps what was read recently; a failure here only makes eviction less accurate.
    if (toMark.length > 0) void touchStoredDays(db, ref, toMark, input.now).catch(() => undefined);
  }
}

async function* platformDays<T>(input: AccountCacheRead, range: DateRange, generation: number, lastDay: string, emit: Emit<T>): AsyncGenerator<T> {
  const { db, ref, shape, settings } = input;
  const byRange = shape.by === "range";
  const days = eachDay(range);
  const ctx = await input.context();
  const fill = settings.enabled
    ? new DayFill({ db, ref, layout: shape.layout, byDate: !byRange, fingerprint: input.fingerprint, generation, fetchedAt: input.now, days: byRange ? [range.end] : days, lastDay, maxBytes: settings.maxBytesPerCompany, hot: input.pagesOnly ? undefined : settings.hot })
    : undefined;
  input.stats.daysFromPlatform += days.length;
  const encode = rowEncoder(shape.layout);
  let completed = false;
  try {
    for await (const page of input.connector.read(ctx, { ...input.request, fields: shape.layout, range })) {
      // Each row is encoded once, for the answer and for the fill (runs of one day go together).
      // A caller that wants the pages (a data-stream run) does not need the encoded answer: once
      // its fill has given up, its rows are not encoded at all.
      const answer = !input.pagesOnly;
      if (!answer && !fill?.active) {
        yield emit(EMPTY_BLOCK, page);
        continue;
      }
      // A run of one day's rows is encoded once, to UTF-8 bytes shared by the answer and the fill
      // (which also derives their csv records, decision 0895, and hands them to a csv answer).
      const blocks: CellBlock[] = [];
      let run = "";
      let runRows = 0;
      let runDay: unknown = byRange ? range.end : undefined;
      const endRun = () => {
        if (runRows === 0) return;
        let block = bytesBlock(shape.layout, runRows, encoder.encode(run));
        if (fill?.active) {
          block = bytesBlock(shape.layout, runRows, block.bytes!, { csv: csvRecords(block) });
          fill.add(runDay, block);
        }
        if (answer) blocks.push(block);
        run = "";
        runRows = 0;
      };
      const byDay = fill?.active === true;
      for (const row of page.rows) {
        if (byDay) {
          const day = byRange ? range.end : row[DATE_FIELD];
          if (day !== runDay) endRun();
          runDay = day;
        }
        run += encode(row);
        runRows++;
      }
      endRun();
      await fill?.drain(input.pagesOnly);
      if (!answer) yield emit(EMPTY_BLOCK, page);
      else for (const block of blocks) yield emit(block, page);
    }
    completed = true;
  } finally {
    if (fill) {
      // A data-stream run does not wait for the cache's cleanup.
      if (!completed) {
        const cleanup = fill.abandon("the read did not finish");
        if (!input.pagesOnly) await cleanup;
      } else if (input.pagesOnly && !fill.active) void fill.abandon();
      else {
        const commit = (async () => {
          const outcome = await fill.commit();
          if (outcome && !outcome.refused) afterCommit(db, ref.companyId, settings);
          if (outcome?.refused) input.log?.("the account's stored data was emptied during the read; this read was not stored");
          if (fill.failure) input.log?.(`this read was not stored: ${fill.failure}`);
        })();
        if (input.commits) input.commits.push(commit);
        else await commit;
      }
    }
  }
}
