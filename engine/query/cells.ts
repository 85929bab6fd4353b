// Rows as blocks of encoded cells: the form the read cache stores and every output format writes
// from, so that a stored row reaches the wire without being parsed into an object again.
//
// A cell is the JSON text of one value (the very text JSON.stringify writes for it inside a row
// object) followed by CELL_END. JSON text never contains a raw control character (they are all
// escaped), so CELL_END cannot occur inside a cell, and a block of R rows of a W-field layout is
// exactly R x W cells: splitting on CELL_END gives them back with no parsing.
import { matchesFilters } from "../core/filters.js";
import type { CellValue, Filter, Row, RowPage } from "../core/types.js";

export const CELL_END = "\u0001";

export interface CellBlock {
  /** Field ids of the cells of each row, in order. */
  layout: readonly string[];
  /** rows x layout.length cells, each followed by CELL_END. */
  cells: string;
  rows: number;
  /** Columns outside the layout whose value is the same on every row (the account columns), as cells. */
  constants?: Readonly<Record<string, string>>;
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
      return value === null || value === undefined ? "null" : (JSON.stringify(value) ?? "null");
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
  const first = cell.charCodeAt(0);
  // A string without escapes is its text between the quotes: no parser needed.
  if (first === 34 && cell.indexOf("\\") === -1) return cell.slice(1, -1);
  return JSON.parse(cell) as CellValue;
}

/** One row's cells in `layout` order. */
export function encodeRow(row: Row, layout: readonly string[]): string {
  let out = "";
  for (let i = 0; i < layout.length; i++) out += encodeCell(row[layout[i]]) + CELL_END;
  return out;
}

/** Rows in blocks of about `rowsPerBlock` rows. */
export async function* rowBlocks(layout: readonly string[], rows: AsyncIterable<Row> | Iterable<Row>, rowsPerBlock = 500): AsyncGenerator<CellBlock> {
  let cells = "";
  let count = 0;
  for await (const row of rows) {
    cells += encodeRow(row, layout);
    if (++count >= rowsPerBlock) {
      yield { layout, cells, rows: count };
      cells = "";
      count = 0;
    }
  }
  if (count > 0) yield { layout, cells, rows: count };
}

/** A connector page as one block. */
export function pageBlock(page: RowPage, layout: readonly string[]): CellBlock {
  let cells = "";
  for (const row of page.rows) cells += encodeRow(row, layout);
  return { layout, cells, rows: page.rows.length };
}

/** The cells of a block, checked against its layout (a stored block that does not fit is refused, never misread). */
export function splitCells(block: CellBlock): string[] {
  const parts = block.cells.split(CELL_END);
  if (parts.length !== block.rows * block.layout.length + 1 || parts[parts.length - 1] !== "") {
    throw new CellBlockError(`A block of ${block.rows} rows of ${block.layout.length} fields holds ${parts.length - 1} cells.`);
  }
  return parts;
}

export class CellBlockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CellBlockError";
  }
}

/** Decodes a block back into row objects (alert evaluation, rollups). Constants are included. */
export function blockRows(block: CellBlock): Row[] {
  const parts = splitCells(block);
  const width = block.layout.length;
  const constants = Object.entries(block.constants ?? {}).map(([id, cell]) => [id, decodeCell(cell)] as const);
  const out: Row[] = new Array(block.rows);
  for (let r = 0; r < block.rows; r++) {
    const row: Row = {};
    for (let i = 0; i < width; i++) row[block.layout[i]] = decodeCell(parts[r * width + i]);
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
  const probe: Row = {};
  for (const [j, f] of fields.entries()) if (indexes[j] < 0) probe[f] = block.constants?.[f] !== undefined ? decodeCell(block.constants[f]) : null;
  let kept = "";
  let rows = 0;
  for (let r = 0; r < block.rows; r++) {
    for (let j = 0; j < fields.length; j++) if (indexes[j] >= 0) probe[fields[j]] = decodeCell(parts[r * width + indexes[j]]);
    if (!matchesFilters(probe, filters)) continue;
    for (let i = 0; i < width; i++) kept += parts[r * width + i] + CELL_END;
    rows++;
  }
  return rows === block.rows ? block : { ...block, cells: kept, rows };
}

/** The first `max` rows of a block. */
export function headBlock(block: CellBlock, max: number): CellBlock {
  if (max >= block.rows) return block;
  const wanted = max * block.layout.length;
  let end = 0;
  for (let n = 0; n < wanted; n++) end = block.cells.indexOf(CELL_END, end) + 1;
  return { ...block, cells: block.cells.slice(0, end), rows: max };
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
