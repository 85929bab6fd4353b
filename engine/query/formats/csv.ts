// RFC 4180 CSV through csv-stringify (quoting, embedded newlines, formula-safe output are its
// job, not ours). Rows flow through a Node stream, so backpressure keeps memory flat.
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { OutputFormat } from "./types.js";

export const csvFormat: OutputFormat = {
  id: "csv",
  contentType: "text/csv; charset=utf-8",
  fileExtension: "csv",
  async *write(columns, rows, opts = {}) {
    const stringifier = stringify({
      header: true,
      columns: columns.map((c) => ({ key: c.id, header: opts.headers === "name" ? c.name : c.id })),
      cast: { boolean: (value) => (value ? "true" : "false") },
    });
    const source = Readable.from(rows, { objectMode: true });
    source.on("error", (error) => stringifier.destroy(error));
    source.pipe(stringifier);
    for await (const chunk of stringifier) yield typeof chunk === "string" ? chunk : (chunk as Buffer).toString("utf8");
  },
};
