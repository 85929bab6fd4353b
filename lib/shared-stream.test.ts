import { describe, expect, it } from "vitest";
import { coalesce, SharedStream } from "./shared-stream.js";

const enc = new TextEncoder();
const dec = new TextDecoder();

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let out = "";
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return out;
    out += dec.decode(value);
  }
}

describe("SharedStream", () => {
  it("gives two readers the same bytes from one upstream read", async () => {
    let reads = 0;
    const shared = new SharedStream(async function* () {
      reads += 1;
      for (let i = 0; i < 50; i++) yield enc.encode(`${i},`);
    });
    const a = shared.subscribe();
    const b = shared.subscribe();
    const [x, y] = await Promise.all([readAll(a), readAll(b)]);
    expect(x).toBe(Array.from({ length: 50 }, (_, i) => `${i},`).join(""));
    expect(y).toBe(x);
    expect(reads).toBe(1);
  });

  it("closes to newcomers once the replay limit is passed and bounds the buffer", async () => {
    const shared = new SharedStream(
      async function* () {
        for (let i = 0; i < 1000; i++) yield new Uint8Array(100);
      },
      { replayLimitBytes: 1000, maxLagChunks: 4 },
    );
    const stream = shared.subscribe();
    const reader = stream.getReader();
    let total = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      total += value.byteLength;
      // Bounded by the replay window (10 chunks) while joinable, then by the reader lag (4 + 1).
      expect((shared as unknown as { chunks: unknown[] }).chunks.length).toBeLessThanOrEqual(11);
    }
    expect(total).toBe(100_000);
    expect(shared.joinable).toBe(false);
    expect(() => shared.subscribe()).toThrow(/no longer be joined/);
  });

  it("passes an upstream failure to every reader and stops reading when all readers leave", async () => {
    const failing = new SharedStream(async function* () {
      yield enc.encode("a");
      throw new Error("platform down");
    });
    await expect(readAll(failing.subscribe())).rejects.toThrow("platform down");

    let produced = 0;
    const endless = new SharedStream(async function* (signal) {
      while (!signal.aborted) {
        produced += 1;
        yield enc.encode("x");
      }
    });
    const reader = endless.subscribe().getReader();
    await reader.read();
    await reader.cancel();
    const after = produced;
    await new Promise((r) => setTimeout(r, 20));
    expect(produced - after).toBeLessThanOrEqual(1);
  });
});

describe("coalesce", () => {
  it("joins small parts into larger chunks and counts bytes", async () => {
    let bytes = 0;
    const chunks: Uint8Array[] = [];
    for await (const c of coalesce((async function* () { for (let i = 0; i < 100; i++) yield "é".repeat(10); })(), 256, (n) => (bytes += n))) chunks.push(c);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(20);
    expect(bytes).toBe(2000);
  });

  it("passes a part of half a chunk or more through as it is, after what was pending, in order", async () => {
    const big = new Uint8Array(200).fill(7);
    const parts: (string | Uint8Array)[] = ["ab", big, "c", "d", big, new Uint8Array(300).fill(8), "e"];
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for await (const c of coalesce((async function* () { yield* parts; })(), 256, (n) => (bytes += n))) chunks.push(c);
    expect(chunks[1]).toBe(big);
    expect(chunks.map((c) => c.byteLength)).toEqual([2, 200, 2, 200, 300, 1]);
    const joined = Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p)));
    expect(Buffer.concat(chunks).equals(joined)).toBe(true);
    expect(bytes).toBe(joined.byteLength);
  });
});
