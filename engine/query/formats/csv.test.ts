import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import type { Row } from "../../core/types.js";
import type { Column } from "../execute.js";
import { bytesBlock, CellBlockError, rowBlocks, type CellBlock } from "../cells.js";
import { csvFormat, csvRecords } from "./csv.js";

const text = (id: string): Column => ({ id, name: `Name of ${id}`, type: "dimension", fieldType: "TEXT", aggregation: "NONE" });

async function render(columns: Column[], rows: Row[], headers?: "id" | "name"): Promise<string> {
  let out = "";
  const decoder = new TextDecoder();
  async function* source() {
    yield* rows;
  }
  for await (const chunk of csvFormat.write(columns, source(), { headers })) out += decoder.decode(chunk, { stream: true });
  return out;
}

// What the writer replaced (decision 0104 -> 0890): csv-stringify with the options it was called with.
function reference(columns: Column[], rows: Row[], headers?: "id" | "name"): string {
  return stringify(
    rows.map((r) => Object.fromEntries(columns.map((c) => [c.id, r[c.id] ?? null]))),
    {
      header: true,
      columns: columns.map((c) => ({ key: c.id, header: headers === "name" ? c.name : c.id })),
      cast: { boolean: (value) => (value ? "true" : "false") },
    },
  );
}

const awkward: (string | number | boolean | null)[] = [
  "plain",
  "",
  " spaced ",
  "comma, inside",
  'quote " inside',
  '"starts and ends"',
  "line\nfeed",
  "carriage\rreturn",
  "crlf\r\nboth",
  "tab\there",
  "back\\slash",
  "unicode é ü 日本 \u2028 \u2029",
  "emoji 🎉",
  "control \u0001\u0002 chars",
  "=SUM(A1)",
  "-12",
  0,
  -0,
  1.5,
  -3.25,
  1e21,
  123456789012,
  true,
  false,
  null,
];

describe("csv writer", () => {
  it("writes exactly what csv-stringify wrote, value by value", async () => {
    const columns = [text("a"), text("b,c"), text('d"e')];
    const rows: Row[] = awkward.map((v, i) => ({ a: v, "b,c": awkward[(i + 7) % awkward.length], 'd"e': awkward[(i + 13) % awkward.length] }));
    expect(await render(columns, rows)).toBe(reference(columns, rows));
    expect(await render(columns, rows, "name")).toBe(reference(columns, rows, "name"));
  });

  it("writes blocks in the answer's columns from their bytes, to the same bytes", async () => {
    // Values that take the byte pass (csvRecords) and, a block later, ones that must not.
    const plain: (string | number | boolean | null)[] = ["plain", "", " spaced ", "null", "true", "unicode é 日本 \u2028", "emoji 🎉", "a}b{c", "x:y", 0, -1.5, 1e21, true, false, null];
    const columns = [text("a"), text("b"), text("c")];
    const plainRows: Row[] = Array.from({ length: 1200 }, (_, i) => ({ a: plain[i % plain.length], b: plain[(i + 4) % plain.length], c: i % 3 === 0 ? null : i }));
    const mixed: Row[] = [...plainRows, ...awkward.map((v, i) => ({ a: v, b: plain[i % plain.length], c: i }))];
    expect(await render(columns, plainRows)).toBe(reference(columns, plainRows));
    expect(await render(columns, mixed)).toBe(reference(columns, mixed));
    // One comma inside one value sends its block the slow way; the others stay plain.
    const oneComma = plainRows.map((r, i) => (i === 700 ? { ...r, b: "a,b" } : r));
    expect(await render(columns, oneComma)).toBe(reference(columns, oneComma));
    // Rows stored in another order than the answer's columns: split value by value, same bytes.
    const reordered = [text("c"), text("a"), text("b")];
    let out = "";
    for await (const chunk of csvFormat.writeBlocks(reordered, rowBlocks(["a", "b", "c"], plainRows))) out += new TextDecoder().decode(chunk);
    expect(out).toBe(reference(reordered, plainRows));
  });

  it("writes stored rows (UTF-8 bytes) needing quotes, commas, line breaks and unicode exactly as csv-stringify", async () => {
    // Values the byte pass handles itself (commas quoted, unicode as its bytes) and values it
    // leaves to the value-by-value path (a quote or a line break is escaped in JSON).
    const values: (string | number | boolean | null)[] = [
      "a,b",
      ",",
      ",leading",
      "trailing,",
      "Café, 日本語, 🎉",
      "\u2028 line separator, kept raw",
      'say "hi", twice',
      "two\nlines, one field",
      "crlf\r\nhere",
      "null",
      "true",
      "",
      null,
      0,
      -2.5,
      true,
    ];
    const columns = [text("name"), text("label"), text("n")];
    const rows: Row[] = values.map((v, i) => ({ name: v, label: values[(i + 5) % values.length], n: i % 4 === 0 ? null : i }));
    const stored = async function* (blockRows: Row[][]): AsyncGenerator<CellBlock> {
      for (const part of blockRows) for await (const b of rowBlocks(["name", "label", "n"], part)) yield bytesBlock(b.layout, b.rows, new TextEncoder().encode(b.text));
    };
    const written = async (blocks: AsyncIterable<CellBlock>) => {
      let out = "";
      for await (const chunk of csvFormat.writeBlocks(columns, blocks)) out += new TextDecoder().decode(chunk, { stream: true });
      return out;
    };
    // Commas and unicode only (no backslash): the byte pass.
    const plain = rows.filter((r) => !/["\n\r]/.test(String(r.name)) && !/["\n\r]/.test(String(r.label)));
    expect(plain.length).toBeGreaterThan(8);
    expect(await written(stored([plain]))).toBe(reference(columns, plain));
    // Everything, in blocks of a few rows.
    expect(await written(stored([rows.slice(0, 5), rows.slice(5, 11), rows.slice(11)]))).toBe(reference(columns, rows));
  });

  it("never writes a stored block that does not fit its layout", async () => {
    const [block] = await (async () => {
      const out: CellBlock[] = [];
      for await (const b of rowBlocks(["a", "b"], [{ a: "x,y", b: 1 }])) out.push(b);
      return out;
    })();
    const bytes = new TextEncoder().encode(block.text);
    expect(new TextDecoder().decode(csvRecords(bytesBlock(["a", "b"], 1, bytes)))).toBe('"x,y",1\n');
    // A layout of other keys, or more rows than the bytes hold: refused, never misread.
    expect(() => csvRecords(bytesBlock(["a", "bb"], 1, bytes))).toThrow(CellBlockError);
    expect(() => csvRecords(bytesBlock(["a", "b"], 2, bytes))).toThrow(CellBlockError);
    expect(() => csvRecords(bytesBlock(["a", "b"], 1, bytes.subarray(0, -4)))).toThrow(CellBlockError);
  });

  it("writes the header alone when there is no row, like csv-stringify", async () => {
    const columns = [text("a"), text("b")];
    expect(reference(columns, [])).toBe("a,b\n");
    expect(await render(columns, [])).toBe("a,b\n");
  });

  it("reads missing fields as empty", async () => {
    const columns = [text("a"), text("b")];
    expect(await render(columns, [{ a: "x" }])).toBe("a,b\nx,\n");
  });
});
