// The usage screen (spec 2 §2): Connections, Log and Job tabs, filtered by URL parameters so the
// filters and pages work without JavaScript. Also the connection details page.
import { getConnection, listConnectionLogs, listConnections } from "../../db/repositories/connection-logs.js";
import { listJobs } from "../../db/repositories/data-streams.js";
import { listDestinations } from "../../db/repositories/destinations.js";
import { storedDataSummary } from "./read-cache.server.js";
import { getDb } from "./db.server.js";
import { platformDisplayName as platformName } from "./platform-names.server.js";
import { safeNextRun } from "./data-streams.server.js";
import { destinationTypeLabel } from "~/utils/labels";

export const USAGE_LOG_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
const isDay = (s: string | null): s is string => Boolean(s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)));

export async function usageScreenData(companyId: number, url: URL, now = new Date()) {
  const db = getDb();
  const p = url.searchParams;
  const [connections, destinations, jobs] = await Promise.all([listConnections(db, companyId), listDestinations(db, companyId), listJobs(db, companyId)]);
  const destinationNames = new Map(destinations.map((d) => [d.id, d.name]));
  const accountRows = await db.selectFrom("dataSources").select(["id", "name"]).where("companyId", "=", companyId).execute();
  const accountNames = new Map(accountRows.map((a) => [a.id, a.name]));

  const cf = { destination: p.get("destination") ?? "", platform: p.get("platform") ?? "", datasource: p.get("datasource") ?? "" };
  const connectionRows = connections
    .map((c) => ({
      id: c.id,
      name: c.name,
      platform: c.platform,
      source: platformName(c.platform),
      dataSource: accountNames.get(c.dataSourceId) ?? "",
      destination: c.destinationId ? (destinationNames.get(c.destinationId) ?? destinationTypeLabel(c.destinationType)) : destinationTypeLabel(c.destinationType),
      lastSeenAt: c.lastSeenAt ? c.lastSeenAt.toISOString() : null,
    }))
    .filter((c) => (!cf.destination || c.destination === cf.destination) && (!cf.platform || c.platform === cf.platform) && (!cf.datasource || c.dataSource.toLowerCase().includes(cf.datasource.toLowerCase())));

  // Log tab: default range yesterday to today (spec 2 §9), destination API excluded from the choices.
  const from = isDay(p.get("from")) ? p.get("from")! : day(new Date(now.getTime() - DAY_MS));
  const to = isDay(p.get("to")) ? p.get("to")! : day(now);
  const status = p.get("status") === "success" ? true : p.get("status") === "failure" ? false : undefined;
  const destinationType = p.get("logDestination") || undefined;
  const page = Math.max(1, Math.floor(Number(p.get("page")) || 1));
  const { logs, total } = await listConnectionLogs(
    db,
    companyId,
    { success: status, destinationType, after: new Date(`${from}T00:00:00Z`), before: new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) },
    { limit: USAGE_LOG_PAGE_SIZE, offset: (page - 1) * USAGE_LOG_PAGE_SIZE },
  );
  const byId = new Map(connections.map((c) => [c.id, c]));
  const users = await db.selectFrom("users").select(["id", "email"]).where("companyId", "=", companyId).execute();
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return {
    connections: connectionRows,
    connectionFilters: {
      values: cf,
      destinations: [...new Set(connections.map((c) => (c.destinationId ? (destinationNames.get(c.destinationId) ?? destinationTypeLabel(c.destinationType)) : destinationTypeLabel(c.destinationType))))].sort(),
      platforms: [...new Set(connections.map((c) => c.platform))].sort().map((x) => ({ value: x, label: platformName(x) })),
    },
    log: {
      filters: { from, to, status: p.get("status") ?? "", logDestination: destinationType ?? "" },
      destinationTypes: [...new Set(connections.map((c) => c.destinationType))].filter((t) => t !== "API").sort(),
      page,
      total,
      pageSize: USAGE_LOG_PAGE_SIZE,
      rows: logs.map((l) => {
        const c = byId.get(l.connectionId);
        return {
          id: l.id,
          success: l.success,
          source: c ? platformName(c.platform) : "",
          account: c ? (accountNames.get(c.dataSourceId) ?? "") : "",
          destination: c?.destinationType ?? "",
          date: l.startOfTheRequest.toISOString(),
          message: l.message,
          userEmail: l.userId ? (emails.get(l.userId) ?? null) : null,
          duration: l.duration,
          numberRow: l.numberRow,
          dateStart: l.dateStart,
          dateEnd: l.dateEnd,
          fields: l.fields,
        };
      }),
    },
    jobs: await Promise.all(jobs.map(async (j) => ({
      ...(await safeNextRun(j.id)),
      id: j.id,
      datastreamId: j.datastreamId,
      name: j.name,
      accounts: j.networkAuthorizationId !== null ? "All accounts" : String(j.accounts),
      lastLaunchedAt: j.lastLaunchedAt ? j.lastLaunchedAt.toISOString() : null,
      status: j.status,
      recurrency: j.recurrency,
    }))),
  };
}

/** Where a read's days came from (decision 0890), in words. */
function readFrom(log: { fromCache: boolean; daysFromPlatform: number | null; daysFromCache: number | null }): string {
  if (log.daysFromPlatform === null && log.daysFromCache === null) return log.fromCache ? "Stored data" : "Platform";
  const platform = log.daysFromPlatform ?? 0;
  const cache = log.daysFromCache ?? 0;
  if (platform === 0) return log.fromCache ? `Stored data (${cache} day${cache === 1 ? "" : "s"})` : "—";
  const days = `${platform} day${platform === 1 ? "" : "s"} from the platform`;
  return cache > 0 ? `${days}, ${cache} stored` : days;
}

export async function connectionDetails(companyId: number, id: number) {
  const db = getDb();
  const c = await getConnection(db, companyId, id);
  if (!c) return undefined;
  const { logs, total } = await listConnectionLogs(db, companyId, { connectionId: id }, { limit: 50 });
  const account = await db.selectFrom("dataSources").select(["name", "accountId"]).where("companyId", "=", companyId).where("id", "=", c.dataSourceId).executeTakeFirst();
  const destination = c.destinationId ? (await listDestinations(db, companyId)).find((d) => d.id === c.destinationId) : undefined;
  const last = logs[0];
  return {
    id: c.id,
    name: c.name,
    sourceId: c.networkAuthorizationId,
    source: platformName(c.platform),
    account: account ? `${account.name} (${account.accountId})` : "",
    destination: destination ? destination.name : destinationTypeLabel(c.destinationType),
    destinationType: c.destinationType,
    lastStatus: last ? (last.success ? "Success" : "Failure") : "Not run",
    lastRun: last ? last.startOfTheRequest.toISOString() : null,
    totalRequests: total,
    stored: await storedDataSummary(db, companyId, [c.dataSourceId]),
    logs: logs.map((l) => ({
      id: l.id,
      success: l.success,
      date: l.startOfTheRequest.toISOString(),
      duration: l.duration,
      numberRow: l.numberRow,
      message: l.message,
      dateStart: l.dateStart,
      dateEnd: l.dateEnd,
      readFrom: readFrom(l),
    })),
  };
}
