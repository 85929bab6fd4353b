// Alert activities (issue 7): list the configured alerts due, evaluate a batch (read through the
// engine, evaluate, store results/histories/runs in one transaction), notify status changes, and
// refresh the accounts' daily statistics for the client area. Workflows pass ids only.
import { heartbeat } from "@temporalio/activity";
import {
  listConfiguredForsToEvaluate,
  loadDaySnapshots,
  loadEvaluationTargets,
  markFirstOkSilently,
  pruneDaySnapshots,
  pruneHistories,
  recordUrlCheck,
  saveDaySnapshots,
  saveEvaluations,
  upsertDailyStats,
  type DaySnapshot,
  type EvaluationTarget,
  type Evaluation,
} from "../../db/repositories/alerts.js";
import { alertDefinitionSchema, SNAPSHOT_AGE, type AlertDefinition, type BucketValues, type EntityResult, type Connector, type ConnectorContext, resolveDateRange, checkUrl, findPlatform } from "../../engine/index.js";
import { accountTimezone, prepareAlertEvaluation, historyOf, identificationKey, scopeOfDefinition, snapshotDays, type ReadMemo } from "../../server/alert-evaluation.js";
import { anomalyLines, notifyStatusChanges, shouldNotify } from "../../server/alert-notifications.js";
import { sendAlertDigests } from "../../server/alert-digest.js";
import { crossPlatformMembers, evaluateCrossPlatformAlert, isCrossPlatformAlert } from "../../server/cross-platform-alert.js";
import { getCompany } from "../../db/repositories/companies.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { readThroughCache } from "../../server/read-cache/index.js";
import type { AlertBatchResult, CheckUrlsInput, ListDueAlertsInput, RefreshAccountStatsInput } from "../shared.js";
import type { ActivityDeps } from "./deps.js";
import { extractionGate, recordAccountUsage } from "../../db/repositories/usage.js";
import { listMonitoredAccounts } from "../../db/repositories/checks.js";

/** Runs `task` over items with at most `limit` in flight. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]);
      }
    }),
  );
  return out;
}

function safeHeartbeat(details?: unknown) {
  try {
    heartbeat(details);
  } catch {
    // Called outside an activity (unit and benchmark calls): nothing to heartbeat to.
  }
}

export function createAlertActivities(deps: ActivityDeps) {
  const db = deps.db;
  const { getConnector, now, sendMail: mail, postSlack } = deps;
  const appUrl = () => deps.appUrl;

  /**
   * What the alerts of one batch share: one billing decision per company, one connector context
   * per source, and the reads (many alerts watch the same account over the same days).
   */
  function batchScope() {
    const gates = new Map<number, Promise<(ids: number[]) => void>>();
    const contexts = new Map<number, ConnectorContext>();
    const reads: ReadMemo["cache"] = new Map();
    const series: NonNullable<ReadMemo["series"]> = new Map();
    const usedByCompany = new Map<number, Set<number>>();
    return {
      gate(companyId: number) {
        let gate = gates.get(companyId);
        if (!gate) {
          gate = extractionGate(db, companyId, { graceDays: deps.billingGraceDays, now: now() });
          gates.set(companyId, gate);
        }
        return gate;
      },
      context(target: EvaluationTarget, connector: Connector) {
        let ctx = contexts.get(target.source.id);
        if (!ctx) {
          ctx = connectorContextForSource(db, target.companyId, target.source, connector);
          contexts.set(target.source.id, ctx);
        }
        return ctx;
      },
      memo(target: EvaluationTarget): ReadMemo {
        return { scope: String(target.source.id), cache: reads, series };
      },
      used(companyId: number, dataSourceId: number) {
        const set = usedByCompany.get(companyId) ?? new Set<number>();
        set.add(dataSourceId);
        usedByCompany.set(companyId, set);
      },
      /** A read counts as usage (issue 8): recorded once per company for the whole batch. */
      async recordUsage() {
        for (const [companyId, ids] of usedByCompany) await recordAccountUsage(db, companyId, [...ids], "alert", now());
      },
    };
  }

  type Evaluated = Evaluation & { results: EntityResult[]; snapshots: DaySnapshot[] };

  /**
   * The input key an alert may be skipped on (decision 0894): only when nothing is left to
   * notify for its stored status, so a skipped run can never hold back a notification.
   */
  const skippableKey = (t: EvaluationTarget) => (t.status !== null && !shouldNotify(t.notifiedStatus, t.status) ? t.inputKey : null);

  /** Same-age snapshots (decision 0880) of the batch's (account, scope) pairs, in one query. */
  async function batchSnapshots(targets: EvaluationTarget[], definitions: Map<number, AlertDefinition>, at: Date) {
    const pairs = targets.filter((t) => definitions.has(t.configuredForId)).map((t) => ({ dataSourceId: t.dataSource.id, scope: scopeOfDefinition(definitions.get(t.configuredForId)!) }));
    // The earliest first day any account may need: the timezone furthest behind UTC (UTC-12).
    const since = snapshotDays("Etc/GMT+12", at).since;
    const stored = await loadDaySnapshots(db, pairs, SNAPSHOT_AGE, since);
    return { since, of: (t: EvaluationTarget): Map<string, BucketValues> | undefined => stored.get(`${t.dataSource.id}/${scopeOfDefinition(definitions.get(t.configuredForId)!)}`) };
  }

  async function evaluateTarget(target: EvaluationTarget, at: Date, scope: ReturnType<typeof batchScope>, definition: AlertDefinition | undefined, snapshots?: Map<string, BucketValues>): Promise<Evaluated> {
    const base = { companyId: target.companyId, configuredForId: target.configuredForId, analyzedAt: at, results: [] as EntityResult[], snapshots: [] as DaySnapshot[] };
    try {
      if (!definition) definition = alertDefinitionSchema.parse({ title: target.title, type: target.type, ...target.definition });
      let results: EntityResult[];
      let daySnapshots: DaySnapshot[] = [];
      // Cross-platform alerts read several accounts through another path: always evaluated.
      let inputKey: string | null = null;
      if (isCrossPlatformAlert(definition)) {
        // Total spend across the client's ads platforms (decision 0931): no day snapshots of one account.
        const memberIds = crossPlatformMembers(definition).flatMap((m) => (m.dataSourceId ? [m.dataSourceId] : []));
        (await scope.gate(target.companyId))(memberIds);
        const company = await getCompany(db, target.companyId);
        const clientConnector: Connector = getConnector(target.source.platform);
        ({ results } = await evaluateCrossPlatformAlert({ db, registry: { getConnector } }, company!, { timezone: accountTimezone(clientConnector, target.dataSource) }, definition, at));
        for (const id of memberIds) scope.used(target.companyId, id);
      } else {
        const connector: Connector = getConnector(target.source.platform);
        // Billing (issue 8): a lapsed trial, a dead subscription or a locked account is not read.
        (await scope.gate(target.companyId))([target.dataSource.id]);
        const ctx = scope.context(target, connector);
        const prepared = await prepareAlertEvaluation({ connector, ctx, account: target.dataSource, definition, now: at, memo: scope.memo(target), snapshots });
        scope.used(target.companyId, target.dataSource.id);
        inputKey = prepared.inputKey;
        if (inputKey === skippableKey(target)) {
          return { ...base, entities: [], inputKey, unchanged: { status: target.status!, entityAnalyzed: target.entityAnalyzed, entityInAlert: target.entityInAlert } };
        }
        const out = await prepared.evaluate();
        results = out.results;
        daySnapshots = out.snapshots.entities.map((e) => ({ companyId: target.companyId, dataSourceId: target.dataSource.id, scope: out.snapshots.scope, entityKey: e.key, day: out.snapshots.day, age: SNAPSHOT_AGE, values: e.values }));
      }
      return {
        ...base,
        inputKey,
        results,
        snapshots: daySnapshots,
        entities: results.map((r) => ({
          identificationKey: identificationKey(r.identification),
          identifications: r.identification,
          identifierName: r.identifierName,
          status: r.status,
          stillChanging: r.stillChanging,
          result: r,
          history: historyOf(r),
        })),
      };
    } catch (error) {
      // One account's failure (expired token, unknown field) is recorded on its run; the batch goes on.
      return { ...base, entities: [], error: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    /** Ids of configured alerts not evaluated since `dueBefore` (or the given ids), oldest first. */
    async listDueAlerts(input: ListDueAlertsInput): Promise<number[]> {
      return listConfiguredForsToEvaluate(db, {
        dueBefore: new Date(input.dueBefore),
        limit: input.limit,
        companyId: input.companyId,
        ids: input.configuredForIds,
      });
    },

    /** Evaluates a batch of configured alerts, stores everything, then notifies status changes. */
    async evaluateAlertBatch(input: { configuredForIds: number[]; concurrency?: number }): Promise<AlertBatchResult> {
      const targets = await loadEvaluationTargets(db, input.configuredForIds);
      const at = now();
      const scope = batchScope();
      const definitions = new Map<number, AlertDefinition>();
      for (const t of targets) {
        const parsed = alertDefinitionSchema.safeParse({ title: t.title, type: t.type, ...t.definition });
        // An invalid stored definition is reported by evaluateTarget on the alert's run.
        if (parsed.success) definitions.set(t.configuredForId, parsed.data);
      }
      const snapshots = await batchSnapshots(targets, definitions, at);
      let done = 0;
      const evaluations = await mapLimit(targets, input.concurrency ?? 8, async (t) => {
        const e = await evaluateTarget(t, at, scope, definitions.get(t.configuredForId), definitions.has(t.configuredForId) ? snapshots.of(t) : undefined);
        if (++done % 25 === 0) safeHeartbeat(done);
        return e;
      });
      await scope.recordUsage();
      const saved = await saveEvaluations(db, evaluations);
      // Only alerts that got new history rows can have too many.
      await pruneHistories(db, saved.filter((s) => s.changed > 0).map((s) => s.configuredForId));
      const recorded = evaluations.flatMap((e) => e.snapshots);
      await saveDaySnapshots(db, recorded);
      // Days fall out of the kept range only as new days are recorded: pruned with those.
      if (recorded.length) await pruneDaySnapshots(db, [...new Set(recorded.map((r) => r.dataSourceId))], snapshots.since);
      const resultsOf = new Map(evaluations.map((e) => [e.configuredForId, e.results]));
      const byId = new Map(targets.map((t) => [t.configuredForId, t]));
      // The first OK of an alert is recorded silently, for the whole batch in one statement.
      await markFirstOkSilently(
        db,
        saved
          .filter((s) => {
            const t = byId.get(s.configuredForId)!;
            return s.status === "OK" && t.notifiedStatus === null && !(t.snoozed && t.snoozed > now());
          })
          .map((s) => s.configuredForId),
      );
      const sentBy = await notifyStatusChanges(
        { db, sendMail: mail, postSlack, appUrl: appUrl(), now },
        saved
          .filter((s) => s.status !== null)
          .map((s) => {
            const target = byId.get(s.configuredForId)!;
            return {
              companyId: s.companyId,
              configuredForId: s.configuredForId,
              dataSourceId: target.dataSource.id,
              dataSourceName: target.dataSource.name,
              title: target.title,
              status: s.status!,
              entityInAlert: s.entityInAlert,
              entityAnalyzed: s.entityAnalyzed,
              snoozed: target.snoozed,
              notifiedStatus: target.notifiedStatus,
              entities: anomalyLines(resultsOf.get(s.configuredForId) ?? []),
            };
          }),
      );
      const notified = [...sentBy.values()].filter((n) => n > 0).length;
      return {
        evaluated: evaluations.length,
        anomalies: saved.filter((s) => s.status === "ANOMALY").length,
        errors: evaluations.filter((e) => e.error).length,
        notified,
      };
    },

    /** The daily digests (issue 18): one e-mail per digest user with the open anomalies of their accounts. */
    async sendAlertDigests(_input: Record<string, never>): Promise<{ users: number; sent: number; failed: number }> {
      return sendAlertDigests({ db, sendMail: mail, appUrl: appUrl(), now: now() });
    },

    /**
     * URL checker: the ad final URLs of each account whose platform offers the check, each fetched
     * for real (redirects followed, timeout, robots.txt), recorded with yesterday's cost.
     */
    async checkAdUrls(input: CheckUrlsInput): Promise<{ accounts: number; urls: number; broken: number }> {
      const sources = (await listMonitoredAccounts(db, input)).filter((s) => findPlatform(s.platform)?.alertOptions.url_checker);
      let urls = 0;
      let broken = 0;
      let accounts = 0;
      const robotsCache = new Map<string, string | null>();
      for (const s of sources) {
        const connector = getConnector(s.platform);
        if (!connector.listAdUrls) continue;
        accounts++;
        const ctx = connectorContextForSource(db, s.companyId, { id: s.naId, platform: s.platform, credentialEncrypted: s.credentialEncrypted }, connector);
        const timezone = accountTimezone(connector, s);
        const adUrls = await connector.listAdUrls(ctx, { id: s.accountId, name: s.name, timezone, currency: s.currency ?? "USD" });
        // The same URL in several ads is crawled once; its cost is the sum.
        const unique = new Map<string, number | null>();
        for (const u of adUrls) unique.set(u.url, (unique.get(u.url) ?? 0) + (u.costYesterday ?? 0));
        const results = await mapLimit([...unique.entries()], 4, async ([url, cost]) => ({ url, cost, result: await checkUrl(url, { timeoutMs: input.timeoutMs ?? 10_000, robotsCache, fetch: deps.fetchTenantUrl }) }));
        for (const r of results) {
          urls++;
          if (r.result.status !== 200) broken++;
          await recordUrlCheck(db, s.companyId, s.id, { url: r.url, status: r.result.status, costYesterday: r.cost === null ? null : Math.round(r.cost * 100) / 100, at: now() });
        }
        safeHeartbeat(accounts);
      }
      return { accounts, urls, broken };
    },

    /** The client area's metric cards: the last 15 days of each alert-activated account, account level. */
    async refreshAccountStats(input: RefreshAccountStatsInput): Promise<{ accounts: number; failed: number }> {
      const sources = await listMonitoredAccounts(db, input);
      let failed = 0;
      await mapLimit(sources, 4, async (s) => {
        try {
          const connector = getConnector(s.platform);
          const ctx = connectorContextForSource(db, s.companyId, { id: s.naId, platform: s.platform, credentialEncrypted: s.credentialEncrypted }, connector);
          const timezone = accountTimezone(connector, s);
          const range = resolveDateRange("LAST_14_DAYS", { timezone, now: now() });
          range.end = resolveDateRange("TODAY", { timezone, now: now() }).end;
          const byDate = new Map<string, { date: string; impressions: number; clicks: number; cost: number; conversions: number }>();
          const num = (v: unknown) => (typeof v === "number" ? v : Number(v) || 0);
          const account = { id: s.accountId, name: s.name, timezone, currency: s.currency ?? "USD" };
          // Through the read cache (decision 0890): only the days still open are asked again.
          for await (const page of readThroughCache(connector, ctx, { accounts: [account], fields: ["date", "impressions", "clicks", "cost", "conversions"], range, granularity: "day" })) {
            for (const row of page.rows) {
              const date = String(row.date);
              const d = byDate.get(date) ?? { date, impressions: 0, clicks: 0, cost: 0, conversions: 0 };
              d.impressions += num(row.impressions);
              d.clicks += num(row.clicks);
              d.cost += num(row.cost);
              d.conversions += num(row.conversions);
              byDate.set(date, d);
            }
          }
          await upsertDailyStats(db, s.companyId, s.id, [...byDate.values()]);
        } catch (error) {
          // A platform without these fields, or a broken credential: the cards show no data for it.
          failed++;
          console.warn(`[alerts] stats of account ${s.id} not refreshed: ${(error as Error).message}`);
        }
      });
      return { accounts: sources.length, failed };
    },
  };
}
