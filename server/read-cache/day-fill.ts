// One fill: the rows a platform read returns for a range of days, staged as chunks while the read
// streams (bounded memory, writes overlapped with the read) and swapped in as those days'
// partitions when the read completes (commitFill). Each chunk is stored as its JSON text and as
// the csv writer's records of it (decision 0895), both counted in the day's size. A fill that
// cannot be trusted gives up quietly and the read goes on uncached: rows outside its range or
// without a date, more bytes than the company may store, a failed write.
import { randomUUID } from "node:crypto";
import type { DB } from "../../db/connection.js";
import { abandonFill, commitFill, stageChunks, type ChunkInput, type CommitOutcome, type PartitionRef } from "../../db/repositories/read-cache.js";
import { csvRecords, DATE_FIELD, type CellBlock } from "../../engine/index.js";
import { hotDayKey, type HotDays } from "./hot-days.js";

/** A day's rows go to storage in chunks of about this many bytes (the JSON form). */
const CHUNK_BYTES = 512 * 1024;
/** Buffered rows of all days together before they are staged. */
const BUFFER_BYTES = 4 * 1024 * 1024;
/** Staged-but-unwritten bytes before the read waits for the database. */
const PENDING_BYTES = 8 * 1024 * 1024;

const encoder = new TextEncoder();

/** A day's rows waiting to be staged: the parts of both forms, in order. */
type DayBuffer = { json: Uint8Array[]; csv: Uint8Array[]; rows: number; bytes: number };

/** The bytes as a Buffer over a memory of their own: a view of a larger one (the csv records' buffer is sized for the JSON) is copied, so that what is kept is what is counted. */
const owned = (bytes: Uint8Array): Buffer => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? Buffer.from(bytes.buffer, 0, bytes.byteLength) : Buffer.from(bytes));

function joined(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  return Buffer.concat(parts);
}
export type DayFillInput = {
  db: DB;
  ref: PartitionRef;
  layout: readonly string[];
  /** Rows go to the day their date says (false: every row to the one day of `days`, a range partition). */
  byDate: boolean;
  fingerprint: string;
  /** The account's reset generation when the read was planned. */
  generation: number;
  /** When the platform read starts. */
  fetchedAt: Date;
  /** The days read; only those up to `lastDay` (today in the account's timezone) are stored. */
  days: readonly string[];
  lastDay: string;
  /** The company's limit: a fill bigger than this alone is not stored. */
  maxBytes: number;
  /**
   * This process's hot days: the days a fill stores are kept there too when it commits (the next
   * read of them, often the dashboard's next chart, is sent from memory), as long as the fill
   * holds no more than half their budget; a larger fill keeps none.
   */
  hot?: HotDays;
};

/** A day's chunks in both forms, in order, kept for the hot days until the fill commits. */
type WarmDay = { json: { rowCount: number; bytes: Buffer }[]; csv: { rowCount: number; bytes: Buffer }[] };

export class DayFill {
  readonly fillId = randomUUID();
  /** Why the fill gave up, if it did. */
  failure: string | undefined;
  private readonly storable: Set<string>;
  private readonly read: Set<string>;
  private readonly buffers = new Map<string, DayBuffer>();
  private readonly counts = new Map<string, { rows: number; bytes: number }>();
  private readonly seqs = new Map<string, number>();
  private buffered = 0;
  private total = 0;
  private pendingBytes = 0;
  private pending: Promise<void> = Promise.resolve();
  private cleanup: Promise<void> | undefined;
  private staged = false;
  private warm: Map<string, WarmDay> | undefined;
  private warmBytes = 0;

  constructor(private readonly input: DayFillInput) {
    this.read = new Set(input.days);
    this.storable = new Set(input.days.filter((d) => d <= input.lastDay));
    if (input.byDate && !input.layout.includes(DATE_FIELD)) this.failure = "the rows have no date";
    for (const day of this.storable) this.counts.set(day, { rows: 0, bytes: 0 });
    if (input.hot) this.warm = new Map();
  }

  get active(): boolean {
    return this.failure === undefined;
  }

  /**
   * Adds rows of one day: a block in the fill's layout with its UTF-8 bytes (and its csv records
   * when the caller derived them already); `day` is the rows' date value.
   */
  add(day: unknown, block: CellBlock): void {
    if (!this.active || block.rows === 0) return;
    if (!this.append(typeof day === "string" ? day : undefined, block)) return;
    if (this.buffered >= BUFFER_BYTES) this.flush(false);
  }

  /**
   * When the database falls behind the read: waits for it, or (`yieldToRead`, a data-stream run
   * whose load must not slow down for the cache) gives up storing this read.
   */
  async drain(yieldToRead = false): Promise<void> {
    if (this.pendingBytes < PENDING_BYTES) return;
    if (yieldToRead) void this.abandon("the database fell behind the read");
    else await this.pending;
  }

  /** Stores the read: every storable day, with its rows or none. */
  async commit(): Promise<CommitOutcome | undefined> {
    if (!this.active) return this.abandon();
    this.flush(true);
    await this.pending;
    if (!this.active) return this.abandon();
    const days = [...this.counts].map(([day, c]) => ({ day, rowCount: c.rows, byteSize: c.bytes }));
    try {
      const outcome = await commitFill(this.input.db, this.input.ref.companyId, this.input.ref.dataSourceId, {
        partitionKey: this.input.ref.partitionKey,
        layout: [...this.input.layout],
        fingerprint: this.input.fingerprint,
        fillId: this.fillId,
        fetchedAt: this.input.fetchedAt,
        generation: this.input.generation,
        days,
      });
      this.keepHot(outcome.committed);
      return outcome;
    } catch (error) {
      this.failure = `could not store the rows: ${error instanceof Error ? error.message : String(error)}`;
      return this.abandon();
    }
  }

  /**
   * Gives up storing this read and deletes what was staged, once the writes under way are done;
   * the read itself is unaffected (a caller that must not wait does not await the promise).
   */
  abandon(reason?: string): Promise<undefined> {
    this.failure ??= reason ?? "abandoned";
    this.buffers.clear();
    this.warm = undefined;
    this.cleanup ??= this.pending.then(async () => {
      // Best effort: chunks no day points at are swept later (sweepAbandonedChunks).
      if (this.staged) await abandonFill(this.input.db, this.input.ref.companyId, this.fillId).catch(() => undefined);
    });
    return this.cleanup.then(() => undefined);
  }

  private append(day: string | undefined, block: CellBlock): boolean {
    const count = day === undefined ? undefined : this.counts.get(day);
    if (!count) {
      if (day !== undefined && this.read.has(day)) return true; // a future day: read, not stored
      this.failure = day === undefined ? "a row has no valid date" : `a row is dated ${day}, outside the days read`;
      this.buffers.clear();
      return false;
    }
    let json: Uint8Array;
    let csv: Uint8Array;
    try {
      json = block.bytes ?? encoder.encode(block.text);
      csv = csvRecords(block);
    } catch (error) {
      // The answer does not depend on the stored forms: only the storing stops.
      this.failure = `could not write the rows' csv form: ${error instanceof Error ? error.message : String(error)}`;
      this.buffers.clear();
      return false;
    }
    // Both forms count against the company's limit.
    const size = json.byteLength + csv.byteLength;
    count.rows += block.rows;
    count.bytes += size;
    this.total += size;
    if (this.total > this.input.maxBytes) {
      this.failure = "the rows are larger than what the company may store";
      this.buffers.clear();
      return false;
    }
    let buffer = this.buffers.get(day!);
    if (!buffer) this.buffers.set(day!, (buffer = { json: [], csv: [], rows: 0, bytes: 0 }));
    buffer.json.push(json);
    buffer.csv.push(csv);
    buffer.rows += block.rows;
    buffer.bytes += json.byteLength;
    this.buffered += json.byteLength;
    if (buffer.bytes >= CHUNK_BYTES) this.flushDay(day!);
    return true;
  }

  private flushDay(day: string) {
    const buffer = this.buffers.get(day);
    if (!buffer || buffer.rows === 0) return;
    this.buffers.delete(day);
    this.buffered -= buffer.bytes;
    this.stage([this.chunkOf(day, buffer)]);
  }

  private flush(all: boolean) {
    const chunks: ChunkInput[] = [];
    for (const [day, buffer] of this.buffers) if (buffer.rows > 0) chunks.push(this.chunkOf(day, buffer));
    this.buffers.clear();
    this.buffered = 0;
    if (chunks.length > 0 || all) this.stage(chunks);
  }

  private chunkOf(day: string, buffer: DayBuffer): ChunkInput {
    // Records concatenated are the records of the rows concatenated.
    const chunk = { day, seq: this.nextSeq(day), rowCount: buffer.rows, bytes: joined(buffer.json), csv: joined(buffer.csv) };
    this.keepWarm(chunk);
    return chunk;
  }

  /** Holds a staged chunk's bytes (no copy: nothing writes them again) for the hot days, within half their budget. */
  private keepWarm(chunk: ChunkInput) {
    if (!this.warm || !this.input.hot) return;
    this.warmBytes += chunk.bytes.byteLength + (chunk.csv?.byteLength ?? 0);
    if (this.warmBytes > this.input.hot.budgetBytes / 2) {
      this.warm = undefined;
      return;
    }
    let day = this.warm.get(chunk.day);
    if (!day) this.warm.set(chunk.day, (day = { json: [], csv: [] }));
    day.json.push({ rowCount: chunk.rowCount, bytes: owned(chunk.bytes) });
    day.csv.push({ rowCount: chunk.rowCount, bytes: owned(chunk.csv!) });
  }

  /** The committed days into the hot days, in both forms (a csv reader in the fill's column order reads the csv one). */
  private keepHot(committed: readonly string[]) {
    const { hot, ref, layout } = this.input;
    const warm = this.warm;
    this.warm = undefined;
    if (!hot || !warm) return;
    for (const day of committed) {
      const rows = this.counts.get(day)?.rows ?? 0;
      const kept = warm.get(day) ?? { json: [], csv: [] };
      hot.set(hotDayKey(ref.companyId, this.fillId, day, undefined), { layout, rowCount: rows, chunks: kept.json.map((c) => ({ ...c, form: "json" as const })) }, { copy: false });
      hot.set(hotDayKey(ref.companyId, this.fillId, day, layout), { layout, rowCount: rows, chunks: kept.csv.map((c) => ({ ...c, form: "csv" as const })) }, { copy: false });
    }
  }

  private nextSeq(day: string): number {
    const seq = this.seqs.get(day) ?? 0;
    this.seqs.set(day, seq + 1);
    return seq;
  }

  private stage(chunks: ChunkInput[]) {
    if (chunks.length === 0 || !this.active) return;
    const bytes = chunks.reduce((n, c) => n + c.bytes.byteLength + (c.csv?.byteLength ?? 0), 0);
    this.pendingBytes += bytes;
    this.staged = true;
    const { db, ref } = this.input;
    this.pending = this.pending.then(async () => {
      if (!this.active) return;
      try {
        await stageChunks(db, ref.companyId, ref.dataSourceId, this.fillId, chunks);
      } catch (error) {
        // The read goes on; only its storing stops.
        this.failure = `could not stage the rows: ${error instanceof Error ? error.message : String(error)}`;
      } finally {
        this.pendingBytes -= bytes;
      }
    });
  }
}
