// Helpers for read(): connectors yield bounded pages so a million rows stream in flat memory.
import type { Row, RowPage } from "./types.js";

export const DEFAULT_PAGE_SIZE = 1000;

/** In a row stream, ends the current page early (one platform report per page). */
export const PAGE_END: unique symbol = Symbol("page end");

/** Cuts rows into pages: `take` answers a page when one is full or ended, `rest` the last one. */
function pager(size: number) {
  let page: Row[] = [];
  const cut = (): RowPage | undefined => {
    const full = page.length > 0 ? { rows: page } : undefined;
    page = [];
    return full;
  };
  return {
    take(row: Row | typeof PAGE_END): RowPage | undefined {
      if (row === PAGE_END) return cut();
      page.push(row);
      return page.length >= size ? cut() : undefined;
    },
    rest: cut,
  };
}

/**
 * Groups a row stream into pages of at most `size` rows, also ending one at each PAGE_END. Rows
 * of a synchronous iterable are taken without an await each (a promise per row cost the demo
 * connector as much as its numbers).
 */
export async function* paginateRows(rows: AsyncIterable<Row | typeof PAGE_END> | Iterable<Row | typeof PAGE_END>, size = DEFAULT_PAGE_SIZE): AsyncIterable<RowPage> {
  const pages = pager(size);
  if (Symbol.asyncIterator in rows) {
    for await (const row of rows) {
      const page = pages.take(row);
      if (page) yield page;
    }
  } else {
    for (const row of rows) {
      const page = pages.take(row);
      if (page) yield page;
    }
  }
  const last = pages.rest();
  if (last) yield last;
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
