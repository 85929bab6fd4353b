// Reads of one account that go through the cache without the caller knowing which company or
// account the connector context belongs to: alert evaluations (readThroughCache) and data-stream
// runs (storeWhileReading). connectorContextForSource registers every context it builds with its
// database, company and source; a context built any other way (tests, the CLI) reads the
// connector directly.
import { createHash } from "node:crypto";
import type { DB } from "../../db/connection.js";
import { dataSourceIdsByAccount } from "../../db/repositories/data-sources.js";
import { type CellBlock, type Connector, type ConnectorContext, type FieldDef, type QueryRegistry, type ReadRequest, type Row, type RowPage, blockPages, blockRows, cacheShape, DATE_FIELD } from "../../engine/index.js";
import { readAccountBlocks, readAccountPages, type DayStats } from "./account-reader.js";
import { readPartition } from "./partition-key.js";
import { readCacheSettings, type ReadCacheSettings } from "./settings.js";

export type ReadScope = { db: DB; companyId: number; sourceId: number };

type ScopeState = ReadScope & { fields: Map<string, Promise<FieldDef[]>>; accounts?: Promise<Map<string, number>> };

const scopes = new WeakMap<ConnectorContext, ScopeState>();

/** Says whose context this is, so reads through it can use the company's cache. */
export function registerReadScope(ctx: ConnectorContext, scope: ReadScope): void {
  scopes.set(ctx, { ...scope, fields: new Map() });
}

export type ThroughOptions = { now?: Date; settings?: Partial<ReadCacheSettings>; stats?: DayStats; /** nocache=1: every day from the platform, stored again. */ refresh?: boolean };

type Prepared = { read: Parameters<typeof readAccountBlocks>[0] };

/** What a read through the cache needs, or undefined when this read is not cached. */
async function prepare(connector: Connector, ctx: ConnectorContext, request: ReadRequest, opts: ThroughOptions & { refresh: boolean }): Promise<Prepared | undefined> {
  const scope = scopes.get(ctx);
  if (!scope || request.accounts.length !== 1) return undefined;
  const settings = readCacheSettings(opts.settings);
  if (!settings.enabled) return undefined;
  const account = request.accounts[0];
  const report = Array.isArray(request.options?.report) ? request.options?.report[0] : request.options?.report;
  // A context lives for one request or one batch: its catalogue and the source's account ids
  // (all of them in one statement: an alert batch meets hundreds) are looked up once.
  let fields = scope.fields.get(report ?? "");
  if (!fields) scope.fields.set(report ?? "", (fields = connector.listFields(ctx, { report })));
  scope.accounts ??= dataSourceIdsByAccount(scope.db, scope.companyId, scope.sourceId);
  // A failed lookup is not kept: the next read of this context asks again.
  scope.accounts.catch(() => (scope.accounts = undefined));
  const [defs, ids] = await Promise.all([fields, scope.accounts]);
  const id = ids.get(account.id);
  if (id === undefined) return undefined;
  const shape = cacheShape(defs, request.fields, request.granularity);
  const { partitionKey, fingerprint } = readPartition(connector.id, request, shape, defs);
  return {
    read: {
      db: scope.db,
      ref: { companyId: scope.companyId, dataSourceId: id, partitionKey },
      connector,
      context: async () => ctx,
      request,
      shape,
      fingerprint,
      timezone: account.timezone,
      now: opts.now ?? new Date(),
      refresh: opts.refresh,
      settings,
      stats: opts.stats ?? { daysFromPlatform: 0, daysFromCache: 0 },
      log: (message) => console.warn(`[read-cache] ${connector.id} account ${id}: ${message}`),
    },
  };
}

/**
 * connector.read through the cache: stored days from PostgreSQL, the rest from the platform
 * (and stored). Rows carry the asked fields (a date added for storing is dropped again).
 */
export async function* readThroughCache(connector: Connector, ctx: ConnectorContext, request: ReadRequest, opts: ThroughOptions = {}): AsyncGenerator<RowPage> {
  // Anything the cache cannot settle (an unknown report, the database away) is the connector's to answer.
  const prepared = await prepare(connector, ctx, request, { ...opts, refresh: opts.refresh ?? false }).catch(() => undefined);
  if (!prepared) return yield* connector.read(ctx, request);
  const extra = !request.fields.includes(DATE_FIELD) && prepared.read.shape.layout.includes(DATE_FIELD);
  for await (const page of blockPages(readAccountBlocks(prepared.read))) {
    if (extra) for (const row of page.rows) delete row[DATE_FIELD];
    yield page;
  }
}

/** A read kept as the blocks it was served in: `digest` names its rows, `rows()` decodes them (once). */
export type DigestedRead = { digest: string; rows(): Row[] };

/**
 * The same read as readThroughCache, for a caller that may not need the rows at all (an alert
 * whose inputs did not change, decision 0894): the blocks are kept as served and digested as they
 * are, rows decoded only when asked. The digest is of the rows' encoded text in order (block
 * boundaries do not count), so the same rows served from storage or from the platform give the
 * same digest. undefined when the cache does not serve this read.
 */
export async function readDigestedThroughCache(connector: Connector, ctx: ConnectorContext, request: ReadRequest, opts: ThroughOptions = {}): Promise<DigestedRead | undefined> {
  const prepared = await prepare(connector, ctx, request, { ...opts, refresh: opts.refresh ?? false }).catch(() => undefined);
  if (!prepared) return undefined;
  const extra = !request.fields.includes(DATE_FIELD) && prepared.read.shape.layout.includes(DATE_FIELD);
  const hash = createHash("sha1");
  const blocks: CellBlock[] = [];
  let layout: readonly string[] | undefined;
  let constants: CellBlock["constants"];
  let header = "";
  for await (const block of readAccountBlocks(prepared.read)) {
    if (block.rows === 0) continue;
    // A block's columns count once, when they change (\u0000 never occurs in encoded rows).
    if (block.layout !== layout || block.constants !== constants) {
      ({ layout, constants } = block);
      const next = JSON.stringify([block.layout, block.constants ?? null]);
      if (next !== header) hash.update(`\u0000${(header = next)}\u0000`);
    }
    hash.update(block.bytes ?? block.text);
    blocks.push(block);
  }
  let rows: Row[] | undefined;
  return {
    digest: hash.digest("base64"),
    rows() {
      if (!rows) {
        rows = blocks.flatMap(blockRows);
        if (extra) for (const row of rows) delete row[DATE_FIELD];
      }
      return rows;
    },
  };
}

/**
 * connector.read, every day from the platform as a data-stream run needs, with the rows stored on
 * the way when they are stored by day (the read's fields include the date).
 */
export async function* storeWhileReading(connector: Connector, ctx: ConnectorContext, request: ReadRequest, opts: ThroughOptions = {}): AsyncGenerator<RowPage> {
  const prepared = request.fields.includes(DATE_FIELD) ? await prepare(connector, ctx, request, { ...opts, refresh: true }).catch(() => undefined) : undefined;
  if (!prepared || prepared.read.shape.by !== "days") return yield* connector.read(ctx, request);
  yield* readAccountPages(prepared.read);
}

/**
 * A registry whose connectors read through the cache: a blended cross-platform query runs one
 * query per platform (engine/query/blended), each account of each platform served from its own
 * partitions. `statsOf` gives the counters of one account (the connection log's days).
 */
export function readThroughRegistry(registry: QueryRegistry, opts: Omit<ThroughOptions, "stats"> & { statsOf?: (platform: string, accountId: string) => DayStats | undefined }): QueryRegistry {
  const wrapped = new Map<string, Connector>();
  return {
    getConnector(platform) {
      let cached = wrapped.get(platform);
      if (!cached) {
        const connector = registry.getConnector(platform);
        // The connector's own methods stay bound to it; only read is routed through the cache.
        cached = Object.create(connector, {
          read: { value: (ctx: ConnectorContext, request: ReadRequest) => readThroughCache(connector, ctx, request, { ...opts, stats: opts.statsOf?.(connector.id, request.accounts[0]?.id ?? "") }) },
        }) as Connector;
        wrapped.set(platform, cached);
      }
      return cached;
    },
  };
}
