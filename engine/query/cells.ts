// Rows as blocks of encoded text: the form the read cache stores and every output format writes
// from, so that a stored row reaches the wire without being parsed into an object again.
//
// A row is its JSON object exactly as JSON.stringify writes it, followed by a comma:
//   {"date":"2026-01-01","clicks":12},
// A block in the answer's own column order therefore goes to the wire as it is (json, tableau and
// powerbi: no work per row). Any other order, subset or format (csv) splits the block on its
// keys: `,"clicks":` or `},{"date":` cannot occur inside a value, because a quote inside a JSON
// string is always escaped, and values are never nested JSON (encodeCell turns anything but a
// string, number, boolean or null into the text of its JSON). Splitting gives every value's JSON
// text with no parser. Marking the values with control characters instead was measured: removing
// the marks for the wire cost as much as assembling the rows (decision 0890).
import { matchesFilters } from "../core/filters.js";
import type { CellValue, Filter, Row, RowPage } from "../core/types.js";

export interface CellBlock {
  /** Field ids of each row's values, in order (the keys of its objects). */
  layout: readonly string[];
  /** `rows` encoded rows of this layout. */
  text: string;
  rows: number;
  /** Columns outside the layout whose value is the same on every row (the account columns), as JSON text. */
  constants?: Readonly<Record<string, string>>;
  /**
   * The same text as UTF-8, when the block arrived as bytes (the read cache's stored rows): the
   * writers send or transform these bytes, and `text` is only decoded when something reads it.
   * A block whose text is changed is a new block without them.
   */
  bytes?: Uint8Array;
  /**
   * The same rows as CSV records in the layout's order (the read cache's csv form, the csv
   * writer's own output for them). A block read in this form alone has no text: only a csv
   * answer in exactly these columns, with nothing to filter, convert or cut, asks for it.
   */
  csv?: Uint8Array;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A block of rows from their UTF-8 bytes (and their csv records when known); its text is decoded on first use. */
export function bytesBlock(layout: readonly string[], rows: number, bytes: Uint8Array, extra: Pick<CellBlock, "constants" | "csv"> = {}): CellBlock {
  let text: string | undefined;
  return {
    layout,
    rows,
    bytes,
    constants: extra.constants,
    csv: extra.csv,
    // An own getter (not a prototype's): spreading the block still copies a text.
    get text() {
      return (text ??= decoder.decode(bytes));
    },
  };
}

/** A block of stored rows in their csv form only (see CellBlock.csv). */
export function csvFormBlock(layout: readonly string[], rows: number, csv: Uint8Array): CellBlock {
  return {
    layout,
    rows,
    csv,
    get text(): string {
      throw new CellBlockError("These stored rows were read as CSV records only; this answer needs them as JSON (read them without the csv form).");
    },
  };
}

/** The block with the constant columns of its account, its bytes and undecoded text kept. */
export function withConstants(block: CellBlock, constants: Readonly<Record<string, string>>): CellBlock {
  return block.bytes ? bytesBlock(block.layout, block.rows, block.bytes, { constants, csv: block.csv }) : { layout: block.layout, text: block.text, rows: block.rows, constants };
}

/** The JSON text of a value, as JSON.stringify writes it inside an object (undefined reads as null). */
export function encodeCell(value: CellValue | undefined): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      // JSON has no NaN or Infinity: JSON.stringify writes null for them.
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    default:
      // A value is a string, number, boolean or null; anything else a connector let through is
      // kept as the text of its JSON, never as nested JSON.
      return value === null || value === undefined ? "null" : JSON.stringify(JSON.stringify(value) ?? null);
  }
}

/** The value of a cell. */
export function decodeCell(cell: string): CellValue {
  switch (cell) {
    case "null":
      return null;
    case "true":
      return true;
    case "false":
      return false;
  }
  // A string without escapes is its text between the quotes: no parser needed.
  if (cell.charCodeAt(0) === 34 && cell.indexOf("\\") === -1) return cell.slice(1, -1);
  return JSON.parse(cell) as CellValue;
}

type LayoutCodec = { prefixes: string[]; prefixBytes: number[]; splitter: RegExp; rowStart: string };
/** By the layout's ids: stored blocks each bring their own copy of a layout. Bounded: layouts are few. */
const codecs = new Map<string, LayoutCodec>();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What goes before each value of a row of this layout (`{"k0":`, `,"k1":`, ...) and the splitter on them. */
function codecOf(layout: readonly string[]): LayoutCodec {
  const id = layout.join("\u0000");
  let codec = codecs.get(id);
  if (!codec) {
    if (codecs.size >= 1000) codecs.clear();
    const keys = layout.map((id) => JSON.stringify(id));
    const prefixes = keys.map((key, i) => (i === 0 ? "{" : ",") + key + ":");
    const rowStart = prefixes[0];
    // The text's start, each row's end followed by the next row's start, each key, the text's end.
    const splitter = new RegExp(["^" + escapeRegExp(rowStart), escapeRegExp("}," + rowStart), ...prefixes.slice(1).map(escapeRegExp), "\\},$"].join("|"));
    codec = { prefixes, prefixBytes: prefixes.map((p) => encoder.encode(p).byteLength), splitter, rowStart };
    codecs.set(id, codec);
  }
  return codec;
}

/** The UTF-8 length of what stands before each value of a row of `layout` (`{"k0":`, `,"k1":`, ...). */
export function rowPrefixBytes(layout: readonly string[]): readonly number[] {
  return codecOf(layout).prefixBytes;
}

/**
 * The encoder of rows of `layout`: each row as JSON.stringify writes its object, and a comma.
 * Taken once per block or page: finding the layout's codec costs as much as encoding a row.
 */
export function rowEncoder(layout: readonly string[]): (row: Row) => string {
  const { prefixes } = codecOf(layout);
  const width = layout.length;
  return (row) => {
    // A row whose keys are the layout's, in order, with plain values (text, finite numbers,
    // booleans, null) is what JSON.stringify writes of it: one native call, 2-3x faster.
    let i = 0;
    let plain = true;
    for (const key in row) {
      const value = row[key];
      const type = typeof value;
      if (key !== layout[i++] || (type === "object" ? value !== null : type !== "string" && type !== "boolean" && !(type === "number" && Number.isFinite(value)))) {
        plain = false;
        break;
      }
    }
    if (plain && i === width) return JSON.stringify(row) + ",";
    let out = "";
    for (let k = 0; k < width; k++) out += prefixes[k] + encodeCell(row[layout[k]]);
    return out + "},";
  };
}

/** One row of `layout`: JSON.stringify of its object, and a comma. */
export function encodeRow(row: Row, layout: readonly string[]): string {
  return rowEncoder(layout)(row);
}

/** Rows in blocks of about `rowsPerBlock` rows. */
export async function* rowBlocks(layout: readonly string[], rows: AsyncIterable<Row> | Iterable<Row>, rowsPerBlock = 500): AsyncGenerator<CellBlock> {
  const encode = rowEncoder(layout);
  let text = "";
  let count = 0;
  for await (const row of rows) {
    text += encode(row);
    if (++count >= rowsPerBlock) {
      yield { layout, text, rows: count };
      text = "";
      count = 0;
    }
  }
  if (count > 0) yield { layout, text, rows: count };
}

/** A connector page as one block. */
export function pageBlock(page: RowPage, layout: readonly string[]): CellBlock {
  let text = "";
  const encode = rowEncoder(layout);
  for (const row of page.rows) text += encode(row);
  return { layout, text, rows: page.rows.length };
}

/**
 * The parts of a block split on its keys: value k of row r is at cellIndex(r, width, k).
 * Checked against the layout: a stored block that does not fit is refused, never misread.
 */
export function splitCells(block: CellBlock): string[] {
  if (block.rows === 0) return [];
  const parts = block.text.split(codecOf(block.layout).splitter);
  // A value never holds `,"` (its quotes are escaped): the first row's values holding one were
  // split with the wrong keys.
  const width = block.layout.length;
  const misread = parts.length !== block.rows * width + 2 || parts[0] !== "" || parts[parts.length - 1] !== "" || parts.slice(1, width + 1).some((cell) => cell.includes(',"'));
  if (misread) {
    throw new CellBlockError(`A block of ${block.rows} rows of ${block.layout.length} fields does not hold that many values.`);
  }
  return parts;
}

export const cellIndex = (row: number, width: number, k: number) => 1 + row * width + k;

export class CellBlockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CellBlockError";
  }
}

/** The rows of a block as JSON objects separated by commas (no trailing comma). */
export function jsonRows(block: CellBlock): string {
  return block.text.slice(0, -1);
}

/** Decodes a block back into row objects (alert evaluation). Constants are included. */
export function blockRows(block: CellBlock): Row[] {
  const parts = splitCells(block);
  const width = block.layout.length;
  const constants = Object.entries(block.constants ?? {}).map(([id, cell]) => [id, decodeCell(cell)] as const);
  const out: Row[] = new Array(block.rows);
  for (let r = 0; r < block.rows; r++) {
    const row: Row = {};
    for (let i = 0; i < width; i++) row[block.layout[i]] = decodeCell(parts[cellIndex(r, width, i)]);
    for (const [id, value] of constants) row[id] = value;
    out[r] = row;
  }
  return out;
}

/**
 * Keeps the rows that pass `filters`, decoding only the filtered fields. A block without filters
 * (or whose rows all pass) comes back as it is.
 */
export function filterBlock(block: CellBlock, filters: readonly Filter[]): CellBlock {
  if (filters.length === 0 || block.rows === 0) return block;
  const width = block.layout.length;
  const fields = [...new Set(filters.map((f) => f.field))];
  const indexes = fields.map((f) => block.layout.indexOf(f));
  const parts = splitCells(block);
  const { prefixes } = codecOf(block.layout);
  const probe: Row = {};
  for (const [j, f] of fields.entries()) if (indexes[j] < 0) probe[f] = block.constants?.[f] !== undefined ? decodeCell(block.constants[f]) : null;
  let kept = "";
  let rows = 0;
  for (let r = 0; r < block.rows; r++) {
    for (let j = 0; j < fields.length; j++) if (indexes[j] >= 0) probe[fields[j]] = decodeCell(parts[cellIndex(r, width, indexes[j])]);
    if (!matchesFilters(probe, filters)) continue;
    for (let i = 0; i < width; i++) kept += prefixes[i] + parts[cellIndex(r, width, i)];
    kept += "},";
    rows++;
  }
  return rows === block.rows ? block : { layout: block.layout, text: kept, rows, constants: block.constants };
}

/** The first `max` rows of a block. */
export function headBlock(block: CellBlock, max: number): CellBlock {
  if (max >= block.rows) return block;
  // Rows are joined by `},{"k0":`, which no value can hold: the max-th of them ends row max.
  const joint = "}," + codecOf(block.layout).rowStart;
  let at = -1;
  for (let n = 0; n < max; n++) at = block.text.indexOf(joint, at + 1);
  return { layout: block.layout, text: block.text.slice(0, at + 2), rows: max, constants: block.constants };
}

/** Stops after `max` rows in all. */
export async function* limitBlocks(blocks: AsyncIterable<CellBlock>, max: number | undefined): AsyncGenerator<CellBlock> {
  if (max === undefined) return yield* blocks;
  let left = max;
  if (left <= 0) return;
  for await (const block of blocks) {
    const head = headBlock(block, left);
    yield head;
    left -= head.rows;
    if (left <= 0) return;
  }
}

/** Blocks back into connector pages (one page per block). */
export async function* blockPages(blocks: AsyncIterable<CellBlock>): AsyncGenerator<RowPage> {
  for await (const block of blocks) if (block.rows > 0) yield { rows: blockRows(block) };
}
