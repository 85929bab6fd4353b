// bench/alert-rules: false and missed alarms of the restatement rules (decision 0880) on the demo
// data. Not a speed benchmark: it counts how often each rule's verdict on still-changing days
// differs from the verdict the same alert reaches once those days are final.
//
// The demo connector restates like an ads platform (engine/connectors/demo/model.ts
// reportedAtAge): for 3 days after a date, traffic still holds invalid clicks and conversions are
// late. For every morning of the period (08:05 UTC, as the hourly schedule runs), every demo
// account and campaign, and every alert below, the alert is evaluated on the data as reported
// then, under each rule, and on the final data of the same days (the truth):
// - false alarm: the rule says ANOMALY, the final data does not;
// - missed alarm: the final data says ANOMALY, the rule does not.
// Rules (engine/alerts/evaluate.ts RestatementRule): hold-back (decision 0500's first rule);
// provisional without snapshots (both windows as read now: the rule while an alert has no
// snapshots yet); settled-reference; and same-age, the rule of decision 0880 once snapshots exist:
// each day of both windows as it was reported when it was as old as the judged day (the worker
// stores every day as reported at one day old; here the demo replays past clocks to make them).
//
//   node --import tsx bench/alert-rules/run.ts [--from 2025-01-01] [--days 365]
import fs from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { alertDefinitionSchema, type AlertDefinition } from "../../engine/alerts/definition.js";
import { evaluateAlert, type EntityResult, type EntitySeries, type RestatementRule } from "../../engine/alerts/evaluate.js";
import { buildEntitySeries, planAlertReads, readFields, type AlertReadPlan } from "../../engine/alerts/series.js";
import { createDemoConnector } from "../../engine/connectors/demo/connector.js";
import { DEMO_ACCOUNTS, DEMO_RESTATEMENT_DAYS } from "../../engine/connectors/demo/model.js";
import { createConnectorContext } from "../../engine/core/context.js";
import type { Account, Connector, Row } from "../../engine/core/types.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1]!);
const FROM = args.get("from") ?? "2025-01-01";
const DAYS = Number(args.get("days") ?? 365);

type Alert = { name: string; definition: AlertDefinition };
const trend = (name: string, metric: string, trendType: "above" | "below", trendValue: number, duringTime1 = "yesterday", duringTime2 = "7_days"): Alert => ({
  name,
  definition: alertDefinitionSchema.parse({
    title: name,
    type: "metric",
    variables: [{ type: "metric", alertType: "trend", alertValue: [{ operator: "sum", trendValue, trendType, metric, duringTime1, duringTime2 }], calculatedFields: [] }],
    requests: { A: { accountId: "x", platform: "demo", level: "CAMPAIGN" } },
  }),
});
const ALERTS: Alert[] = [
  trend("Clicks +20 % yesterday vs 7 days (spec default)", "clicks", "above", 20),
  trend("Clicks +10 % yesterday vs 7 days (issue 18)", "clicks", "above", 10),
  trend("Cost +20 % yesterday vs 7 days", "cost", "above", 20),
  trend("Conversions -20 % yesterday vs 7 days", "conversions", "below", 20),
  trend("Clicks +20 % 7 days vs 30 days (demo seed)", "clicks", "above", 20, "7_days", "30_days"),
];
/** Every window above ends yesterday: the judged day is 1 day old. */
const JUDGED_AGE = 1;
const RULES: (RestatementRule | "same-age")[] = ["hold-back", "provisional", "settled-reference", "same-age"];
const RULE_NAMES: Record<(typeof RULES)[number], string> = {
  "hold-back": "hold back (decision 0500)",
  provisional: "provisional, days as read (no snapshots yet)",
  "settled-reference": "provisional, settled reference",
  "same-age": "provisional, same age (snapshots)",
};

async function collect(connector: Connector, account: Account, plan: AlertReadPlan): Promise<Row[]> {
  const ctx = createConnectorContext(connector, { credential: { type: "api-key", key: "demo" } });
  const rows: Row[] = [];
  for await (const page of connector.read(ctx, { accounts: [account], fields: readFields(plan, "daily"), range: plan.daily!, granularity: "day" })) rows.push(...page.rows);
  return rows;
}

/** A day as reported at a given age does not depend on the morning that asks: read once. */
const snapshots = new Map<string, Promise<Row[]>>();

/**
 * The series as read now, each with its snapshots: every day of the plan as reported when it was
 * `age` days old (what the worker stores as it evaluates; the demo replays past clocks here).
 */
async function withSnapshots(current: EntitySeries[], account: Account, plan: AlertReadPlan, now: Date, age: number): Promise<EntitySeries[]> {
  const today = DateTime.fromJSDate(now, { zone: account.timezone }).startOf("day");
  const rows: Row[] = [];
  for (let d = DateTime.fromISO(plan.daily!.start, { zone: account.timezone }); d <= DateTime.fromISO(plan.daily!.end, { zone: account.timezone }); d = d.plus({ days: 1 })) {
    const day = d.toFormat("yyyy-MM-dd");
    const key = `${account.id}|${day}|${age}|${plan.metrics.join(",")}`;
    let read = snapshots.get(key);
    if (!read) {
      const then = DateTime.fromJSDate(now).minus({ days: Math.max(0, Math.round(today.diff(d, "days").days) - age) }).toJSDate();
      read = collect(createDemoConnector({ now: () => then }), account, { ...plan, daily: { start: day, end: day } });
      snapshots.set(key, read);
    }
    rows.push(...(await read));
  }
  const byEntity = new Map(buildEntitySeries(plan, { daily: rows }).map((e) => [JSON.stringify(e.identification), e.daily ?? {}]));
  return current.map((e) => ({ ...e, atAge: { age, daily: byEntity.get(JSON.stringify(e.identification)) ?? {} } }));
}

const anomalies = (results: EntityResult[]) => new Map(results.map((r) => [JSON.stringify(r.identification), r.status === "ANOMALY"]));

type Counts = { judged: number; truth: number; alarms: number; falseAlarms: number; missed: number };
const blank = (): Counts => ({ judged: 0, truth: 0, alarms: 0, falseAlarms: 0, missed: 0 });

async function main() {
  const counts = new Map<string, Counts>();
  const start = DateTime.fromISO(FROM, { zone: "UTC" });
  for (let i = 0; i < DAYS; i++) {
    const now = start.plus({ days: i, hours: 8, minutes: 5 }).toJSDate();
    const reported = createDemoConnector({ now: () => now });
    const final = createDemoConnector({ now: () => now, final: true });
    for (const account of DEMO_ACCOUNTS) {
      for (const alert of ALERTS) {
        const plan = planAlertReads(alert.definition, { level: "CAMPAIGN" }, { timezone: account.timezone, now });
        const ctx = { timezone: account.timezone, now, restatementDays: DEMO_RESTATEMENT_DAYS };
        const asReported = buildEntitySeries(plan, { daily: await collect(reported, account, plan) });
        const truth = anomalies(evaluateAlert(alert.definition, buildEntitySeries(plan, { daily: await collect(final, account, plan) }), { ...ctx, restatementDays: 0 }));
        for (const rule of RULES) {
          const verdicts =
            rule === "same-age"
              ? anomalies(evaluateAlert(alert.definition, await withSnapshots(asReported, account, plan, now, JUDGED_AGE), ctx))
              : anomalies(evaluateAlert(alert.definition, asReported, { ...ctx, rule }));
          const key = `${alert.name}\u0000${rule}`;
          const c = counts.get(key) ?? blank();
          for (const [entity, fired] of truth) {
            const said = verdicts.get(entity) ?? false;
            c.judged++;
            if (fired) c.truth++;
            if (said) c.alarms++;
            if (said && !fired) c.falseAlarms++;
            if (fired && !said) c.missed++;
          }
          counts.set(key, c);
        }
      }
    }
  }
  const lines = [
    `# bench/alert-rules, ${new Date().toISOString().slice(0, 10)}`,
    "",
    `Command: \`node --import tsx bench/alert-rules/run.ts --from ${FROM} --days ${DAYS}\``,
    "",
    `${DAYS} mornings (08:05 UTC) from ${FROM}, ${DEMO_ACCOUNTS.length} demo accounts, campaign level, restatement window ${DEMO_RESTATEMENT_DAYS} days.`,
    "",
    "| alert | rule | verdicts | anomalies (final data) | alarms | false alarms | missed alarms |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const alert of ALERTS) {
    for (const rule of RULES) {
      const c = counts.get(`${alert.name}\u0000${rule}`)!;
      lines.push(`| ${alert.name} | ${RULE_NAMES[rule]} | ${c.judged} | ${c.truth} | ${c.alarms} | ${c.falseAlarms} | ${c.missed} |`);
    }
  }
  const out = lines.join("\n") + "\n";
  process.stdout.write(out);
  fs.writeFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), "last-run.md"), out);
}

await main();
