// Filter value suggestions of the alert editor (spec 1 §2.6 "value suggestions searched as you
// type"; the original's GET /search/models/{collection} with the account and the searched field):
// the distinct values the field took on the account over a recent window, read through the
// connector and kept briefly per account and field, so typing does not read the platform at
// every key press.
import { json } from "@remix-run/node";
import { getDataSource } from "../../db/repositories/data-sources.js";
import { collectValues, FILTER_VALUE_WINDOW, matchSuggestions, sortValues, resolveWindow, getConnector } from "../../engine/index.js";
import { accountTimezone } from "../../server/alert-evaluation.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { readThroughCache } from "../../server/read-cache/index.js";
import { editorOptions, type Client } from "./alerts.server.js";
import { getDb } from "./db.server.js";
import { parseId } from "../../lib/ids.js";

/** How long the values of one account and field are reused. */
export const FILTER_VALUES_TTL_MS = 60_000;
const CACHE_LIMIT = 500;

type Entry = { expires: number; values: Promise<string[]> };

/** A small time-bounded cache of promises: concurrent asks for the same key share one read. */
export function createValueCache(opts: { ttlMs: number; limit: number; now?: () => number }) {
  const entries = new Map<string, Entry>();
  const now = opts.now ?? Date.now;
  return {
    get(key: string, load: () => Promise<string[]>): Promise<string[]> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.values;
      if (entries.size >= opts.limit) {
        for (const [k, e] of entries) if (e.expires <= now()) entries.delete(k);
        // Still full of live entries: drop the oldest (Map keeps insertion order).
        if (entries.size >= opts.limit) entries.delete(entries.keys().next().value!);
      }
      const values = load();
      entries.set(key, { expires: now() + opts.ttlMs, values });
      // A failed read is not kept: the next keystroke asks again.
      values.catch(() => entries.delete(key));
      return values;
    },
    clear: () => entries.clear(),
  };
}

const cache = createValueCache({ ttlMs: FILTER_VALUES_TTL_MS, limit: CACHE_LIMIT });

export class FilterValueError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

async function readValues(companyId: number, client: Client, dataSourceId: number, field: string): Promise<string[]> {
  const ds = await getDataSource(getDb(), companyId, dataSourceId);
  if (!ds) throw new FilterValueError("Unable to load", 404);
  const connector = getConnector(client.platformId);
  const ctx = connectorContextForSource(getDb(), companyId, client.source, connector);
  const timezone = accountTimezone(connector, { accountId: ds.accountId, name: ds.name, timezone: ds.timezone, currency: ds.currency });
  const range = resolveWindow(FILTER_VALUE_WINDOW, { timezone, now: new Date() }).days;
  const account = { id: ds.accountId, name: ds.name, timezone, currency: ds.currency ?? "USD" };
  // Distinct values page by page: a 30-day read of a busy dimension never sits in memory whole.
  const seen = new Set<string>();
  // Through the read cache (decision 0890): the window's answer, once stored, is served from it.
  for await (const page of readThroughCache(connector, ctx, { accounts: [account], fields: [field], range, granularity: "day" })) {
    if (collectValues(seen, page.rows, field)) break;
  }
  return sortValues(seen);
}

/**
 * The suggestions for `search` among the values of `field` on an account of the client's source
 * (the editor's account select), or a FilterValueError (unknown field 400, foreign account 404).
 */
export async function filterValueSuggestions(companyId: number, client: Client, input: { field: string; search: string; dataSourceId?: number }) {
  const field = input.field.trim();
  if (!field) throw new FilterValueError("Please select a field", 400);
  const options = await editorOptions(companyId, client, "metric");
  if (!options.supported) throw new FilterValueError("This feature is not available yet for this platform.", 400);
  if (!options.filterFields.some((f) => f.id === field)) throw new FilterValueError(`Unknown field "${field}"`, 400);
  const dataSourceId = input.dataSourceId ?? client.dataSource.id;
  if (!options.accounts.some((a) => a.id === dataSourceId)) throw new FilterValueError("Unable to load", 404);
  const values = await cache.get(`${companyId}:${dataSourceId}:${field}`, () => readValues(companyId, client, dataSourceId, field));
  return { field, values: matchSuggestions(values, input.search) };
}

/** The resource route's answer: JSON suggestions, or JSON { message } with the error's status. */
export async function filterValuesResponse(companyId: number, client: Client, url: URL) {
  const dataSourceParam = url.searchParams.get("dataSourceId");
  const dataSourceId = dataSourceParam ? Number(dataSourceParam) : undefined;
  try {
    if (dataSourceId !== undefined && parseId(dataSourceId) === null) throw new FilterValueError("Unable to load", 404);
    return json(await filterValueSuggestions(companyId, client, { field: url.searchParams.get("field") ?? "", search: url.searchParams.get("q") ?? "", dataSourceId }));
  } catch (error) {
    if (error instanceof FilterValueError) return json({ message: error.message }, { status: error.status });
    // The platform refused or failed: the editor keeps a plain text input.
    return json({ message: error instanceof Error ? error.message : "Not available" }, { status: 502 });
  }
}

export const clearFilterValueCache = () => cache.clear();
