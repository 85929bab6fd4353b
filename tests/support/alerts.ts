// Test helpers for monitoring: a company with an activated demo account and alert definitions.
import type { DB } from "../../db/connection.js";
import { createSentry, createConfiguredFor, type StoredDefinition } from "../../db/repositories/alerts.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { makeCompanyWithUser } from "./factories.js";

export async function makeMonitoredCompany(db: DB, opts: { accounts?: string[] } = {}) {
  const { company, user, password } = await makeCompanyWithUser(db, { activateAlert: true });
  const auth = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" }, createdById: user.id });
  const sources = [];
  for (const accountId of opts.accounts ?? ["demo-paris"]) {
    sources.push(await createDataSource(db, company.id, { networkAuthorizationId: auth.id, accountId, name: `Account ${accountId}`, timezone: "Europe/Paris", currency: "EUR", activateAlert: true }));
  }
  if (sources[0]) await db.insertInto("dataSourceAssignees").values({ dataSourceId: sources[0].id, userId: user.id }).execute();
  return { company, user, password, auth, dataSource: sources[0], sources };
}

export const request = (accountId: string, dataSourceId: number, level = "ACCOUNT") => ({ A: { accountId, platform: "demo", level, dataSourceId, filters: [] } });

export function thresholdDefinition(accountId: string, dataSourceId: number, thresholdValue: number, more: Partial<{ level: string; metric: string; during: string }> = {}): StoredDefinition {
  return {
    variables: [
      {
        type: "metric",
        alertType: "threshold",
        alertValue: [{ operator: "sum", thresholdValue, thresholdType: "above", metric: more.metric ?? "cost", during: more.during ?? "7_days" }],
        calculatedFields: [],
        breakdown: null,
      },
    ],
    requests: request(accountId, dataSourceId, more.level),
  };
}

export async function makeAlert(db: DB, companyId: number, dataSourceId: number, definition: StoredDefinition, opts: { title?: string; type?: "metric" | "kpi" | "pacing"; template?: boolean } = {}) {
  const sentry = await createSentry(db, companyId, { title: opts.title ?? "Spend alert", type: opts.type ?? "metric", platform: "demo", definition, useAsTemplate: opts.template });
  const cf = await createConfiguredFor(db, companyId, sentry.id, dataSourceId);
  return { sentry, configuredForId: cf!.id };
}
