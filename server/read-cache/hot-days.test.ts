import { describe, expect, it } from "vitest";
import { HotDays, hotDayKey, type HotDay } from "./hot-days.js";

const day = (text: string): HotDay => ({ layout: ["date"], rowCount: 1, chunks: [{ rowCount: 1, form: "json", bytes: Buffer.from(text) }] });

describe("HotDays", () => {
  it("keeps days within its budget, the least recently read out first, counting each entry's own objects", () => {
    // A 1,000-byte day costs 1,000 + 512 (entry) + 128 (chunk) = 1,640: four fit.
    const hot = new HotDays(4 * 1640);
    hot.set("a", day("a".repeat(1000)));
    hot.set("b", day("b".repeat(1000)));
    hot.set("c", day("c".repeat(1000)));
    expect(hot.get("a")?.chunks[0].bytes.toString()).toBe("a".repeat(1000));
    hot.set("d", day("d".repeat(1000)));
    hot.set("e", day("e".repeat(1000)));
    // a was read after b: b, now the least recently read, made room for e.
    expect(hot.bytesHeld).toBe(4 * 1640);
    expect(["a", "b", "c", "d", "e"].filter((k) => hot.get(k))).toEqual(["a", "c", "d", "e"]);
    // The same key again replaces its entry and its size.
    hot.set("a", day("x".repeat(500)));
    expect(hot.bytesHeld).toBe(3 * 1640 + 1140);
    expect(hot.get("a")?.chunks[0].bytes.toString()).toBe("x".repeat(500));
  });

  it("copies what it keeps, and keeps no day larger than a quarter of its budget", () => {
    const hot = new HotDays(40_000);
    const page = Buffer.from("0123456789".repeat(6554));
    hot.set("view", { ...day(""), chunks: [{ rowCount: 1, form: "csv", bytes: page.subarray(0, 10) }] });
    page.fill(0);
    const kept = hot.get("view")!.chunks[0].bytes;
    expect(kept.toString()).toBe("0123456789");
    // A view of a page must not keep the page alive.
    expect(kept.buffer.byteLength).toBeLessThan(page.buffer.byteLength);
    hot.set("big", day("z".repeat(10_000 - 640 + 1)));
    expect(hot.get("big")).toBeUndefined();
  });

  it("names a day's rows by company, fill, day and the csv layout asked", () => {
    const keys = [hotDayKey(1, "f", "2026-03-01", undefined), hotDayKey(2, "f", "2026-03-01", undefined), hotDayKey(1, "g", "2026-03-01", undefined), hotDayKey(1, "f", "2026-03-02", undefined), hotDayKey(1, "f", "2026-03-01", ["date", "clicks"]), hotDayKey(1, "f", "2026-03-01", ["clicks", "date"])];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
