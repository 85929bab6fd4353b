// Cursor, page-token and offset pagination all reduce to "fetch a page, learn the next cursor".
// Connectors describe one page; this loop owns termination and guards against a platform that
// hands back the same cursor forever (which would otherwise spin a worker until its timeout).
import { ConnectorError } from "./errors.js";

export interface Page<Item, Cursor> {
  items: Item[];
  /** Absent, null or "" when this was the last page. */
  next?: Cursor | null;
}

export interface PaginateOptions {
  platform: string;
  /** A safety stop; a real report never needs this many pages of one request. */
  maxPages?: number;
}

const DEFAULT_MAX_PAGES = 100_000;

/** Yields the items of each page, one array per page, following `next` until it runs out. */
export async function* paginate<Item, Cursor>(
  fetchPage: (cursor: Cursor | undefined) => Promise<Page<Item, Cursor>>,
  options: PaginateOptions,
): AsyncGenerator<Item[]> {
  const seen = new Set<string>();
  let cursor: Cursor | undefined;
  for (let page = 0; page < (options.maxPages ?? DEFAULT_MAX_PAGES); page++) {
    const { items, next } = await fetchPage(cursor);
    if (items.length > 0) yield items;
    if (next === undefined || next === null || next === "") return;
    const key = JSON.stringify(next);
    if (seen.has(key)) {
      throw new ConnectorError({
        kind: "system",
        platform: options.platform,
        message: `${options.platform} returned the same page cursor twice; stopped paging to avoid an endless loop.`,
      });
    }
    seen.add(key);
    cursor = next;
  }
  throw new ConnectorError({
    kind: "system",
    platform: options.platform,
    message: `${options.platform} kept returning pages after ${options.maxPages ?? DEFAULT_MAX_PAGES}; stopped paging.`,
  });
}

/** Every item of every page, for small listings (accounts, campaigns), never for report rows. */
export async function collectItems<Item>(pages: AsyncIterable<Item[]>): Promise<Item[]> {
  const out: Item[] = [];
  for await (const items of pages) out.push(...items);
  return out;
}

/** The next offset of an offset/limit API, or undefined once `total` (when known) is reached. */
export function nextOffset(offset: number, received: number, pageSize: number, total?: number): number | undefined {
  const next = offset + received;
  if (received === 0) return undefined;
  if (total !== undefined) return next < total ? next : undefined;
  return received < pageSize ? undefined : next;
}
