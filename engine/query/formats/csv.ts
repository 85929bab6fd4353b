// RFC 4180 CSV, written from the blocks' cells: a field is quoted when it holds a comma, a quote,
// a CR or an LF, quotes are doubled, records end with LF, null is empty and booleans are
// true/false. These are csv-stringify's defaults, which this writer used to call row by row
// (decision 0104); building a row object per row for it cost more than the rest of a cached
// answer, so the rule now lives here and csv.test.ts holds it byte for byte to csv-stringify's
// output (decision 0890).
import { cellIndex, plainRows, splitCells } from "../cells.js";
import { projectColumns, utf8 } from "./row-objects.js";
import { defineFormat } from "./types.js";

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field from its text. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One CSV field from a cell (the JSON text of the value). A JSON string holds no raw quote, CR
 * or LF (they are escaped, behind a backslash), so a string without a backslash is its text
 * between the quotes, quoted when it holds a comma; numbers and booleans are their own text.
 */
export function csvFieldOfCell(cell: string): string {
  if (cell === "null") return "";
  const first = cell.charCodeAt(0);
  if (first === 34) {
    if (cell.indexOf("\\") === -1) {
      const text = cell.slice(1, -1);
      return text.indexOf(",") === -1 ? text : `"${text}"`;
    }
    return csvField(JSON.parse(cell) as string);
  }
  // Nested JSON (an object or a list a connector returned) is written as its JSON text.
  return first === 123 || first === 91 ? csvField(cell) : cell;
}

export const csvFormat = defineFormat({
  id: "csv",
  contentType: "text/csv; charset=utf-8",
  fileExtension: "csv",
  async *writeBlocks(columns, blocks, opts = {}) {
    yield utf8(columns.map((c) => csvField(opts.headers === "name" ? c.name : c.id)).join(",") + "\n");
    const count = columns.length;
    for await (const block of blocks) {
      if (block.rows === 0) continue;
      // Stored rows in the answer's columns whose values need no quoting: lines in a few passes.
      const plain = block.layout.length === count && columns.every((c, i) => block.layout[i] === c.id) ? plainRows(block) : undefined;
      if (plain !== undefined) {
        yield utf8(plain);
        continue;
      }
      const { indexes, constants } = projectColumns(columns, block);
      const fixed = constants.map((cell, i) => (indexes[i] >= 0 ? "" : csvFieldOfCell(cell)));
      const parts = splitCells(block);
      const width = block.layout.length;
      let out = "";
      for (let r = 0; r < block.rows; r++) {
        let line = "";
        for (let i = 0; i < count; i++) {
          const k = indexes[i];
          line += (i === 0 ? "" : ",") + (k >= 0 ? csvFieldOfCell(parts[cellIndex(r, width, k)]) : fixed[i]);
        }
        out += line + "\n";
      }
      yield utf8(out);
    }
  },
});
