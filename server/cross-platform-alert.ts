// The alert on a client's total spend across its ads platforms (issue 22, decision 0931). Its
// definition is an ordinary metric alert on the normalized `spend`, whose requests name the
// client's accounts (one entry per account, each with its data source) next to a marker entry on
// the cross-platform-ads platform. Evaluating it runs the cross-platform query over those accounts,
// converts every day's spend into the company's reporting currency, adds the platforms up per day
// and evaluates the conditions on that one series. Shared by the worker and the creation form.
import type { DB } from "../db/connection.js";
import type { Company } from "../db/schema.js";
import { BLENDED_PLATFORM, buildEntitySeries, evaluateAlert, executeBlendedQuery, normalizedMappings, planAlertReads, type AlertDefinition, type Connector, type EntityResult, type NetworkRequest, type QueryAccount, type QueryRegistry, type Row } from "../engine/index.js";
import { accountTimezone } from "./alert-evaluation.js";
import { companyConversion } from "./currency-conversion.js";
import { connectorContextForSource } from "./source-context.js";

/** The metric the alert watches: the normalized schema's spend. */
export const CROSS_PLATFORM_METRIC = "spend";
/** The one entity of its results. */
export const CROSS_PLATFORM_ENTITY = "all-platforms";

type Definition = Pick<AlertDefinition, "variables" | "requests">;

export function isCrossPlatformAlert(definition: Pick<AlertDefinition, "requests">): boolean {
  return Object.values(definition.requests).some((r) => r.platform === BLENDED_PLATFORM);
}

/** The accounts an alert adds up: its requests other than the marker, each with a data source id. */
export function crossPlatformMembers(definition: Pick<AlertDefinition, "requests">): NetworkRequest[] {
  return Object.values(definition.requests).filter((r) => r.platform !== BLENDED_PLATFORM);
}

/**
 * Each member account as the query needs it, loaded inside the company: an id that is not one of
 * its activated ads accounts (deleted since, or forged into the definition) fails the evaluation.
 */
async function loadMembers(db: DB, companyId: number, members: NetworkRequest[], registry: QueryRegistry) {
  const ids = [...new Set(members.map((m) => m.dataSourceId).filter((id): id is number => typeof id === "number"))];
  if (ids.length === 0 || ids.length !== members.length) throw new Error("The alert names no account to add up.");
  const rows = await db
    .selectFrom("dataSources")
    .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
    .select([
      "dataSources.id as dataSourceId",
      "dataSources.accountId",
      "dataSources.name",
      "dataSources.timezone",
      "dataSources.currency",
      "dataSources.blockedAt",
      "networkAuthorizations.id",
      "networkAuthorizations.platform",
      "networkAuthorizations.credentialEncrypted",
      "networkAuthorizations.availableDataSources",
    ])
    .where("dataSources.companyId", "=", companyId)
    .where("networkAuthorizations.companyId", "=", companyId)
    .where("dataSources.id", "in", ids)
    .execute();
  const ads = new Set(normalizedMappings.platforms());
  return ids.map((id) => {
    const row = rows.find((r) => r.dataSourceId === id);
    if (!row || !ads.has(row.platform)) throw new Error(`Account ${id} is no longer one of your company's ads accounts: edit or delete this alert.`);
    if (row.blockedAt) throw new Error(`${row.name} is blocked: unblock it, or remove it from this alert.`);
    const connector: Connector = registry.getConnector(row.platform);
    const listed = (row.availableDataSources ?? []).find((a) => a.accountId === row.accountId);
    const timezone = accountTimezone(connector, { accountId: row.accountId, name: row.name, timezone: row.timezone ?? listed?.timezone ?? null, currency: null });
    const currency = typeof connector.currency === "object" ? connector.currency.fixed : connector.currency === "none" ? "XXX" : (row.currency ?? listed?.currency ?? "XXX");
    const account: QueryAccount = { id: row.accountId, name: row.name, timezone, currency, authorizationId: String(row.id), platform: row.platform };
    return { account, source: { id: row.id, platform: row.platform, credentialEncrypted: row.credentialEncrypted }, restatementDays: connector.restatementDays };
  });
}

/**
 * Evaluates the alert at `now`: the days its conditions need (in the client's time zone), each
 * day's spend of every member in the reporting currency (or in the accounts' one currency when
 * they share it), summed. A day whose spend cannot be converted fails the run with the reason
 * rather than alerting on a partial total.
 */
export async function evaluateCrossPlatformAlert(
  deps: { db: DB; registry: QueryRegistry },
  company: Pick<Company, "id" | "reportingCurrency">,
  client: { timezone: string },
  definition: Definition,
  now: Date,
): Promise<{ timezone: string; results: EntityResult[] }> {
  const members = await loadMembers(deps.db, company.id, crossPlatformMembers(definition), deps.registry);
  const plan = planAlertReads(definition, { level: "ACCOUNT" }, { timezone: client.timezone, now });
  if (!plan.daily || plan.hourly) throw new Error("A cross-platform spend alert looks at whole days (yesterday, 7 days, 30 days, last month).");
  const conversion = companyConversion(deps.db, company);
  const currencies = [...new Set(members.map((m) => m.account.currency))];
  if (!conversion && currencies.length > 1) {
    throw new Error(`These accounts spend in ${currencies.join(", ")}: choose a reporting currency in Settings → Currency so they can be added up.`);
  }
  const contexts = new Map<number, ReturnType<typeof connectorContextForSource>>();
  const result = await executeBlendedQuery(
    deps.registry,
    normalizedMappings,
    { platform: BLENDED_PLATFORM, accounts: members.map((m) => m.account), dimensions: ["date"], metrics: [CROSS_PLATFORM_METRIC], date: plan.daily },
    (connector, account) => {
      const member = members.find((m) => m.account === account)!;
      let ctx = contexts.get(member.source.id);
      if (!ctx) contexts.set(member.source.id, (ctx = connectorContextForSource(deps.db, company.id, member.source, connector)));
      return ctx;
    },
    { now, conversion },
  );
  const byDay = new Map<string, number>();
  for await (const row of result.rows) {
    const spend = conversion ? row[`${CROSS_PLATFORM_METRIC}_converted`] : row[CROSS_PLATFORM_METRIC];
    if (typeof spend !== "number") {
      if (row[CROSS_PLATFORM_METRIC] === null || row[CROSS_PLATFORM_METRIC] === undefined) continue;
      throw new Error(`The spend of ${row.date} cannot be converted: ${String(row.conversion_note ?? "no rate")}`);
    }
    const day = String(row.date);
    byDay.set(day, (byDay.get(day) ?? 0) + spend);
  }
  const name = `All platforms (${members.length} account${members.length === 1 ? "" : "s"})`;
  const daily: Row[] = [...byDay].map(([date, spend]) => ({ account_id: CROSS_PLATFORM_ENTITY, account_name: name, date, [CROSS_PLATFORM_METRIC]: Math.round(spend * 100) / 100 }));
  const series = buildEntitySeries(plan, { daily });
  const restatementDays = Math.max(0, ...members.map((m) => m.restatementDays ?? 0));
  return { timezone: client.timezone, results: evaluateAlert(definition, series, { timezone: client.timezone, now, restatementDays }) };
}
