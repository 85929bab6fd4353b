// {"columns":[...],"data":[{...},...]}: the query builder's preview reads `data`, and writing
// one row at a time keeps memory flat however many rows there are.
import type { OutputFormat } from "./types.js";

export const jsonFormat: OutputFormat = {
  id: "json",
  contentType: "application/json; charset=utf-8",
  fileExtension: "json",
  async *write(columns, rows, opts = {}) {
    const header = columns.map((c) => ({ id: c.id, name: c.name, type: c.type, fieldType: c.fieldType }));
    yield `{"columns":${JSON.stringify(header)},"data":[`;
    let first = true;
    for await (const row of rows) {
      const out: Record<string, unknown> = {};
      for (const column of columns) out[opts.headers === "name" ? column.name : column.id] = row[column.id] ?? null;
      yield (first ? "" : ",") + JSON.stringify(out);
      first = false;
    }
    yield "]}";
  },
};
