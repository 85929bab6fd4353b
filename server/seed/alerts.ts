import { createConfiguredFor, createSentry, listSentries, type StoredDefinition } from "../../db/repositories/alerts.js";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import type { SeedStep } from "./context.js";

/**
 * The demo company's alerts (issue 7) on its activated demo accounts: a spend threshold, a clicks
 * trend, the editor's default trend on yesterday's clicks (issue 18: judged while the demo still
 * restates yesterday, so its results show as provisional), a paused-campaign configuration check,
 * a monthly pacing, and a cost-per-conversion template activated on the first account. The demo
 * user is assigned to both accounts so the notifications reach someone. The worker evaluates them
 * on its first start.
 */
export const demoAlertsStep: SeedStep = {
  name: "demo-alerts",
  async run({ db, company, user, log }) {
    if ((await listSentries(db, company.id)).length > 0) return;
    const demo = (await listNetworkAuthorizations(db, company.id)).find((s) => s.platform === "demo");
    if (!demo) return;
    const accounts = (await listDataSources(db, company.id, { networkAuthorizationId: demo.id })).filter((a) => a.activateAlert);
    if (accounts.length === 0) return;
    const req = (a: (typeof accounts)[number], level: string) => ({ A: { accountId: a.accountId, platform: "demo", level, dataSourceId: a.id, filters: [] } });
    const alerts: { title: string; type: "metric" | "kpi" | "pacing"; template?: boolean; definition: (a: (typeof accounts)[number]) => StoredDefinition; on: number[] }[] = [
      {
        title: "Campaign spend above 150 yesterday",
        type: "metric",
        on: [0, 1],
        definition: (a) => ({
          variables: [{ type: "metric", alertType: "threshold", alertValue: [{ operator: "sum", thresholdValue: 150, thresholdType: "above", metric: "cost", during: "yesterday" }], calculatedFields: [], breakdown: null }],
          requests: req(a, "CAMPAIGN"),
        }),
      },
      {
        title: "Clicks up 20% on the last 7 days",
        type: "metric",
        on: [0],
        definition: (a) => ({
          variables: [{ type: "metric", alertType: "trend", alertValue: [{ operator: "sum", trendValue: 20, trendType: "above", metric: "clicks", duringTime1: "7_days", duringTime2: "30_days" }], calculatedFields: [], breakdown: null }],
          requests: req(a, "CAMPAIGN"),
        }),
      },
      {
        title: "Clicks up 20% yesterday",
        type: "metric",
        on: [0],
        definition: (a) => ({
          variables: [{ type: "metric", alertType: "trend", alertValue: [{ operator: "sum", trendValue: 20, trendType: "above", metric: "clicks", duringTime1: "yesterday", duringTime2: "7_days" }], calculatedFields: [], breakdown: null }],
          requests: req(a, "CAMPAIGN"),
        }),
      },
      {
        title: "Campaign not running",
        type: "kpi",
        on: [0, 1],
        definition: (a) => ({ variables: [{ type: "kpi", kpi: "campaign_status", operator: "not_equal", value: "ENABLED" }], requests: req(a, "CAMPAIGN") }),
      },
      {
        title: "Monthly budget 15,000",
        type: "pacing",
        on: [0, 1],
        definition: (a) => ({ variables: [{ type: "pacing", period: "start_of_month", metric: "cost", thresholds: { above: 15000, below: 3000 } }], requests: req(a, "ACCOUNT") }),
      },
      {
        title: "Cost per conversion above 40",
        type: "metric",
        template: true,
        on: [0],
        definition: (a) => ({
          variables: [
            {
              type: "metric",
              alertType: "threshold",
              alertValue: [{ operator: "sum", thresholdValue: 40, thresholdType: "above", metric: "cpa", during: "7_days" }],
              calculatedFields: [{ name: "cpa", field: "{cost} / {conversions}" }],
              breakdown: null,
            },
          ],
          requests: req(a, "CAMPAIGN"),
        }),
      },
    ];
    await db.transaction().execute(async (trx) => {
      for (const alert of alerts) {
        // One alert per account (its requests name the account), except templates: one, activated where listed.
        const targets = alert.template ? [accounts[alert.on[0]]] : alert.on.map((i) => accounts[i]).filter(Boolean);
        for (const account of targets) {
          const sentry = await createSentry(trx, company.id, { title: alert.title, type: alert.type, platform: "demo", definition: alert.definition(account), useAsTemplate: alert.template, createdById: user.id });
          await createConfiguredFor(trx, company.id, sentry.id, account.id);
        }
      }
      for (const account of accounts) {
        await trx.insertInto("dataSourceAssignees").values({ dataSourceId: account.id, userId: user.id }).onConflict((oc) => oc.doNothing()).execute();
      }
    });
    log(`seeded ${alerts.length} demo alerts on ${accounts.length} accounts`);
  },
};
