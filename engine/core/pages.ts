// Helpers for read(): connectors yield bounded pages so a million rows stream in flat memory.
import type { Row, RowPage } from "./types.js";

export const DEFAULT_PAGE_SIZE = 1000;

/** In a row stream, ends the current page early (one platform report per page). */
export const PAGE_END: unique symbol = Symbol("page end");

/** Groups a row stream into pages of at most `size` rows, also ending one at each PAGE_END. */
export async function* paginateRows(rows: AsyncIterable<Row | typeof PAGE_END> | Iterable<Row | typeof PAGE_END>, size = DEFAULT_PAGE_SIZE): AsyncIterable<RowPage> {
  let page: Row[] = [];
  for await (const row of rows) {
    if (row === PAGE_END) {
      if (page.length > 0) yield { rows: page };
      page = [];
      continue;
    }
    page.push(row);
    if (page.length >= size) {
      yield { rows: page };
      page = [];
    }
  }
  if (page.length > 0) yield { rows: page };
}

/** Flattens pages back into rows. */
export async function* rowsOf(pages: AsyncIterable<RowPage>): AsyncIterable<Row> {
  for await (const page of pages) yield* page.rows;
}

/** Keeps only the requested fields, in request order; missing ones become null. */
export function projectRow(row: Row, fields: readonly string[]): Row {
  const out: Row = {};
  for (const field of fields) out[field] = row[field] ?? null;
  return out;
}

/** Reads every row into memory: tests and small previews only. */
export async function collectRows(pages: AsyncIterable<RowPage>): Promise<Row[]> {
  const out: Row[] = [];
  for await (const page of pages) out.push(...page.rows);
  return out;
}
