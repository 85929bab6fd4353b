// One producer, many readers: identical concurrent query-URL requests share one upstream read.
// The first request produces; a request that arrives while the replay buffer still holds every
// chunk from the start joins and reads the same bytes. Once more than `replayLimitBytes` were
// produced the flight closes to newcomers (they start their own read) and chunks every reader
// has passed are dropped, so memory stays bounded by the slowest reader's lag (backpressure:
// the producer waits while any reader is more than `maxLagChunks` behind).

export type SharedStreamOptions = {
  replayLimitBytes?: number;
  maxLagChunks?: number;
};

type Reader = { pos: number; closed: boolean };

export class SharedStream {
  private chunks: Uint8Array[] = [];
  /** Index (in the whole stream) of chunks[0]. */
  private base = 0;
  private produced = 0;
  private producedBytes = 0;
  private done = false;
  private failure: unknown = undefined;
  private readers = new Set<Reader>();
  private wakeReaders: (() => void)[] = [];
  private wakeProducer: (() => void) | undefined;
  private started = false;
  private readonly replayLimitBytes: number;
  private readonly maxLagChunks: number;
  private readonly abort = new AbortController();

  constructor(
    private readonly produce: (signal: AbortSignal) => AsyncIterable<Uint8Array>,
    opts: SharedStreamOptions = {},
  ) {
    this.replayLimitBytes = opts.replayLimitBytes ?? 4 * 1024 * 1024;
    this.maxLagChunks = opts.maxLagChunks ?? 16;
  }

  /** True while a new reader would still see the stream from its first byte. */
  get joinable(): boolean {
    return !this.failure && this.base === 0 && this.producedBytes <= this.replayLimitBytes && !this.abort.signal.aborted;
  }

  get finished(): boolean {
    return this.done;
  }

  /** A reader from the first chunk; throws if the flight is no longer joinable. */
  subscribe(): ReadableStream<Uint8Array> {
    if (!this.joinable) throw new Error("This shared stream can no longer be joined");
    const reader: Reader = { pos: 0, closed: false };
    this.readers.add(reader);
    if (!this.started) {
      this.started = true;
      void this.run();
    }
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          for (;;) {
            if (reader.pos < this.produced) {
              const chunk = this.chunks[reader.pos - this.base];
              reader.pos += 1;
              this.release();
              controller.enqueue(chunk);
              return;
            }
            if (this.failure !== undefined) {
              this.leave(reader);
              controller.error(this.failure);
              return;
            }
            if (this.done) {
              this.leave(reader);
              controller.close();
              return;
            }
            await new Promise<void>((resolve) => this.wakeReaders.push(resolve));
          }
        },
        cancel: () => this.leave(reader),
      },
      { highWaterMark: 0 },
    );
  }

  private leave(reader: Reader) {
    if (reader.closed) return;
    reader.closed = true;
    this.readers.delete(reader);
    // Nobody is listening any more: stop reading upstream.
    if (this.readers.size === 0 && !this.done) this.abort.abort(new Error("All readers left"));
    this.release();
  }

  /** Drops chunks every reader has passed (only once nobody can join from the start) and wakes the producer. */
  private release() {
    if (!this.joinable) {
      const slowest = Math.min(...[...this.readers].map((r) => r.pos), this.produced);
      if (slowest > this.base) {
        this.chunks.splice(0, slowest - this.base);
        this.base = slowest;
      }
    }
    const wake = this.wakeProducer;
    this.wakeProducer = undefined;
    wake?.();
  }

  private lag(): number {
    let slowest = this.produced;
    for (const r of this.readers) slowest = Math.min(slowest, r.pos);
    return this.produced - slowest;
  }

  private notify() {
    const waiting = this.wakeReaders;
    this.wakeReaders = [];
    for (const wake of waiting) wake();
  }

  private async run() {
    try {
      for await (const chunk of this.produce(this.abort.signal)) {
        if (this.abort.signal.aborted) break;
        this.chunks.push(chunk);
        this.produced += 1;
        this.producedBytes += chunk.byteLength;
        this.notify();
        this.release();
        while (this.lag() > this.maxLagChunks && !this.abort.signal.aborted) {
          await new Promise<void>((resolve) => (this.wakeProducer = resolve));
        }
      }
      this.done = true;
    } catch (error) {
      this.failure = error ?? new Error("Upstream read failed");
    }
    this.notify();
  }
}

const encoder = new TextEncoder();

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/**
 * Turns many small parts (text or bytes) into chunks of about `size` bytes (one row per chunk is
 * slow to send); a part of a quarter of that size or more goes through as it is, after what was
 * pending (copying the stored blocks of a cached answer into chunks cost as much as sending them:
 * a stored day's csv records are 15-30 KB).
 */
export async function* coalesce(source: AsyncIterable<string | Uint8Array>, size = 64 * 1024, onBytes?: (n: number) => void, firstSize = 4 * 1024): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let length = 0;
  // A small first chunk: the client sees its first byte (and the headers) as early as possible.
  let threshold = Math.min(firstSize, size);
  const take = (): Uint8Array => {
    const chunk = concat(parts, length);
    parts = [];
    length = 0;
    onBytes?.(chunk.byteLength);
    return chunk;
  };
  for await (const part of source) {
    const bytes = typeof part === "string" ? encoder.encode(part) : part;
    if (bytes.byteLength === 0) continue;
    if (bytes.byteLength >= size / 4) {
      if (length > 0) yield take();
      threshold = size;
      onBytes?.(bytes.byteLength);
      yield bytes;
      continue;
    }
    parts.push(bytes);
    length += bytes.byteLength;
    if (length >= threshold) {
      threshold = size;
      yield take();
    }
  }
  if (length > 0) yield take();
}
