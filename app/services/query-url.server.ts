// GET /api/request: authenticates the company by its API key, validates the parameters, resolves
// each account inside that company (never another's), runs the engine's query and streams the
// chosen format. Identical concurrent requests of one company share one upstream read
// (lib/shared-stream.ts). Every request that reached its accounts is recorded as connection logs.
import { randomUUID } from "node:crypto";
import type { DB } from "../../db/connection.js";
import type { Company, NetworkAuthorization } from "../../db/schema.js";
import { findCompanyByApiKey } from "../../db/repositories/companies.js";
import { listActiveAccountsOnPlatforms } from "../../db/repositories/data-sources.js";
import { FORMAT_DESTINATION_TYPES } from "../../db/repositories/connection-logs.js";
import { registry as defaultRegistry, accountTimezone, blendablePlatforms, BLENDED_PLATFORM, executeBlendedQuery, normalizedMappings, resolveDateRange, ConnectorError, EngineError, FieldTypeMismatchError, InvalidDateRangeError, InvalidCredentialError, PlatformNotImplementedError, UnknownFieldError, UnknownPlatformError, type CellBlock, type Column, type Connector, type ConnectorContext, getFormat, limitBlocks, outputColumns, planQuery, rowBlocks, type QueryAccount, type QueryDefinition, type QueryRegistry } from "../../engine/index.js";
import { ConnectionRecorder, type AccountReadStats } from "../../server/connection-recorder.js";
import { coalesce, SharedStream } from "../../lib/shared-stream.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { companyConversion } from "../../server/currency-conversion.js";
import { queryBlocks, readThroughRegistry, type ReadCacheSettings } from "../../server/read-cache/index.js";
import { parseQueryParams, type ParsedQueryRequest, type QueryFormat, type QueryParamError } from "~/utils/query-url";
import { extractionBlocked, extractionUsage } from "./billing-gate.server.js";

export type QueryUrlDeps = {
  db: DB;
  registry?: QueryRegistry;
  now?: () => Date;
  env?: Record<string, string | undefined>;
  /** Stop after this many rows (the builder's preview). */
  maxRows?: number;
  /** Read-cache limits instead of the environment's (tests, benches). */
  readCache?: Partial<ReadCacheSettings>;
};

type ResolvedAccount = QueryAccount & { dataSourceId: number; source: NetworkAuthorization };

// ---------- error answers ----------

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function errorResponse(format: QueryFormat | undefined, error: QueryParamError, requestId?: string): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (requestId) headers["X-Request-Id"] = requestId;
  if (format === "csv") {
    headers["Content-Type"] = "text/csv; charset=utf-8";
    return new Response(`error,parameter,code\r\n${csvCell(error.message)},${csvCell(error.parameter)},${csvCell(error.code)}\r\n`, { status: error.status, headers });
  }
  headers["Content-Type"] = "application/json; charset=utf-8";
  return new Response(JSON.stringify({ error: { parameter: error.parameter, code: error.code, message: error.message } }), { status: error.status, headers });
}

/** Maps an engine error to the parameter the user has to fix. */
export function engineErrorToParam(error: unknown, query: Pick<ParsedQueryRequest, "metrics" | "dimensions" | "filters">): QueryParamError | undefined {
  if (error instanceof UnknownPlatformError) return { status: 404, parameter: "platform", code: error.code, message: error.message };
  if (error instanceof PlatformNotImplementedError) return { status: 400, parameter: "platform", code: error.code, message: error.message };
  if (error instanceof UnknownFieldError) {
    const parameter = error.fields.some((f) => query.metrics.includes(f))
      ? "metrics"
      : error.fields.some((f) => query.dimensions.includes(f))
        ? "dimensions"
        : "filters";
    return { status: 400, parameter, code: error.code, message: error.message };
  }
  if (error instanceof FieldTypeMismatchError) {
    return { status: 400, parameter: query.metrics.includes(error.field) ? "metrics" : "dimensions", code: error.code, message: error.message };
  }
  if (error instanceof InvalidDateRangeError) return { status: 400, parameter: "date", code: error.code, message: error.message };
  if (error instanceof InvalidCredentialError) return { status: 400, parameter: "accounts", code: error.code, message: `${error.message} Reconnect the source in Sources.` };
  if (error instanceof ConnectorError) {
    if (error.kind === "config") return { status: 400, parameter: "accounts", code: "source_needs_reconnect", message: `${error.platform}: ${error.message} Reconnect the source in Sources.` };
    return { status: error.httpStatus, parameter: "platform", code: `upstream_${error.kind}`, message: `${error.platform} did not answer as expected: ${error.message}` };
  }
  if (error instanceof EngineError) {
    const message = error.message;
    const parameter = /filter/i.test(message)
      ? "filters"
      : /report/i.test(message)
        ? "options_report"
        : /hour/i.test(message)
          ? "options_granularity"
          : /metric or dimension|asked twice/i.test(message)
            ? "metrics"
            : /account/i.test(message)
              ? "accounts"
              : /date|timezone/i.test(message)
                ? "date"
                : "query";
    return { status: error.httpStatus >= 500 ? 400 : error.httpStatus, parameter, code: error.code, message };
  }
  return undefined;
}

// ---------- accounts ----------

/** Which connector reads an account's platform in this query: the query's own, or each ads platform of a cross-platform query. */
type PlatformScope = { name: string; connectorOf(platform: string): Connector | undefined };

function singlePlatform(connector: Connector): PlatformScope {
  return { name: connector.id, connectorOf: (platform) => (platform === connector.id ? connector : undefined) };
}

function blendedPlatforms(registry: QueryRegistry, platforms: readonly string[]): PlatformScope {
  const allowed = new Set(platforms);
  return { name: `one of ${platforms.join(", ")}`, connectorOf: (platform) => (allowed.has(platform) ? registry.getConnector(platform) : undefined) };
}

/** A cross-platform query without accounts: every activated, unblocked account of its platforms in the company. */
async function everyAccountOf(db: DB, company: Company, platforms: readonly string[]): Promise<ParsedQueryRequest["accounts"]> {
  const accounts = await listActiveAccountsOnPlatforms(db, company.id, platforms, 200);
  return accounts.map((a) => ({ id: a.accountId, authorizationId: a.authorizationId }));
}

async function resolveAccounts(
  db: DB,
  company: Company,
  scope: PlatformScope,
  refs: ParsedQueryRequest["accounts"],
): Promise<{ ok: true; accounts: ResolvedAccount[] } | { ok: false; error: QueryParamError }> {
  const authIds = [...new Set(refs.map((r) => r.authorizationId))];
  const rows = await db
    .selectFrom("dataSources")
    .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
    .selectAll("networkAuthorizations")
    .select([
      "dataSources.id as dataSourceId",
      "dataSources.accountId as accountId",
      "dataSources.name as accountName",
      "dataSources.timezone as accountTimezone",
      "dataSources.currency as accountCurrency",
      "dataSources.blockedAt as accountBlockedAt",
    ])
    // Both sides filtered by the API key's company: another company's ids simply do not exist.
    .where("dataSources.companyId", "=", company.id)
    .where("networkAuthorizations.companyId", "=", company.id)
    .where("dataSources.networkAuthorizationId", "in", authIds)
    .execute();
  const seen = new Set<string>();
  const accounts: ResolvedAccount[] = [];
  for (const [index, ref] of refs.entries()) {
    const key = `${ref.authorizationId}:${ref.id}`;
    if (seen.has(key)) return { ok: false, error: { status: 400, parameter: "accounts", code: "duplicate_account", message: `accounts[${index}] lists account ${ref.id} twice.` } };
    seen.add(key);
    const row = rows.find((r) => r.id === ref.authorizationId && r.accountId === ref.id);
    if (!row) {
      return {
        ok: false,
        error: { status: 404, parameter: "accounts", code: "unknown_account", message: `accounts[${index}]: account ${ref.id} of source ${ref.authorizationId} is not an activated account of your company.` },
      };
    }
    const connector = scope.connectorOf(row.platform);
    if (!connector) {
      return { ok: false, error: { status: 400, parameter: "accounts", code: "platform_mismatch", message: `accounts[${index}]: source ${ref.authorizationId} is a ${row.platform} source, not ${scope.name}.` } };
    }
    if (row.accountBlockedAt) {
      return { ok: false, error: { status: 403, parameter: "accounts", code: "account_blocked", message: `accounts[${index}]: This account is blocked. You need to unblock it to fetch data.` } };
    }
    const available = (row.availableDataSources ?? []).find((a) => a.accountId === row.accountId);
    const timezone = accountTimezone(connector.timezone, { timezone: row.accountTimezone, listed: available?.timezone });
    const currency =
      typeof connector.currency === "object" ? connector.currency.fixed : connector.currency === "none" ? "XXX" : (row.accountCurrency ?? available?.currency ?? "XXX");
    const { dataSourceId, accountId, accountName, accountTimezone: _tz, accountCurrency: _cur, accountBlockedAt: _b, ...source } = row;
    accounts.push({ id: accountId, name: accountName, timezone, currency, authorizationId: String(source.id), platform: row.platform, dataSourceId, source: source as NetworkAuthorization });
  }
  return { ok: true, accounts };
}

// ---------- shared flights ----------

type FlightOutcome =
  | { kind: "error"; error: QueryParamError }
  | { kind: "stream"; shared: SharedStream; contentType: string; stats: () => AccountReadStats[]; done: Promise<{ ok: boolean; message?: string }> };

/** finishedAt: on the request clock (deps.now), when the shared read ended. */
type Flight = { outcome: Promise<FlightOutcome>; finishedAt?: number };

declare global {
  // One table per process; survives dev reloads.
  var __signalpostQueryFlights: Map<string, Flight> | undefined;
}
const flights = (globalThis.__signalpostQueryFlights ??= new Map<string, Flight>());

/** How long a finished read may still be joined by an identical request. */
const FLIGHT_GRACE_MS = 2_000;

/** For tests: how many distinct upstream reads ran. */
export const queryUrlCounters = { upstreamReads: 0 };

function flightKey(companyId: number, q: ParsedQueryRequest, day: string, maxRows: number | undefined): string {
  const { apikey: _apikey, ...rest } = q;
  return JSON.stringify([companyId, day, maxRows ?? null, rest]);
}

function startFlight(deps: Required<Pick<QueryUrlDeps, "db">> & QueryUrlDeps, company: Company, q: ParsedQueryRequest, accounts: ResolvedAccount[], leader: ConnectionRecorder, key: string): Flight {
  const registry = deps.registry ?? defaultRegistry;
  const format = getFormat(q.format);
  const contexts = new Map<string, ConnectorContext>();
  let settle!: (v: { ok: boolean; message?: string }) => void;
  const done = new Promise<{ ok: boolean; message?: string }>((resolve) => (settle = resolve));
  const flight: Flight = { outcome: undefined as unknown as Promise<FlightOutcome> };
  const outcome = (async (): Promise<FlightOutcome> => {
    queryUrlCounters.upstreamReads += 1;
    const abort = new AbortController();
    const definition: QueryDefinition = {
      platform: q.platform,
      accounts: accounts.map(({ dataSourceId: _d, source: _s, ...a }) => a),
      metrics: q.metrics,
      dimensions: q.dimensions,
      date: q.date,
      granularity: q.options.granularity === "hour" ? "hour" : undefined,
      filters: q.filters,
      options: q.options,
    };
    const contextFor = (connector: Connector, account: QueryAccount) => {
      const resolved = accounts.find((a) => a.id === account.id && a.authorizationId === account.authorizationId)!;
      let ctx = contexts.get(resolved.authorizationId!);
      if (!ctx) {
        try {
          ctx = connectorContextForSource(deps.db, company.id, resolved.source, connector, { signal: abort.signal, env: deps.env });
        } catch (error) {
          if (error instanceof EngineError) throw error;
          // A stored credential that no longer decrypts (key rotated away, corrupted row): the
          // source must be reconnected; say so instead of failing with a 500.
          throw new InvalidCredentialError(`The credential of source ${resolved.source.id} cannot be read.`, connector.id);
        }
        contexts.set(resolved.authorizationId!, ctx);
      }
      return ctx;
    };
    let iterator: AsyncIterator<Uint8Array>;
    let first: IteratorResult<Uint8Array>;
    try {
      const now = deps.now?.() ?? new Date();
      const options = { now, conversion: companyConversion(deps.db, company) };
      let columns: Column[];
      let blocks: AsyncIterable<CellBlock>;
      if (q.blended) {
        // Each platform's query reads its accounts through the read cache too (decision 0890).
        const cached = readThroughRegistry(registry, {
          now,
          refresh: q.nocache,
          settings: deps.readCache,
          statsOf: (platform, accountId) => leader.stats[accounts.findIndex((a) => a.platform === platform && a.id === accountId)],
        });
        const result = await executeBlendedQuery(cached, normalizedMappings, definition, contextFor, options);
        columns = result.columns;
        blocks = rowBlocks(columns.map((c) => c.id), result.rows);
      } else {
        const plan = await planQuery(registry, definition, contextFor, options);
        columns = outputColumns(plan);
        // Stored days come from the read cache, the others from the platform (decision 0890).
        blocks = queryBlocks({
          db: deps.db,
          companyId: company.id,
          plan,
          dataSourceIds: accounts.map((a) => a.dataSourceId),
          now,
          refresh: q.nocache,
          // A csv answer sends the stored csv form of its rows (decision 0895); a row limit cuts rows, which needs their JSON.
          csvForm: q.format === "csv" && deps.maxRows === undefined,
          settings: deps.readCache,
          onAccount: (index) => leader.switchTo(index),
          stats: leader.stats,
        });
      }
      async function* counted() {
        for await (const block of limitBlocks(blocks, deps.maxRows)) {
          leader.countRow(block.rows);
          yield block;
        }
      }
      iterator = coalesce(format.writeBlocks(columns, counted()), 64 * 1024, (n) => leader.countBytes(n))[Symbol.asyncIterator]();
      // Pull the first chunk before answering: errors a connector raises lazily (a bad report
      // option, a revoked token) still become a 4xx instead of a cut 200.
      first = await iterator.next();
    } catch (error) {
      abort.abort();
      const mapped = engineErrorToParam(error, q);
      settle({ ok: false, message: mapped?.message ?? "Internal error" });
      if (mapped) return { kind: "error", error: mapped };
      throw error;
    }
    const shared = new SharedStream(async function* (signal) {
      signal.addEventListener("abort", () => abort.abort(), { once: true });
      try {
        if (!first.done) yield first.value;
        for (;;) {
          const next = await iterator.next();
          if (next.done) break;
          yield next.value;
        }
        settle({ ok: true });
      } catch (error) {
        settle({ ok: false, message: engineErrorToParam(error, q)?.message ?? (error instanceof Error ? error.message : "Read failed") });
        throw error;
      } finally {
        if (signal.aborted) {
          settle({ ok: false, message: "The client closed the connection before the end." });
          await iterator.return?.();
        }
        // A finished read stays joinable for a moment (its bytes are still in the replay buffer,
        // at most replayLimitBytes): requests that were sent together but arrive a few
        // milliseconds apart still share it.
        flight.finishedAt = (deps.now?.() ?? new Date()).getTime();
        const timer = setTimeout(() => {
          if (flights.get(key)?.outcome === outcome) flights.delete(key);
        }, FLIGHT_GRACE_MS);
        timer.unref?.();
      }
    });
    return { kind: "stream", shared, contentType: format.contentType, stats: () => leader.stats, done };
  })();
  // Errors are not shared beyond the requests already waiting for them.
  void outcome.then(
    (o) => {
      if (o.kind === "error" && flights.get(key)?.outcome === outcome) flights.delete(key);
    },
    () => {
      if (flights.get(key)?.outcome === outcome) flights.delete(key);
    },
  );
  flight.outcome = outcome;
  return flight;
}

/** Wraps a reader's stream so its end (or the client leaving) writes its connection logs. */
function recorded(stream: ReadableStream<Uint8Array>, onEnd: (ok: boolean, bytes: number, message?: string) => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  let bytes = 0;
  let ended = false;
  const end = (ok: boolean, message?: string) => {
    if (ended) return;
    ended = true;
    onEnd(ok, bytes, message);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await reader.read();
          if (done) {
            controller.close();
            end(true);
            return;
          }
          bytes += value.byteLength;
          controller.enqueue(value);
        } catch (error) {
          controller.error(error);
          end(false, error instanceof Error ? error.message : "Read failed");
        }
      },
      async cancel(reason) {
        end(false, "The client closed the connection before the end.");
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

function rangeOf(q: ParsedQueryRequest, account: QueryAccount, now: Date | undefined): { dateStart: string | null; dateEnd: string | null } {
  try {
    const range = resolveDateRange(q.date.preset, { timezone: account.timezone, now, start: q.date.start, end: q.date.end, since: q.date.since });
    return { dateStart: range.start, dateEnd: range.end };
  } catch {
    return { dateStart: null, dateEnd: null };
  }
}

function logFailure(recorder: ConnectionRecorder, error: QueryParamError) {
  void recorder.finish({ success: false, httpStatus: error.status, message: error.message }).catch((e) => {
    // Recording must never turn an answer into a 500; the failure is reported, not thrown.
    console.error("[query-url] could not record the connection log:", e instanceof Error ? e.message : e);
  });
}

export async function answerQueryUrl(request: Request, deps: QueryUrlDeps): Promise<Response> {
  const requestId = randomUUID();
  const url = new URL(request.url);
  const formatHint = (["json", "csv", "tableau", "powerbi"] as const).find((f) => f === url.searchParams.get("format")?.trim().toLowerCase());
  // The key first: whoever does not hold a valid key learns nothing about the parameters.
  const presentedKey = url.searchParams.get("apikey")?.trim() ?? "";
  const company = presentedKey && presentedKey.length <= 200 ? await findCompanyByApiKey(deps.db, presentedKey) : undefined;
  const parsed = parseQueryParams(url.searchParams);
  if (!parsed.ok && parsed.error.parameter === "apikey") return errorResponse(formatHint, parsed.error, requestId);
  if (!company) return errorResponse(formatHint, { status: 401, parameter: "apikey", code: "invalid_api_key", message: "This API key is not valid: it may have been rotated. Copy the current key from the query builder." }, requestId);
  if (!parsed.ok) return errorResponse(formatHint, parsed.error, requestId);
  const q = parsed.value;

  const registry = deps.registry ?? defaultRegistry;
  let scope: PlatformScope;
  let refs = q.accounts;
  if (q.blended) {
    // A cross-platform query (decision 0931): the ads platforms it names, each with a normalized mapping.
    const known = blendablePlatforms();
    const platforms = q.blended.platforms ?? known;
    const unknown = platforms.filter((p) => !known.includes(p));
    if (unknown.length) {
      return errorResponse(q.format, { status: 400, parameter: "platform", code: "not_an_ads_platform", message: `${unknown.map((p) => `"${p.slice(0, 80)}"`).join(", ")} cannot be read by a cross-platform query: use ads platforms (${known.join(", ")}).` }, requestId);
    }
    scope = blendedPlatforms(registry, platforms);
    if (refs.length === 0) refs = await everyAccountOf(deps.db, company, platforms);
    if (refs.length === 0) {
      return errorResponse(q.format, { status: 404, parameter: "accounts", code: "no_accounts", message: "Your company has no activated account on these ads platforms. Activate accounts in Sources first." }, requestId);
    }
  } else {
    try {
      scope = singlePlatform(registry.getConnector(q.platform));
    } catch (error) {
      const mapped = engineErrorToParam(error, q);
      if (mapped) return errorResponse(q.format, mapped, requestId);
      throw error;
    }
  }

  // The billing gate's read runs alongside the accounts' lookup: the first byte waits for one round trip fewer.
  const usage = extractionUsage(deps.db, company);
  const resolved = await resolveAccounts(deps.db, company, scope, refs);
  if (!resolved.ok) return errorResponse(q.format, resolved.error, requestId);
  // Billing (issue 8): a lapsed trial, a dead subscription or accounts locked beyond the plan's cap read nothing.
  const blocked = await extractionBlocked(deps.db, company, usage, resolved.accounts.map((a) => a.dataSourceId));
  if (blocked) return errorResponse(q.format, { status: 402, parameter: "accounts", code: blocked.reason, message: blocked.message }, requestId);
  const now = deps.now?.();
  const recorder = new ConnectionRecorder(deps.db, company.id, {
    requestId,
    destinationType: FORMAT_DESTINATION_TYPES[q.format],
    fields: [...q.dimensions, ...q.metrics],
    accounts: resolved.accounts.map((a) => ({ dataSourceId: a.dataSourceId, ...rangeOf(q, a, now) })),
  });

  const key = flightKey(company.id, q, (now ?? new Date()).toISOString().slice(0, 10), deps.maxRows);
  let flight = flights.get(key);
  let fromCache = false;
  if (flight) {
    const existing = await flight.outcome.catch(() => undefined);
    // Joined only while the request clock is still within the grace (a clock that moved on, as in
    // tests of freshness, starts a read of its own).
    const fresh = flight.finishedAt === undefined || (now ?? new Date()).getTime() - flight.finishedAt <= FLIGHT_GRACE_MS;
    if (existing && (existing.kind === "error" || (existing.shared.joinable && fresh))) fromCache = true;
    else flight = undefined;
  }
  if (!flight) {
    flight = startFlight(deps, company, q, resolved.accounts, recorder, key);
    flights.set(key, flight);
  }
  let outcome: FlightOutcome;
  try {
    outcome = await flight.outcome;
  } catch (error) {
    logFailure(recorder, { status: 500, parameter: "query", code: "internal", message: error instanceof Error ? error.message : "Internal error" });
    throw error;
  }
  if (outcome.kind === "error") {
    logFailure(recorder, outcome.error);
    return errorResponse(q.format, outcome.error, requestId);
  }
  let body: ReadableStream<Uint8Array>;
  try {
    body = outcome.shared.subscribe();
  } catch {
    // Closed to newcomers between our check and now: read on our own.
    return answerQueryUrl(request, deps);
  }
  const leaderStats = outcome.stats;
  const done = outcome.done;
  const stream = recorded(body, (ok, bytes, message) => {
    void (async () => {
      const upstream = ok ? await done : { ok: false, message };
      await recorder.finish({
        success: ok && upstream.ok,
        httpStatus: 200,
        message: ok && upstream.ok ? null : (message ?? upstream.message ?? null),
        fromCache,
        // A joined request asked the platform nothing: its days all came from the shared read.
        stats: fromCache
          ? leaderStats().map((s, i) => ({ rows: s.rows, bytes: i === 0 ? bytes : 0, daysFromPlatform: 0, daysFromCache: s.daysFromPlatform + s.daysFromCache }))
          : undefined,
      });
    })().catch((e) => console.error("[query-url] could not record the connection log:", e instanceof Error ? e.message : e));
  });
  const headers: Record<string, string> = {
    "Content-Type": outcome.contentType,
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
    "X-From-Cache": fromCache ? "1" : "0",
  };
  if (q.format === "csv") headers["Content-Disposition"] = 'inline; filename="signalpost-query.csv"';
  return new Response(stream, { status: 200, headers });
}
