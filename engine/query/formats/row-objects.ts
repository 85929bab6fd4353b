// Rows as comma-separated JSON objects: the same text as JSON.stringify({key: value, ...}) per
// row. A block whose layout is the answer's columns with the same keys is its text without the
// marks (no work per row: the stored rows go to the wire as they are); any other is assembled from
// its values (each already the JSON text of its value) without building an object for any row. A
// byte-level copy into output buffers was tried and measured 2-3x slower than string
// concatenation with one native split and one native UTF-8 encode per block (decision 0890).
import type { Column } from "../execute.js";
import { cellIndex, jsonRows, splitCells, type CellBlock } from "../cells.js";

const encoder = new TextEncoder();
export const utf8 = (text: string): Uint8Array => encoder.encode(text);
const COMMA = utf8(",");

/** For each output column: its cell's index in the block's layout, or -1 and its constant cell. */
export function projectColumns(columns: readonly Column[], block: CellBlock): { indexes: number[]; constants: string[] } {
  const indexes = columns.map((c) => block.layout.indexOf(c.id));
  const constants = columns.map((c, i) => (indexes[i] >= 0 ? "" : (block.constants?.[c.id] ?? "null")));
  return { indexes, constants };
}

/**
 * Rows as JSON objects separated by commas. A stored block (bytes, every row followed by a comma)
 * in the answer's own columns goes out as it is, comma included, once another row follows it;
 * the last one without its final comma. The first rows go out at once, so only the blocks after
 * them wait for the next one: no block is copied or re-encoded to place the separators.
 */
export async function* writeObjectBlocks(columns: readonly Column[], keys: readonly string[], blocks: AsyncIterable<CellBlock>): AsyncGenerator<Uint8Array> {
  const prefixes = keys.map((key, i) => (i === 0 ? "{" : ",") + JSON.stringify(key) + ":");
  const count = columns.length;
  let started = false;
  /** A comma is owed before the next row. */
  let owed = false;
  /** A stored block not written yet: its trailing comma separates it from the rows after it. */
  let held: Uint8Array | undefined;
  for await (const block of blocks) {
    if (block.rows === 0) continue;
    if (held) {
      yield held;
      held = undefined;
      owed = false;
    }
    const width = block.layout.length;
    if (block.bytes && width === count && columns.every((c, i) => block.layout[i] === c.id && keys[i] === c.id)) {
      if (owed) yield COMMA;
      if (started) held = block.bytes;
      else yield block.bytes.subarray(0, -1);
      owed = !held;
      started = true;
      continue;
    }
    if (width === count && columns.every((c, i) => block.layout[i] === c.id && keys[i] === c.id)) {
      yield encoder.encode((owed ? "," : "") + jsonRows(block));
      owed = started = true;
      continue;
    }
    const { indexes, constants } = projectColumns(columns, block);
    const parts = splitCells(block);
    let out = "";
    for (let r = 0; r < block.rows; r++) {
      let line = owed ? "," : "";
      if (count === 0) line += "{}";
      else {
        for (let i = 0; i < count; i++) {
          const k = indexes[i];
          line += prefixes[i] + (k >= 0 ? parts[cellIndex(r, width, k)] : constants[i]);
        }
        line += "}";
      }
      out += line;
      owed = true;
    }
    started = true;
    yield encoder.encode(out);
  }
  if (held) yield held.subarray(0, -1);
}
