import { describe, expect, it } from "vitest";
import { ConnectorError } from "./errors.js";
import { collectItems, nextOffset, paginate } from "./paginate.js";

describe("paginate", () => {
  it("follows cursors until the last page and skips empty pages", async () => {
    const pages: Record<string, { items: number[]; next?: string }> = {
      start: { items: [1, 2], next: "b" },
      b: { items: [], next: "c" },
      c: { items: [3] },
    };
    const seen: (string | undefined)[] = [];
    const out = [];
    for await (const items of paginate<number, string>(async (cursor) => {
      seen.push(cursor);
      return pages[cursor ?? "start"];
    }, { platform: "p" })) out.push(items);
    expect(out).toEqual([[1, 2], [3]]);
    expect(seen).toEqual([undefined, "b", "c"]);
  });

  it("refuses a cursor it has already followed", async () => {
    const pages = paginate<number, string>(async () => ({ items: [1], next: "same" }), { platform: "p" });
    const error = await collectItems(pages).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe("system");
    expect((error as ConnectorError).message).toMatch(/same page cursor/);
  });

  it("stops at maxPages", async () => {
    let n = 0;
    const pages = paginate<number, number>(async () => ({ items: [n], next: ++n }), { platform: "p", maxPages: 3 });
    await expect(collectItems(pages)).rejects.toThrow(/after 3/);
  });
});

describe("nextOffset", () => {
  it("uses the total when known, else a short page", () => {
    expect(nextOffset(0, 100, 100, 250)).toBe(100);
    expect(nextOffset(200, 50, 100, 250)).toBeUndefined();
    expect(nextOffset(0, 100, 100)).toBe(100);
    expect(nextOffset(100, 40, 100)).toBeUndefined();
    expect(nextOffset(100, 0, 100, 500)).toBeUndefined();
  });
});
