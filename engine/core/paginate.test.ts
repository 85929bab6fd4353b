import { describe, expect, it } from "vitest";
import { ConnectorError } from "./errors.js";
import { paginateCursor } from "./paginate.js";

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe("paginateCursor", () => {
  it("follows cursors until there is none and passes each cursor on", async () => {
    const asked: (string | undefined)[] = [];
    const book: Record<string, { items: number[]; next?: string }> = {
      start: { items: [1, 2], next: "b" },
      b: { items: [3], next: "c" },
      c: { items: [4] },
    };
    const pages = await collect(
      paginateCursor<number, string>(async (cursor) => {
        asked.push(cursor);
        return book[cursor ?? "start"];
      }, { platform: "test" }),
    );
    expect(pages).toEqual([[1, 2], [3], [4]]);
    expect(asked).toEqual([undefined, "b", "c"]);
  });

  it("treats null and empty cursors as the end, and yields an empty first page", async () => {
    expect(await collect(paginateCursor(async () => ({ items: [], next: null }), { platform: "test" }))).toEqual([[]]);
    expect(await collect(paginateCursor(async () => ({ items: ["x"], next: "" }), { platform: "test" }))).toEqual([["x"]]);
  });

  it("stops with a system error when a cursor repeats", async () => {
    const error = await collect(paginateCursor(async () => ({ items: [1], next: "same" }), { platform: "loopy" })).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("system");
    expect(error.platform).toBe("loopy");
  });

  it("stops after maxPages", async () => {
    let n = 0;
    const error = await collect(paginateCursor(async () => ({ items: [n], next: ++n }), { platform: "test", maxPages: 3 })).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(n).toBe(3);
  });
});
