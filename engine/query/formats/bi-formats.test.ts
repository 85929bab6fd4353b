import { describe, expect, it } from "vitest";
import type { Column } from "../execute.js";
import { bytesBlock, rowBlocks, type CellBlock } from "../cells.js";
import { getFormat } from "./index.js";

const columns: Column[] = [
  { id: "date", name: "Date", type: "dimension", fieldType: "YEAR_MONTH_DAY", aggregation: "NONE" },
  { id: "campaign-name", name: "Campaign", type: "dimension", fieldType: "TEXT", aggregation: "NONE" },
  { id: "clicks", name: "Clicks", type: "metric", fieldType: "NUMBER", aggregation: "SUM" },
];

async function* rows() {
  yield { date: "2026-01-01", "campaign-name": 'Spring "sale"', clicks: 3 };
  yield { date: "2026-01-02", "campaign-name": null, clicks: 0 };
}

async function render(id: string, input: AsyncIterable<Record<string, unknown>>): Promise<string> {
  let out = "";
  const decoder = new TextDecoder();
  for await (const chunk of getFormat(id).write(columns, input as AsyncIterable<never>)) out += decoder.decode(chunk, { stream: true });
  return out;
}

describe("tableau format", () => {
  it("writes a WDC schema with typed columns and rows keyed by WDC-safe ids", async () => {
    const parsed = JSON.parse(await render("tableau", rows()));
    expect(parsed.schema.columns).toEqual([
      { id: "date", alias: "Date", dataType: "date", columnRole: "dimension" },
      { id: "campaign_name", alias: "Campaign", dataType: "string", columnRole: "dimension" },
      { id: "clicks", alias: "Clicks", dataType: "float", columnRole: "measure" },
    ]);
    expect(parsed.data).toEqual([
      { date: "2026-01-01", campaign_name: 'Spring "sale"', clicks: 3 },
      { date: "2026-01-02", campaign_name: null, clicks: 0 },
    ]);
  });
  it("is valid JSON with no rows", async () => {
    expect(JSON.parse(await render("tableau", (async function* () {})())).data).toEqual([]);
  });
});

describe("powerbi format", () => {
  it("writes an OData collection whose value is the rows", async () => {
    const parsed = JSON.parse(await render("powerbi", rows()));
    expect(parsed["@odata.context"]).toBe("signalpost#rows");
    expect(parsed["@signalpost.columns"].map((c: { name: string }) => c.name)).toEqual(["Date", "Campaign", "Clicks"]);
    expect(parsed.value).toEqual([
      { date: "2026-01-01", "campaign-name": 'Spring "sale"', clicks: 3 },
      { date: "2026-01-02", "campaign-name": null, clicks: 0 },
    ]);
  });
  it("rejects unknown formats by name", () => {
    expect(() => getFormat("xml")).toThrow(/Unknown format "xml"/);
  });
});

describe("row objects", () => {
  it("writes exactly what JSON.stringify of each row object would", async () => {
    const odd = [{ date: "2026-01-01", "campaign-name": 'a"b\n\u2028', clicks: Number.NaN }, { date: undefined, "campaign-name": "é", clicks: -0.5 }];
    async function* src() {
      for (const r of odd) yield r;
    }
    const parsed = JSON.parse(await render("powerbi", src() as AsyncIterable<Record<string, unknown>>));
    expect(JSON.stringify(parsed.value)).toBe(JSON.stringify(odd.map((r) => ({ date: r.date ?? null, "campaign-name": r["campaign-name"], clicks: r.clicks }))));
  });
});

describe("stored blocks", () => {
  it("write the same json from their bytes as from their text, in every json format", async () => {
    const layout = columns.map((c) => c.id);
    const rowsOf = [
      { date: "2026-01-01", "campaign-name": 'Spring "sale", €', clicks: 3 },
      { date: "2026-01-02", "campaign-name": null, clicks: 0 },
      { date: "2026-01-03", "campaign-name": "日本 🎉", clicks: -1.5 },
    ];
    const blocks = async (asBytes: boolean) => {
      const out: CellBlock[] = [];
      for (const part of [rowsOf.slice(0, 2), rowsOf.slice(2)]) {
        for await (const b of rowBlocks(layout, part)) out.push(asBytes ? bytesBlock(b.layout, b.rows, new TextEncoder().encode(b.text)) : b);
      }
      return out;
    };
    for (const id of ["json", "tableau", "powerbi"]) {
      const write = async (asBytes: boolean) => {
        let out = "";
        async function* source() {
          yield* await blocks(asBytes);
        }
        for await (const chunk of getFormat(id).writeBlocks(columns, source())) out += new TextDecoder().decode(chunk, { stream: true });
        return out;
      };
      const fromBytes = await write(true);
      expect(fromBytes).toBe(await write(false));
      JSON.parse(fromBytes);
    }
  });

  it("place every separator right whatever the mix of stored, encoded and reordered blocks", async () => {
    const layout = columns.map((c) => c.id);
    const rowsOf = Array.from({ length: 5 }, (_, i) => ({ date: `2026-01-0${i + 1}`, "campaign-name": i % 2 ? `c,${i}` : null, clicks: i }));
    type Kind = "bytes" | "text" | "reordered" | "empty";
    const blockOf = async (kind: Kind, rows: typeof rowsOf): Promise<CellBlock> => {
      if (kind === "empty") return { layout, text: "", rows: 0 };
      const order = kind === "reordered" ? [...layout].reverse() : layout;
      const out: CellBlock[] = [];
      for await (const b of rowBlocks(order, rows, 1000)) out.push(b);
      return kind === "bytes" ? bytesBlock(out[0].layout, out[0].rows, new TextEncoder().encode(out[0].text)) : out[0];
    };
    const kinds: Kind[] = ["bytes", "text", "reordered", "empty"];
    for (let mask = 0; mask < 4 ** 4; mask++) {
      const plan = [0, 1, 2, 3].map((i) => kinds[Math.floor(mask / 4 ** i) % 4]);
      const parts = [rowsOf.slice(0, 1), rowsOf.slice(1, 3), rowsOf.slice(3, 4), rowsOf.slice(4)];
      const blocks = await Promise.all(plan.map((kind, i) => blockOf(kind, parts[i])));
      async function* source() {
        yield* blocks;
      }
      let out = "";
      for await (const chunk of getFormat("json").writeBlocks(columns, source())) out += new TextDecoder().decode(chunk, { stream: true });
      const expected = plan.flatMap((kind, i) => (kind === "empty" ? [] : parts[i]));
      expect(JSON.parse(out).data, plan.join(",")).toEqual(expected);
    }
  });
});
