// RFC 4180 CSV, written from the blocks' cells: a field is quoted when it holds a comma, a quote,
// a CR or an LF, quotes are doubled, records end with LF, null is empty and booleans are
// true/false. These are csv-stringify's defaults, which this writer used to call row by row
// (decision 0104); building a row object per row for it cost more than the rest of a cached
// answer, so the rule now lives here and csv.test.ts holds it byte for byte to csv-stringify's
// output (decision 0890).
import { cellIndex, rowPrefixBytes, splitCells, type CellBlock } from "../cells.js";
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

const QUOTE = 0x22;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;
const BRACE_OPEN = 0x7b;
const BRACE_CLOSE = 0x7d;
const BRACKET_OPEN = 0x5b;
const COLON = 0x3a;
const LF = 0x0a;
const LETTER_N = 0x6e;

/**
 * The block's rows as CSV records in its layout's order, from the UTF-8 bytes of its text, in one
 * pass over the bytes: the keys are skipped by their known lengths, a string without a comma is
 * its bytes between the quotes, one with a comma is quoted as it is (a JSON string without a
 * backslash holds no quote, CR or LF), null is empty, numbers and booleans are their own text.
 * UTF-8 never uses these ASCII bytes inside a multi-byte character. Undefined when the text has
 * a backslash (an escaped character to decode), a nested value, or does not fit the layout: the
 * caller goes value by value. Five native string passes did the same 4x slower (decision 0895).
 */
function csvRecordsOfBytes(src: Uint8Array, layout: readonly string[], rows: number): Uint8Array | undefined {
  if (src.indexOf(BACKSLASH) !== -1) return undefined;
  const prefixes = rowPrefixBytes(layout);
  const width = prefixes.length;
  const end = src.length;
  // Each value loses at least its key's quotes and colon, and gains at most two quotes (plus a
  // comma before it): never longer than the JSON text.
  const out = new Uint8Array(end);
  let o = 0;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < width; k++) {
      // The key: `{"k0":` opens a row, `,"k":` follows a value.
      if (src[i] !== (k === 0 ? BRACE_OPEN : COMMA)) return undefined;
      i += prefixes[k];
      if (i >= end || src[i - 1] !== COLON) return undefined;
      if (k > 0) out[o++] = COMMA;
      let c = src[i];
      if (c === QUOTE) {
        let j = i + 1;
        let comma = false;
        while (j < end && (c = src[j]) !== QUOTE) {
          if (c === COMMA) comma = true;
          j++;
        }
        if (j >= end) return undefined;
        if (comma) out[o++] = QUOTE;
        for (let x = i + 1; x < j; x++) out[o++] = src[x];
        if (comma) out[o++] = QUOTE;
        i = j + 1;
      } else if (c === LETTER_N) {
        // null: an empty field.
        i += 4;
      } else {
        if (c === BRACE_OPEN || c === BRACKET_OPEN) return undefined;
        while (i < end && (c = src[i]) !== COMMA && c !== BRACE_CLOSE) out[o++] = src[i++];
      }
    }
    if (src[i] !== BRACE_CLOSE || src[i + 1] !== COMMA) return undefined;
    i += 2;
    out[o++] = LF;
  }
  return i === end ? out.subarray(0, o) : undefined;
}

/** The block's rows as CSV records (UTF-8, each ending with LF) in its layout's order; constants are not written. */
export function csvRecords(block: CellBlock): Uint8Array {
  if (block.rows === 0) return new Uint8Array(0);
  if (block.csv) return block.csv;
  const fast = csvRecordsOfBytes(block.bytes ?? utf8(block.text), block.layout, block.rows);
  if (fast) return fast;
  const parts = splitCells(block);
  const width = block.layout.length;
  let out = "";
  for (let r = 0; r < block.rows; r++) {
    let line = "";
    for (let k = 0; k < width; k++) line += (k === 0 ? "" : ",") + csvFieldOfCell(parts[cellIndex(r, width, k)]);
    out += line + "\n";
  }
  return utf8(out);
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
      // Rows in the answer's own columns: records straight from their bytes.
      if (block.layout.length === count && columns.every((c, i) => block.layout[i] === c.id)) {
        yield csvRecords(block);
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
