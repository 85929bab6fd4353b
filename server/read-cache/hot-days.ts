// The read cache's most recently read days, inflated, in this process's memory (decision 0899): a
// dashboard opened again is served without PostgreSQL sending its chunks or this process inflating
// them. Sending stored rows cost a cached answer more than the wire: PostgreSQL read and sent the
// chunks as hex text, and inflating them made the megabytes of garbage that set off full
// collections (bench/query-url).
//
// Nothing here is ever stale: an entry is named by the fill whose rows it holds, and a fill's
// rows never change (a refill, an eviction or an emptied account points the day at another fill
// or at none). A read finds an entry only through the fill its own listing, from PostgreSQL and
// scoped to its company, points the day at; an entry nobody points at any more just ages out.

/** One stored day's rows as a reader wants them (each chunk in the form the read asked for or had). */
export type HotDay = { layout: readonly string[]; rowCount: number; chunks: { rowCount: number; form: "json" | "csv"; bytes: Buffer }[] };

/** About what an entry and a chunk cost beyond their bytes (key, objects, Buffer handles). */
const ENTRY_BYTES = 512;
const CHUNK_BYTES = 128;

/** A byte budget of days, least recently read first out. */
export class HotDays {
  /** In order of last use (a Map keeps insertion order: a hit is moved to the end). */
  private readonly entries = new Map<string, { day: HotDay; bytes: number }>();
  private used = 0;

  constructor(readonly budgetBytes: number) {}

  get bytesHeld(): number {
    return this.used;
  }

  get(key: string): HotDay | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.day;
  }

  /**
   * Keeps a day, copying its bytes (a reader's chunks view the buffer of a whole page, which an
   * entry must not keep alive) unless the caller hands over buffers of their own (`copy: false`,
   * a fill's chunks). A day larger than a quarter of the budget is not kept: one large read would
   * otherwise push out everything else.
   */
  set(key: string, day: HotDay, opts: { copy?: boolean } = {}): void {
    // An entry's own objects count too: a budget of tiny days must not turn into a heap of entries.
    const bytes = ENTRY_BYTES + day.chunks.reduce((n, c) => n + CHUNK_BYTES + c.bytes.byteLength, 0);
    if (bytes > this.budgetBytes / 4) return;
    this.delete(key);
    const chunks = opts.copy === false ? day.chunks : day.chunks.map((c) => ({ ...c, bytes: Buffer.from(c.bytes) }));
    this.entries.set(key, { day: { ...day, chunks }, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }
}

/** The name of a stored day's rows in a form: the company, the fill they came from, the day, and the csv layout asked (or none). */
export function hotDayKey(companyId: number, fillId: string, day: string, csvLayout: readonly string[] | undefined): string {
  return `${companyId}\u0000${fillId}\u0000${day}\u0000${csvLayout ? JSON.stringify(csvLayout) : ""}`;
}

let processHotDays: HotDays | undefined;

/** This process's hot days, sized by READ_CACHE_MEMORY_MB once; none when it is 0. */
export function hotDaysOfProcess(megabytes: number): HotDays | undefined {
  if (megabytes <= 0) return undefined;
  processHotDays ??= new HotDays(Math.round(megabytes * 1024 * 1024));
  return processHotDays;
}
