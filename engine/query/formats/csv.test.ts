import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import type { Row } from "../../core/types.js";
import type { Column } from "../execute.js";
import { csvFormat } from "./csv.js";

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
