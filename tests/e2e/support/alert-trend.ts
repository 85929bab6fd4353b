// The demo data changes every day (engine/connectors/demo/model.ts): which campaign's clicks rose
// yesterday, and by how much, depends on the date the suite runs. This reads the demo account now
// through the engine, as the worker will, and answers a trend percent the default trend alert
// (sum of clicks, yesterday against the last 7 days) crosses on at least one campaign today.
import { alertDefinitionSchema } from "../../../engine/alerts/definition.js";
import { evaluateAlert } from "../../../engine/alerts/evaluate.js";
import { buildEntitySeries, planAlertReads, readFields } from "../../../engine/alerts/series.js";
import { createDemoConnector } from "../../../engine/connectors/demo/connector.js";
import { DEMO_ACCOUNTS } from "../../../engine/connectors/demo/model.js";
import { createConnectorContext } from "../../../engine/core/context.js";

export async function firingClicksTrend(accountId: string): Promise<{ percent: number; change: "above" | "below" }> {
  const account = DEMO_ACCOUNTS.find((a) => a.id === accountId)!;
  const definition = alertDefinitionSchema.parse({
    title: "probe",
    type: "metric",
    variables: [{ type: "metric", alertType: "trend", alertValue: [{ operator: "sum", trendValue: 0, trendType: "above", metric: "clicks", duringTime1: "yesterday", duringTime2: "7_days" }], calculatedFields: [] }],
    requests: { A: { accountId, platform: "demo", level: "CAMPAIGN" } },
  });
  const now = new Date();
  const demo = createDemoConnector({ now: () => now });
  const plan = planAlertReads(definition, { level: "CAMPAIGN" }, { timezone: account.timezone, now });
  const rows = [];
  const ctx = createConnectorContext(demo, { credential: { type: "api-key", key: "demo" } });
  for await (const page of demo.read(ctx, { accounts: [account], fields: readFields(plan, "daily"), range: plan.daily!, granularity: "day" })) rows.push(...page.rows);
  const changes = evaluateAlert(definition, buildEntitySeries(plan, { daily: rows }), { timezone: account.timezone, now, restatementDays: demo.restatementDays })
    .map((r) => r.conditions[0].change)
    .filter((c): c is number => typeof c === "number");
  const up = Math.max(...changes);
  const down = Math.min(...changes);
  // Half the biggest move: a clear margin if the worker evaluates a few minutes later.
  return up >= Math.abs(down) ? { percent: Math.max(0, Math.floor(up / 2)), change: "above" } : { percent: Math.max(0, Math.floor(-down / 2)), change: "below" };
}
