import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chunksBytes, type StoredChunk } from "../../db/repositories/read-cache.js";

// Stored chunks (decision 0899): those stored with their length are sync-flushed pieces of a
// stream and inflate together; those stored before end their own stream and inflate alone.
const rows = (n: number, tag: string) => Buffer.from(Array.from({ length: n }, (_, i) => `{"date":"2026-03-0${(i % 9) + 1}","campaign":"${tag}-${i}","clicks":${i * 7}},`).join(""));
const piece = (bytes: Buffer): StoredChunk => ({ rowCount: 0, form: "json", deflated: zlib.deflateRawSync(bytes, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH }), byteLength: bytes.byteLength });
const legacy = (bytes: Buffer): StoredChunk => ({ rowCount: 0, form: "json", deflated: zlib.deflateRawSync(bytes, { level: 1 }) });

describe("chunksBytes", () => {
  it("inflates consecutive pieces in one call, each result a view of its buffer, and chunks stored before on their own", async () => {
    const texts = [rows(300, "a"), rows(1, "b"), rows(2000, "c"), rows(40, "d"), rows(5, "e")];
    const chunks = [piece(texts[0]), piece(texts[1]), legacy(texts[2]), piece(texts[3]), piece(texts[4])];
    const out = await chunksBytes(chunks);
    expect(out.map((b) => b.toString("utf8"))).toEqual(texts.map((t) => t.toString("utf8")));
    expect(out[0].buffer).toBe(out[1].buffer);
    expect(out[3].buffer).toBe(out[4].buffer);
    expect(out[2].buffer).not.toBe(out[1].buffer);
  });

  it("inflates a page too large for the spot in the pool, as one buffer", async () => {
    const texts = Array.from({ length: 12 }, (_, i) => rows(3000, `p${i}`));
    const out = await chunksBytes(texts.map(piece));
    expect(Buffer.concat(out).equals(Buffer.concat(texts))).toBe(true);
    expect(new Set(out.map((b) => b.buffer)).size).toBe(1);
  });

  it("refuses a piece cut short or a length that does not match instead of sending short rows", async () => {
    const whole = piece(rows(500, "x"));
    const cut = { ...whole, deflated: whole.deflated.subarray(0, Math.floor(whole.deflated.byteLength / 2)) };
    await expect(chunksBytes([piece(rows(3, "y")), cut])).rejects.toThrow(/damaged/);
    await expect(chunksBytes([{ ...whole, byteLength: whole.byteLength! + 1 }])).rejects.toThrow(/damaged/);
  });
});
