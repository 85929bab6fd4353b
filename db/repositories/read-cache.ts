import { promisify } from "node:util";
import zlib from "node:zlib";
import { sql } from "kysely";
import type { DB } from "../connection.js";

/**
 * The read cache's storage (issue 20, decision 0890). A fill stages its chunks under a fresh
 * fill id while the platform read runs, then commitFill swaps the fill's days in, in one
 * transaction that also deletes the chunks they replace: a single statement reading a day's
 * partition and chunks sees one fill's rows, never two or half of one. Writers of one account
 * serialize on an advisory lock (READ_CACHE_LOCK, data source id), so two concurrent fills of a
 * day end with exactly one of them (the one whose read started last).
 * Every function takes the company and filters by it.
 */

/** pg_advisory_xact_lock(READ_CACHE_LOCK, data_source_id): one writer per account at a time. */
const READ_CACHE_LOCK = 20_890;

async function lockAccounts(db: DB, dataSourceIds: number[]): Promise<void> {
  // Always in the same order: two transactions locking several accounts cannot deadlock.
  for (const id of [...new Set(dataSourceIds)].sort((a, b) => a - b)) await sql`select pg_advisory_xact_lock(${READ_CACHE_LOCK}, ${id})`.execute(db);
}

export type PartitionRef = { companyId: number; dataSourceId: number; partitionKey: string };

/** fillId: the fill whose chunks the day points at; a fill's chunks never change (a refill is a new fill), so it names the day's rows. */
export type StoredDay = { day: string; fillId: string; fetchedAt: Date; lastReadAt: Date; layout: string[]; fingerprint: string; rowCount: number; byteSize: number };

/**
 * A stored day's chunks: their rows as JSON text (engine/query/cells.ts) or, when the reader
 * asked for it and the day has it, as CSV records in the day's layout; deflated (a tenth of the
 * size) until the reader takes their UTF-8 bytes (chunksBytes) as it sends them, so a page read
 * ahead holds little memory.
 */
export type StoredChunk = { rowCount: number; form: "json" | "csv"; deflated: Buffer; /** Before deflate, when stored (chunks from before migration 2026112602000 have none). */ byteLength?: number };
export type StoredDayRows = { day: string; fillId: string; layout: string[]; rowCount: number; chunks: StoredChunk[] };

/** Which form of the rows a reader wants: the CSV records of the days stored in exactly this layout, the JSON text of the others. */
export type StoredForm = { csvLayout?: readonly string[] };

type ChunkRow = { day: string; fillId: string; layout: string[]; dayRows: number; seq: number | null; chunkRows: number | null; deflated: Buffer | null; csvDeflated: Buffer | null; formLength: number | null };

/**
 * The chunk columns of a read: the CSV form where the reader wants it and the chunk has it (one
 * stored before decision 0895 has none), the JSON form otherwise; never both.
 */
const chunkForms = (form: StoredForm) => {
  const csv = sql`(${form.csvLayout ? JSON.stringify(form.csvLayout) : null}::jsonb = p.layout and c.csv_deflated is not null)`;
  return sql`case when ${csv} then c.csv_deflated end as csv_deflated, case when ${csv} then null else c.deflated end as deflated,
    case when ${csv} then c.csv_byte_length else c.byte_length end as form_length`;
};

// Chunks are deflated here, in the libuv thread pool (level 1: the cheapest, measured as small as
// PostgreSQL's pglz and 12x cheaper to write; decision 0890), and stored as they are.
//
// A chunk stored with its length (migration 2026112602000, decision 0899) is deflated as a piece
// of a stream: it ends with a sync flush (byte-aligned, no final block) and refers to nothing
// before it, so the chunks a reader sends one after the other inflate together, in one call
// into one buffer, which a cached answer's blocks then view. One zlib stream per chunk cost more
// in setting it up (and collecting it) than in inflating. Chunks stored before end their own
// stream and are inflated one by one.
const deflate = promisify(zlib.deflateRaw);
const inflate = promisify(zlib.inflateRaw);
const PIECE = { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH };
// A small chunk (an alert's day) is cheaper to (de)compress on the spot than to send to the pool.
const POOL_FROM_BYTES = 64 * 1024;
const packChunk = async (bytes: Uint8Array): Promise<Buffer> => (bytes.byteLength < POOL_FROM_BYTES ? zlib.deflateRawSync(bytes, PIECE) : deflate(bytes, PIECE));

/** Inflates raw deflate data into one buffer of `length` bytes (when known), on the spot or in the pool by size. */
async function inflateInto(deflated: Buffer, length: number | undefined): Promise<Buffer> {
  // One byte more than the output: zlib then ends with room to spare instead of asking for a second piece.
  const options = { finishFlush: zlib.constants.Z_SYNC_FLUSH, ...(length !== undefined ? { chunkSize: Math.max(64, length + 1) } : {}) };
  return deflated.byteLength < POOL_FROM_BYTES / 8 ? zlib.inflateRawSync(deflated, options) : await inflate(deflated, options);
}

/**
 * The UTF-8 bytes of stored chunks' rows (each in its form), in order. Consecutive chunks stored
 * as stream pieces are inflated in one call; each result views that call's buffer.
 */
export async function chunksBytes(chunks: readonly StoredChunk[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < chunks.length; ) {
    if (chunks[i].byteLength === undefined) {
      out.push(await inflateInto(chunks[i].deflated, undefined));
      i++;
      continue;
    }
    let j = i;
    let length = 0;
    while (j < chunks.length && chunks[j].byteLength !== undefined) length += chunks[j++].byteLength!;
    const run = chunks.slice(i, j);
    const bytes = await inflateInto(run.length === 1 ? run[0].deflated : Buffer.concat(run.map((c) => c.deflated)), length);
    // A piece cut short inflates without an error: its length is the check.
    if (bytes.byteLength !== length) throw new Error(`Stored rows are damaged: ${run.length} chunks inflated to ${bytes.byteLength} bytes instead of ${length}.`);
    let at = 0;
    for (const chunk of run) {
      out.push(bytes.subarray(at, at + chunk.byteLength!));
      at += chunk.byteLength!;
    }
    i = j;
  }
  return out;
}

/** Chunk rows (ordered by day, seq) grouped by day. */
function groupDays(rows: readonly ChunkRow[]): StoredDayRows[] {
  const out: StoredDayRows[] = [];
  for (const row of rows) {
    let day = out.at(-1);
    if (!day || day.day !== row.day) out.push((day = { day: row.day, fillId: row.fillId, layout: row.layout, rowCount: row.dayRows, chunks: [] }));
    const chunkRows = row.chunkRows ?? 0;
    const byteLength = row.formLength ?? undefined;
    if (row.csvDeflated !== null) day.chunks.push({ rowCount: chunkRows, form: "csv", deflated: row.csvDeflated, byteLength });
    else if (row.deflated !== null) day.chunks.push({ rowCount: chunkRows, form: "json", deflated: row.deflated, byteLength });
  }
  // A day whose chunks do not add up to its row count is not served (it cannot happen through
  // commitFill; a hand-edited table must not produce short answers).
  return out.filter((d) => d.chunks.reduce((n, c) => n + c.rowCount, 0) === d.rowCount);
}

/**
 * The stored days of a range and the account's reset generation a fill must start from, in one
 * statement, with the rows of the first days up to `prefetchChars`, and of the first day however
 * large it is (a small read is then served without a second round trip, and a large one sends its
 * first byte without waiting for one).
 */
export async function listStoredDays(
  db: DB,
  ref: PartitionRef,
  range: { start: string; end: string },
  prefetchChars = 0,
  form: StoredForm = {},
): Promise<{ days: StoredDay[]; generation: number; prefetched: StoredDayRows[] }> {
  const { rows } = await sql<StoredDay & ChunkRow & { generation: number | null; running: number | null }>`
    with g as (
      select (select generation from read_cache_resets where company_id = ${ref.companyId} and data_source_id = ${ref.dataSourceId}) as generation
    ), p as (
      select p.*, sum(p.byte_size) over (order by p.day) as running
      from read_cache_partitions p
      where p.company_id = ${ref.companyId} and p.data_source_id = ${ref.dataSourceId} and p.partition_key = ${ref.partitionKey}
        and p.day >= ${range.start} and p.day <= ${range.end}
    )
    select g.generation, p.day, p.fill_id, p.fetched_at, p.last_read_at, p.layout, p.fingerprint, p.row_count, p.byte_size,
      p.row_count as day_rows, p.running, c.seq, c.row_count as chunk_rows, ${chunkForms(form)}
    from g
    left join p on true
    left join read_cache_chunks c on (p.running <= ${prefetchChars} or (${prefetchChars}::int > 0 and p.running = p.byte_size)) and c.fill_id = p.fill_id and c.day = p.day and c.company_id = p.company_id
    order by p.day, c.seq`.execute(db);
  const days: StoredDay[] = [];
  for (const r of rows) {
    if (r.day === null || days.at(-1)?.day === r.day) continue;
    days.push({ day: r.day, fillId: r.fillId, fetchedAt: r.fetchedAt, lastReadAt: r.lastReadAt, layout: r.layout, fingerprint: r.fingerprint, rowCount: r.rowCount, byteSize: r.byteSize });
  }
  const prefetched = groupDays(rows.filter((r) => r.day !== null && (Number(r.running) <= prefetchChars || (prefetchChars > 0 && Number(r.running) === r.byteSize))));
  return { days, generation: rows[0]?.generation ?? 0, prefetched };
}

/**
 * The rows of stored days, day by day, in one statement (one snapshot). A day missing from the
 * answer was evicted or emptied since it was listed: the caller reads it from the platform.
 */
export async function readStoredDays(db: DB, ref: PartitionRef, days: readonly string[], form: StoredForm = {}): Promise<StoredDayRows[]> {
  if (days.length === 0) return [];
  const { rows } = await sql<ChunkRow>`
    select p.day, p.fill_id, p.layout, p.row_count as day_rows, c.seq, c.row_count as chunk_rows, ${chunkForms(form)}
    from read_cache_partitions p
    left join read_cache_chunks c on c.fill_id = p.fill_id and c.day = p.day and c.company_id = p.company_id
    where p.company_id = ${ref.companyId} and p.data_source_id = ${ref.dataSourceId} and p.partition_key = ${ref.partitionKey}
      and p.day = any(${[...days]}::text[])
    order by p.day, c.seq`.execute(db);
  return groupDays(rows);
}

/** A day read again within this long is not marked again: eviction needs the order of reads only roughly. */
export const TOUCH_EVERY_MS = 60 * 60_000;

/** Marks days as read now (for eviction); callers pass only days last marked TOUCH_EVERY_MS ago or more. */
export async function touchStoredDays(db: DB, ref: PartitionRef, days: readonly string[], at: Date): Promise<void> {
  if (days.length === 0) return;
  await db
    .updateTable("readCachePartitions")
    .set({ lastReadAt: at })
    .where("companyId", "=", ref.companyId)
    .where("dataSourceId", "=", ref.dataSourceId)
    .where("partitionKey", "=", ref.partitionKey)
    .where("day", "=", sql<string>`any(${[...days]}::text[])`)
    .where("lastReadAt", "<", new Date(at.getTime() - TOUCH_EVERY_MS))
    .execute();
}

/** A chunk's rows as the UTF-8 bytes of their JSON text and, when given, of their CSV records. */
export type ChunkInput = { day: string; seq: number; rowCount: number; bytes: Uint8Array; csv?: Uint8Array };

/** Stages a fill's chunks; nobody reads them before commitFill points days at the fill. */
export async function stageChunks(db: DB, companyId: number, dataSourceId: number, fillId: string, chunks: readonly ChunkInput[]): Promise<void> {
  if (chunks.length === 0) return;
  // One parameter per value: a text[] parameter would be escaped character by character by the driver.
  await db
    .insertInto("readCacheChunks")
    .values(
      await Promise.all(
        chunks.map(async (c) => {
          const [deflated, csvDeflated] = await Promise.all([packChunk(c.bytes), c.csv ? packChunk(c.csv) : null]);
          return { fillId, day: c.day, seq: c.seq, companyId, dataSourceId, rowCount: c.rowCount, deflated, csvDeflated, byteLength: c.bytes.byteLength, csvByteLength: c.csv?.byteLength ?? null };
        }),
      ),
    )
    .execute();
}

export type FillCommit = {
  partitionKey: string;
  layout: string[];
  fingerprint: string;
  fillId: string;
  /** When the platform read started: a stored day fetched later than this is newer and stays. */
  fetchedAt: Date;
  /** The account's reset generation when the fill started. */
  generation: number;
  days: { day: string; rowCount: number; byteSize: number }[];
};

export type CommitOutcome = { committed: string[]; kept: string[]; refused: boolean };

/**
 * Points the fill's days at its chunks and deletes the chunks they replace, in one transaction.
 * A day stored by a read that started later stays (kept); a fill that started before the
 * account's cache was emptied is refused and its chunks deleted.
 */
export async function commitFill(db: DB, companyId: number, dataSourceId: number, fill: FillCommit): Promise<CommitOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockAccounts(trx, [dataSourceId]);
    const reset = await trx.selectFrom("readCacheResets").select("generation").where("companyId", "=", companyId).where("dataSourceId", "=", dataSourceId).executeTakeFirst();
    if ((reset?.generation ?? 0) !== fill.generation) {
      await trx.deleteFrom("readCacheChunks").where("companyId", "=", companyId).where("fillId", "=", fill.fillId).execute();
      return { committed: [], kept: [], refused: true };
    }
    const days = fill.days.map((d) => d.day);
    const existing =
      days.length === 0
        ? []
        : await trx
            .selectFrom("readCachePartitions")
            .select(["day", "fillId", "fetchedAt"])
            .where("companyId", "=", companyId)
            .where("dataSourceId", "=", dataSourceId)
            .where("partitionKey", "=", fill.partitionKey)
            .where("day", "in", days)
            .execute();
    const newer = new Set(existing.filter((e) => e.fetchedAt.getTime() > fill.fetchedAt.getTime()).map((e) => e.day));
    const replace = fill.days.filter((d) => !newer.has(d.day));
    if (replace.length > 0) {
      await sql`
        insert into read_cache_partitions (company_id, data_source_id, partition_key, day, layout, fingerprint, fill_id, fetched_at, last_read_at, row_count, byte_size)
        select ${companyId}, ${dataSourceId}, ${fill.partitionKey}, u.day, ${JSON.stringify(fill.layout)}::jsonb, ${fill.fingerprint}, ${fill.fillId}::uuid, ${fill.fetchedAt}, now(), u.row_count, u.byte_size
        from unnest(${replace.map((d) => d.day)}::text[], ${replace.map((d) => d.rowCount)}::int[], ${replace.map((d) => d.byteSize)}::int[]) as u(day, row_count, byte_size)
        on conflict (data_source_id, partition_key, day) do update set
          layout = excluded.layout, fingerprint = excluded.fingerprint, fill_id = excluded.fill_id, fetched_at = excluded.fetched_at,
          row_count = excluded.row_count, byte_size = excluded.byte_size, last_read_at = now()`.execute(trx);
      const replaced = existing.filter((e) => !newer.has(e.day) && e.fillId !== fill.fillId);
      if (replaced.length > 0) {
        await sql`
          delete from read_cache_chunks c using unnest(${replaced.map((e) => e.fillId)}::uuid[], ${replaced.map((e) => e.day)}::text[]) as old(fill_id, day)
          where c.company_id = ${companyId} and c.fill_id = old.fill_id and c.day = old.day`.execute(trx);
      }
    }
    if (newer.size > 0) {
      await trx.deleteFrom("readCacheChunks").where("companyId", "=", companyId).where("fillId", "=", fill.fillId).where("day", "in", [...newer]).execute();
    }
    return { committed: replace.map((d) => d.day), kept: [...newer], refused: false };
  });
}

/** Deletes what a fill staged (it failed, was cut short or grew past the limit). */
export async function abandonFill(db: DB, companyId: number, fillId: string): Promise<void> {
  await db.deleteFrom("readCacheChunks").where("companyId", "=", companyId).where("fillId", "=", fillId).execute();
}

/** Deletes stored days (their rows no longer match the catalogue). */
export async function deleteStoredDays(db: DB, ref: PartitionRef, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await lockAccounts(trx, [ref.dataSourceId]);
    const gone = await trx
      .deleteFrom("readCachePartitions")
      .where("companyId", "=", ref.companyId)
      .where("dataSourceId", "=", ref.dataSourceId)
      .where("partitionKey", "=", ref.partitionKey)
      .where("day", "in", [...days])
      .returning(["fillId", "day"])
      .execute();
    if (gone.length > 0) {
      await sql`
        delete from read_cache_chunks c using unnest(${gone.map((g) => g.fillId)}::uuid[], ${gone.map((g) => g.day)}::text[]) as old(fill_id, day)
        where c.company_id = ${ref.companyId} and c.fill_id = old.fill_id and c.day = old.day`.execute(trx);
    }
  });
}

/**
 * Empties the cache of accounts (source reconnected, account blocked, Refresh data): their stored
 * days and staged chunks go, and their generation moves on so a fill already running when this
 * happened is refused at commit. Accounts of another company are ignored.
 */
export async function resetReadCache(db: DB, companyId: number, scope: { dataSourceIds?: number[]; networkAuthorizationId?: number }): Promise<{ accounts: number; days: number }> {
  const run = async (trx: DB) => {
    let query = trx.selectFrom("dataSources").select("id").where("companyId", "=", companyId);
    if (scope.networkAuthorizationId !== undefined) query = query.where("networkAuthorizationId", "=", scope.networkAuthorizationId);
    if (scope.dataSourceIds !== undefined) query = query.where("id", "in", scope.dataSourceIds.length > 0 ? scope.dataSourceIds : [-1]);
    const ids = (await query.execute()).map((r) => r.id);
    if (ids.length === 0) return { accounts: 0, days: 0 };
    await lockAccounts(trx, ids);
    await sql`
      insert into read_cache_resets (data_source_id, company_id, generation, reset_at)
      select id, ${companyId}, 1, now() from unnest(${ids}::int[]) as u(id)
      on conflict (data_source_id) do update set generation = read_cache_resets.generation + 1, reset_at = now()`.execute(trx);
    const deleted = await trx.deleteFrom("readCachePartitions").where("companyId", "=", companyId).where("dataSourceId", "in", ids).executeTakeFirst();
    await trx.deleteFrom("readCacheChunks").where("companyId", "=", companyId).where("dataSourceId", "in", ids).execute();
    return { accounts: ids.length, days: Number(deleted.numDeletedRows) };
  };
  // Inside the caller's transaction when it has one (blocking an account, replacing a credential).
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * Keeps the company's stored bytes within `limitBytes`: the days read least recently go first.
 * Returns what was evicted.
 */
export async function evictReadCache(db: DB, companyId: number, limitBytes: number): Promise<{ days: number; bytes: number }> {
  const total = await db
    .selectFrom("readCachePartitions")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("byteSize"), sql<number>`0`).as("bytes"))
    .where("companyId", "=", companyId)
    .executeTakeFirstOrThrow();
  if (Number(total.bytes) <= limitBytes) return { days: 0, bytes: 0 };
  const { rows } = await sql<{ days: number; bytes: number }>`
    with ranked as (
      select data_source_id, partition_key, day,
        sum(byte_size) over (order by last_read_at desc, fetched_at desc, data_source_id, partition_key, day rows between unbounded preceding and current row) as running
      from read_cache_partitions where company_id = ${companyId}
    ), doomed as (
      delete from read_cache_partitions p using ranked r
      where p.company_id = ${companyId} and p.data_source_id = r.data_source_id and p.partition_key = r.partition_key and p.day = r.day and r.running > ${limitBytes}
      returning p.fill_id, p.day, p.byte_size
    ), chunks as (
      delete from read_cache_chunks c using doomed d where c.company_id = ${companyId} and c.fill_id = d.fill_id and c.day = d.day returning 1
    )
    select count(*)::int as days, coalesce(sum(byte_size), 0)::bigint as bytes from doomed`.execute(db);
  return { days: Number(rows[0]?.days ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
}

/** Chunks no committed day points at, staged before `before`: fills that died mid-way. */
export async function sweepAbandonedChunks(db: DB, before: Date): Promise<number> {
  const result = await sql`
    delete from read_cache_chunks c
    where c.created_at < ${before}
      and not exists (select 1 from read_cache_partitions p where p.fill_id = c.fill_id and p.day = c.day)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** What the company stores: bytes (the limit counts these), days and accounts. */
export async function readCacheUsage(db: DB, companyId: number, dataSourceIds?: number[]): Promise<{ bytes: number; days: number; accounts: number }> {
  let query = db
    .selectFrom("readCachePartitions")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("byteSize"), sql<number>`0`).as("bytes"),
      eb.fn.countAll<number>().as("days"),
      sql<number>`count(distinct data_source_id)`.as("accounts"),
    ])
    .where("companyId", "=", companyId);
  if (dataSourceIds) query = query.where("dataSourceId", "in", dataSourceIds.length > 0 ? dataSourceIds : [-1]);
  const row = await query.executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), days: Number(row.days), accounts: Number(row.accounts) };
}
