// The alert detail page's data (spec 1 §2.7 and issue 18): results that explain themselves, the
// schedule line, what state the alert is in (waiting for its first run, running now, no matching
// entity, no data, failed), the assignees, and the selected result's whole history.
import { alertDefinitionSchema, summarizeDefinition, type EntityResult } from "../../engine/index.js";
import { alertsRepo, scheduleView, type Client } from "./alerts.server.js";
import { getDb } from "./db.server.js";

type ConfiguredFor = NonNullable<Awaited<ReturnType<typeof alertsRepo.getConfiguredFor>>>;

/**
 * The alert's state as the page explains it: a run on its way, the last run failed, the last run
 * found no entity (filters match nothing, or the account reported none), found entities without
 * data in the windows, or has results.
 */
export type DetailState = "first-run" | "failed" | "no-entities" | "no-data" | "results";

const LEVEL_NOUNS: Record<string, string> = { ACCOUNT: "account", CAMPAIGN: "campaign", ADGROUP: "ad group" };

export async function alertDetail(companyId: number, client: Client, cf: ConfiguredFor, selectedResultId: number | null, now = new Date()) {
  const db = getDb();
  const [sentry, results, runs, assignees] = await Promise.all([
    alertsRepo.getSentry(db, companyId, cf.sentryId),
    alertsRepo.listResults(db, companyId, cf.id),
    alertsRepo.listRuns(db, companyId, cf.id, 30),
    alertsRepo.listAssignees(db, companyId, client.dataSource.id),
  ]);
  const request = sentry ? Object.values(sentry.definition.requests)[0] : undefined;
  const parsed = sentry ? alertDefinitionSchema.safeParse({ title: sentry.title, type: sentry.type, ...sentry.definition }) : undefined;
  const lastRun = runs[0];
  const state: DetailState =
    !lastRun || cf.lastAnalyze === null
      ? "first-run"
      : lastRun.status === "ERROR"
        ? "failed"
        : results.length === 0
          ? "no-entities"
          : results.every((r) => r.lastStatus === "NO_DATA")
            ? "no-data"
            : "results";
  const selected = selectedResultId ? results.find((r) => r.id === selectedResultId) : undefined;
  const history = selected ? await alertsRepo.listResultHistories(db, companyId, selected.id, 30) : [];
  const pacingHistory = cf.sentryType === "pacing" && results[0] ? ((await alertsRepo.listResultHistories(db, companyId, results[0].id, 1))[0]?.result ?? null) : null;
  return {
    clientId: client.dataSource.id,
    currency: client.dataSource.currency,
    cf: { ...cf, snoozed: cf.snoozed?.toISOString() ?? null, lastAnalyze: cf.lastAnalyze?.toISOString() ?? null, runRequestedAt: cf.runRequestedAt?.toISOString() ?? null },
    summary: parsed?.success ? summarizeDefinition(parsed.data) : null,
    level: LEVEL_NOUNS[request?.level ?? ""] ?? "entity",
    filtered: Boolean(request?.filters?.length),
    state,
    lastError: lastRun?.status === "ERROR" ? lastRun.message : null,
    schedule: scheduleView(cf, now),
    results: results.map((r) => ({ id: r.id, identifierName: r.identifierName, identifications: r.identifications, status: r.lastStatus, anomalySince: r.anomalySince?.toISOString() ?? null, result: r.lastResult as EntityResult })),
    selectedHistory: history.map((h) => ({ analyzedAt: h.analyzedAt.toISOString(), status: h.status, result: h.result as Pick<EntityResult, "conditions" | "provisional" | "settlesOn"> })),
    runs: runs.map((r) => ({ ...r, analyzedAt: r.analyzedAt.toISOString(), until: r.until ? new Date(r.until).toISOString() : null })),
    assignees,
    pacingHistory: pacingHistory as { pacing?: EntityResult["pacing"] } | null,
    now: now.toISOString(),
  };
}
