import { describe, expect, it } from "vitest";
import type { Row } from "../core/types.js";
import { blockRows, CellBlockError, decodeCell, encodeCell, encodeRow, filterBlock, headBlock, jsonRows, limitBlocks, rowBlocks, rowEncoder, splitCells, type CellBlock } from "./cells.js";

const values = ["text", "", 'q"uote', "back\\slash", "line\nbreak", "\u0001 control", "é 日本 🎉", 0, -1.5, 1e21, true, false, null];

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe("cells", () => {
  it("encodes each value as JSON.stringify writes it inside an object, and decodes it back", () => {
    for (const value of values) {
      const cell = encodeCell(value);
      expect(cell).toBe(JSON.stringify({ v: value }).slice(5, -1));
      expect(cell.includes("\u0001")).toBe(false);
      expect(decodeCell(cell)).toEqual(value);
    }
    expect(encodeCell(undefined)).toBe("null");
    expect(encodeCell(Number.NaN)).toBe("null");
  });

  it("writes a row as its JSON object, exactly, once the marks are removed", async () => {
    const layout = ["a", "b", "c"];
    const rows: Row[] = values.map((v, i) => ({ a: v, b: values[(i + 3) % values.length], c: i }));
    const [block] = await all(rowBlocks(layout, rows));
    expect(jsonRows(block)).toBe(rows.map((r) => JSON.stringify(r)).join(","));
    // A nested value a connector let through stays text, never nested JSON.
    expect(encodeCell({ x: 1 } as never)).toBe(JSON.stringify('{"x":1}'));
  });

  it("writes each row in the layout's order with null for what is missing, however the row object was built", () => {
    const layout = ["a", "b", "c"];
    const encode = rowEncoder(layout);
    const expected = (row: Row) => JSON.stringify({ a: row.a ?? null, b: row.b ?? null, c: row.c ?? null }) + ",";
    const rows: Row[] = [
      { a: "x", b: 1, c: true },
      { c: true, b: 1, a: "x" },
      { a: "x", b: 1 },
      { a: "x", b: 1, c: true, d: "extra" },
      { a: undefined as never, b: Number.NaN, c: Number.POSITIVE_INFINITY },
      { a: -0, b: 1e21, c: null },
      { a: 'q"uote\n', b: "\ud800 lone", c: "é 日本 🎉" },
    ];
    for (const row of rows) expect(encode(row)).toBe(expected(row));
    // Nested values and objects with their own JSON stay the text of their JSON.
    expect(encode({ a: { x: 1 } as never, b: new Date(0) as never, c: 1 })).toBe(`{"a":${JSON.stringify('{"x":1}')},"b":${JSON.stringify(JSON.stringify(new Date(0)))},"c":1},`);
    const numeric = rowEncoder(["b", "1"]);
    expect(numeric({ b: 2, 1: 3 })).toBe('{"b":2,"1":3},');
  });

  it("round-trips rows through blocks, whatever the values", async () => {
    const layout = ["a", "b", "c"];
    const rows: Row[] = values.map((v, i) => ({ a: v, b: values[(i + 3) % values.length], c: i }));
    const blocks = await all(rowBlocks(layout, rows, 4));
    expect(blocks.map((b) => b.rows)).toEqual([4, 4, 4, 1]);
    expect(blocks.flatMap(blockRows)).toEqual(rows);
  });

  it("refuses a block whose cells do not fit its layout", () => {
    const text = encodeRow({ a: 1, b: 2 }, ["a", "b"]);
    expect(() => splitCells({ layout: ["a", "b"], text: text + text.slice(0, 8), rows: 1 })).toThrow(CellBlockError);
    expect(() => splitCells({ layout: ["a", "b"], text, rows: 2 })).toThrow(CellBlockError);
    expect(() => splitCells({ layout: ["a"], text, rows: 1 })).toThrow(CellBlockError);
  });

  it("filters on decoded cells and cuts blocks at a row count", async () => {
    const layout = ["name", "clicks"];
    const rows: Row[] = [
      { name: "Brand", clicks: 10 },
      { name: "Generic", clicks: 200 },
      { name: "brand, exact", clicks: 300 },
    ];
    const [block] = await all(rowBlocks(layout, rows));
    expect(blockRows(filterBlock(block, [{ field: "clicks", type: "greater_than", value: 100 }]))).toEqual(rows.slice(1));
    expect(blockRows(filterBlock(block, [{ field: "name", type: "contains", value: "brand" }]))).toEqual([rows[0], rows[2]]);
    expect(filterBlock(block, [])).toBe(block);
    expect(blockRows(headBlock(block, 2))).toEqual(rows.slice(0, 2));
    const limited = await all(limitBlocks((async function* () { yield block; yield block; })(), 4));
    expect(limited.map((b) => b.rows)).toEqual([3, 1]);
  });
});
