import { createConfiguredFor, createSentry, listSentries, type StoredDefinition } from "../../db/repositories/alerts.js";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import type { SeedStep } from "./context.js";

/**
 * The demo company's objectives and polymathee (decision 0515) on its first activated demo
 * account: conversions this month at least 300, cost this week at most 2,500, and the polymathee
 * account-health alert. Idempotent: skipped once the company has an objective.
 */
export const demoObjectivesStep: SeedStep = {
  name: "demo-objectives",
  async run({ db, company, user, log }) {
    const existing = await listSentries(db, company.id);
    if (existing.some((s) => s.type === "objective")) return;
    const demo = (await listNetworkAuthorizations(db, company.id)).find((s) => s.platform === "demo");
    if (!demo) return;
    const account = (await listDataSources(db, company.id, { networkAuthorizationId: demo.id })).find((a) => a.activateAlert);
    if (!account) return;
    const requests = { A: { accountId: account.accountId, platform: "demo", level: "ACCOUNT", dataSourceId: account.id, filters: [] } };
    const alerts: { title: string; type: "objective" | "metric"; definition: StoredDefinition }[] = [
      { title: "Conversions this month at least 300", type: "objective", definition: { variables: [{ type: "pacing", period: "start_of_month", metric: "conversions", thresholds: { below: 300 } }], requests } },
      { title: "Cost this week at most 2,500", type: "objective", definition: { variables: [{ type: "pacing", period: "start_of_week", metric: "cost", thresholds: { above: 2500 } }], requests } },
    ];
    if (!existing.some((s) => s.title === "Polymathee: account health")) {
      alerts.push({
        title: "Polymathee: account health",
        type: "metric",
        definition: {
          variables: [
            {
              type: "metric",
              alertType: "trend",
              alertValue: ["impressions", "clicks", "cost", "conversions"].flatMap((metric) => ["above", "below"].map((trendType) => ({ operator: "sum", trendValue: 50, trendType, metric, duringTime1: "yesterday", duringTime2: "7_days" }))),
              calculatedFields: [],
              breakdown: null,
            },
          ],
          requests,
        },
      });
    }
    await db.transaction().execute(async (trx) => {
      for (const alert of alerts) {
        const sentry = await createSentry(trx, company.id, { title: alert.title, type: alert.type, platform: "demo", definition: alert.definition, createdById: user.id });
        await createConfiguredFor(trx, company.id, sentry.id, account.id);
      }
    });
    log(`seeded ${alerts.length} demo objectives and options on ${account.name}`);
  },
};
