// Issue 21, "done when": an MCP client built from the official SDK connects to the running product
// through OAuth (discovery, dynamic registration, PKCE, consent, token), lists the demo company's
// accounts, queries a week of demo data with the same totals as the query URL, finds the seeded
// anomaly and snoozes it. Then every other tool and the saved-query resources; another company's
// ids refused without changing anything; bad arguments answered as tool errors; the per-token
// limits; and no credential in any answer. All over HTTP against the production build.
import { Client as TemporalClient, Connection } from "@temporalio/client";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { getConfiguredFor, listConfiguredFors } from "../../db/repositories/alerts.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createDatastream, createJob, finishJobLog, listJobs, startJobLog } from "../../db/repositories/data-streams.js";
import { createDestination, listDestinations, readDestinationConfig } from "../../db/repositories/destinations.js";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { createSavedQuery, listSavedQueries } from "../../db/repositories/saved-queries.js";
import { BLENDED_PLATFORM } from "../../engine/index.js";
import { DEMO_COMPANY_NAME, DEMO_USER, seedDemo } from "../../server/seed/index.js";
import { createAlertActivities } from "../../temporal/activities/alerts.js";
import { activityDeps } from "../../temporal/activities/deps.js";
import { createJobSchedule, deleteJobSchedule } from "../../temporal/schedules.js";
import { jobScheduleId } from "../../temporal/shared.js";
import { makeAlert } from "../support/alerts.js";
import { startBuiltApp } from "../support/built-app.js";
import { createTestDatabase } from "../support/database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { demoJobInput } from "../support/factories.js";
import { callOk, callRefused, connectAssistant, signInOverHttp, type ConnectedAssistant } from "../support/mcp-client.js";

let db: DB;
let drop: () => Promise<void>;
let app: Awaited<ReturnType<typeof startBuiltApp>>;
let connection: Connection;
let temporal: TemporalClient;
let assistant: ConnectedAssistant;
let client: Client;
let demo: { companyId: number; apiKey: string; accounts: Awaited<ReturnType<typeof listDataSources>>; cookie: string };
let other: Awaited<ReturnType<typeof makeSignedInDemoCompany>> & { alertId: number; jobId: number; savedQueryId: number };
/** Every answer the assistant received, for the credential check at the end. */
const answers: string[] = [];
const CANARY = "Canary-S3cret-9f2b7d";

const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

async function call(name: string, args: Record<string, unknown> = {}) {
  const out = await callOk(client, name, args);
  answers.push(JSON.stringify(out));
  return out;
}
async function refused(name: string, args: Record<string, unknown> = {}) {
  const message = await callRefused(client, name, args);
  answers.push(message);
  return message;
}

beforeAll(async () => {
  process.env.TEMPORAL_ADDRESS = inject("temporalAddress");
  // No worker polls this queue: a run the assistant starts stays queued and loads nothing.
  process.env.TEMPORAL_TASK_QUEUE = `mcp-${process.pid}`;
  ({ db, drop } = await createTestDatabase());
  await seedDemo(db);
  const company = await db.selectFrom("companies").selectAll().where("name", "=", DEMO_COMPANY_NAME).executeTakeFirstOrThrow();
  // The worker's first pass over the seeded alerts (its own activity code), so the anomaly is there.
  const alerts = createAlertActivities(activityDeps({ db, sendMail: async () => {}, postSlack: async () => ({ ok: true }) as never }));
  const ids = (await listConfiguredFors(db, company.id)).map((c) => c.id);
  await alerts.evaluateAlertBatch({ configuredForIds: await alerts.listDueAlerts({ dueBefore: new Date(Date.now() + 1000).toISOString(), limit: 100, configuredForIds: ids }) });

  // A run log whose message carries a secret, as a failing destination might write it.
  const job = (await listJobs(db, company.id))[0];
  const log = await startJobLog(db, company.id, { jobId: job.id, requestId: "canary-run", kind: "run", dateStart: null, dateEnd: null, requestedStart: null, requestedEnd: null });
  await finishJobLog(db, company.id, log.id, { success: false, message: `could not connect to postgres://warehouse:${CANARY}@db.internal/warehouse (password=${CANARY})` });

  // Another company with its own account, alert, job and saved query.
  const o = await makeSignedInDemoCompany(db, "Other Co", ["demo-paris"]);
  const { configuredForId } = await makeAlert(db, o.company.id, o.dataSourceId, { variables: [{ type: "kpi", kpi: "campaign_status", operator: "not_equal", value: "ENABLED" }], requests: { A: { accountId: "demo-paris", platform: "demo", level: "CAMPAIGN", dataSourceId: o.dataSourceId, filters: [] } } }, { type: "kpi", title: "Other's alert" });
  const destination = await createDestination(db, o.company.id, { name: "Other warehouse", type: "postgres", config: { host: "127.0.0.1:1", username: "u", password: "p", database: "d" } });
  const stream = await createDatastream(db, o.company.id, { name: "Other stream", platform: "demo", destinationId: destination.id });
  const otherJob = await createJob(db, o.company.id, demoJobInput({ datastreamId: stream.id, dataSourceIds: [o.dataSourceId], tableName: "other_campaigns" }));
  const saved = await createSavedQuery(db, o.company.id, { name: "Other's query", json: { format: "json", source: "demo", accounts: [{ id: "demo-paris", authorization_id: o.sourceId }], metrics: ["clicks"], dimensions: [], date: "LAST_7_DAYS", filters: [], options: {} } });
  other = { ...o, alertId: configuredForId, jobId: otherJob.id, savedQueryId: saved.id };

  connection = await Connection.connect({ address: inject("temporalAddress") });
  temporal = new TemporalClient({ connection });
  app = await startBuiltApp();
  const cookie = await signInOverHttp(app.url, DEMO_USER.email, DEMO_USER.password);
  demo = { companyId: company.id, apiKey: revealApiKey(company), accounts: await listDataSources(db, company.id), cookie };
  assistant = await connectAssistant(app.url, cookie);
  client = assistant.client;
});

afterAll(async () => {
  await assistant?.close();
  await app?.close();
  await connection?.close();
  await drop?.();
});

describe("done when", () => {
  it("signed in through OAuth: the consent page named the assistant, and the grant is listed under Connected apps", async () => {
    expect(assistant.consentPage).toContain("Test assistant");
    expect(assistant.consentPage).toContain("AI assistant");
    expect(assistant.consentPage).toContain("registered itself");
    expect(assistant.provider.stored?.access_token).toBeTruthy();
    const grants = await db.selectFrom("oauthGrants").selectAll().where("companyId", "=", demo.companyId).execute();
    expect(grants).toHaveLength(1);
    expect(grants[0].resource).toBe(`${app.url}/mcp`);
  });

  it("lists the demo company's accounts", async () => {
    const out = await call("list_accounts");
    const accounts = out.sources.flatMap((s: { accounts: unknown[] }) => s.accounts);
    expect(accounts.map((a: { id: number }) => a.id).sort()).toEqual(demo.accounts.map((a) => a.id).sort());
    expect(out.sources[0]).toMatchObject({ name: "Demo Ads", platform: "demo" });
    expect(out._text).toContain("Maison Lumière (Paris)");
  });

  it("queries a week of demo data with the same rows and totals as the query URL", async () => {
    const ids = demo.accounts.map((a) => a.id);
    const out = await call("run_query", { account_ids: ids, metrics: ["clicks", "cost"], dimensions: ["date", "campaign_name"], date_range: "LAST_7_DAYS", max_rows: 1000 });
    const params = new URLSearchParams({
      apikey: demo.apiKey,
      platform: "demo",
      metrics: "clicks,cost",
      dimensions: "date,campaign_name",
      date: "LAST_7_DAYS",
      accounts: JSON.stringify(demo.accounts.map((a) => ({ id: a.accountId, authorization_id: a.networkAuthorizationId }))),
    });
    const url = await (await fetch(`${app.url}/api/request?${params}`)).json();
    const sum = (rows: Record<string, number>[], k: string) => Math.round(rows.reduce((s, r) => s + r[k], 0) * 100) / 100;
    expect(out.truncated).toBe(false);
    expect(out.row_count).toBe(url.data.length);
    expect(out.rows).toEqual(url.data);
    expect(out.totals.clicks).toBe(sum(url.data, "clicks"));
    expect(out.totals.clicks).toBeGreaterThan(0);
    // Paris spends euros, New York dollars: no total of cost across them.
    expect(out.totals.cost).toBeUndefined();
    expect(out._text).toMatch(/No total for cost/);

    const paris = demo.accounts.find((a) => a.accountId === "demo-paris")!;
    const one = await call("run_query", { account_ids: [paris.id], metrics: ["cost", "cpc"], date_range: "LAST_7_DAYS" });
    const parisUrl = await (
      await fetch(`${app.url}/api/request?${new URLSearchParams({ apikey: demo.apiKey, platform: "demo", metrics: "cost,cpc", date: "LAST_7_DAYS", accounts: JSON.stringify([{ id: "demo-paris", authorization_id: paris.networkAuthorizationId }]) })}`)
    ).json();
    expect(one.totals.cost).toBe(sum(parisUrl.data, "cost"));
    // An average does not add up.
    expect(one.totals.cpc).toBeUndefined();

    // Counted like any query URL: connection logs of the company.
    const logs = await db.selectFrom("connectionLogs").select("id").where("companyId", "=", demo.companyId).execute();
    expect(logs.length).toBeGreaterThanOrEqual(4);
  });

  it("finds the seeded anomaly, explains it and snoozes it", async () => {
    const listed = await call("list_alerts", { status: "ANOMALY" });
    const anomaly = listed.alerts.find((a: { title: string }) => a.title === "Campaign not running");
    expect(anomaly).toBeDefined();
    expect(anomaly.account.platform_account_id).toBe("demo-new-york");
    expect(listed._text).toContain("Campaign not running");

    const explained = await call("explain_alert", { alert_id: anomaly.alert_id });
    const paused = explained.entities.find((e: { status: string }) => e.status === "ANOMALY");
    expect(paused.name).toContain("Shopping - All products");
    expect(paused.conditions.some((c: { fired: boolean; value: unknown }) => c.fired && c.value === "PAUSED")).toBe(true);
    // The condition and each entity's verdict in words, as the alert page says them.
    expect(explained.condition.summary).toBe("Alert when campaign_status is not “ENABLED”, for campaigns.");
    expect(paused.conditions.find((c: { fired: boolean }) => c.fired).explanation).toMatch(/PAUSED/);
    expect(explained.state).toBe("results");
    expect(explained._text).toContain("Shopping - All products");

    const day = tomorrow();
    const snoozed = await call("snooze_alert", { alert_id: anomaly.alert_id, until: day, confirm: true });
    expect(snoozed.snoozed_until).toBe(`${day}T23:59:59.000Z`);
    expect((await getConfiguredFor(db, demo.companyId, anomaly.alert_id))!.snoozed?.toISOString()).toBe(`${day}T23:59:59.000Z`);
    const again = await call("list_alerts", { status: "ANOMALY" });
    expect(again.alerts.find((a: { alert_id: number }) => a.alert_id === anomaly.alert_id).snoozed_until).toBe(`${day}T23:59:59.000Z`);

    // Audited: the action is recorded and shown under Connected apps.
    const audit = await db.selectFrom("mcpCalls").selectAll().where("companyId", "=", demo.companyId).where("kind", "=", "action").execute();
    expect(audit).toEqual([expect.objectContaining({ tool: "snooze_alert", target: `alert ${anomaly.alert_id}`, outcome: "ok" })]);
    const page = (await (await fetch(`${app.url}/settings/connected-apps`, { headers: { cookie: demo.cookie } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(`${app.url}/mcp`);
    expect(page).toContain("snoozed &quot;Campaign not running&quot;");

    const unsnoozed = await call("unsnooze_alert", { alert_id: anomaly.alert_id, confirm: true });
    expect(unsnoozed.snoozed_until).toBeNull();
    expect((await getConfiguredFor(db, demo.companyId, anomaly.alert_id))!.snoozed).toBeNull();
  });
});

describe("the other tools", () => {
  it("lists every tool with its input schema; reads marked read-only, actions not, and asking for confirmation", async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const reads = ["list_accounts", "list_platforms", "list_reports", "list_fields", "run_query", "list_alerts", "explain_alert", "list_data_streams", "list_job_runs"];
    const actions = ["run_job_now", "snooze_alert", "unsnooze_alert"];
    expect(Object.keys(byName).sort()).toEqual([...reads, ...actions].sort());
    for (const name of reads) expect(byName[name].annotations, name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    for (const name of actions) {
      expect(byName[name].annotations, name).toMatchObject({ readOnlyHint: false, destructiveHint: false });
      expect(byName[name].description).toMatch(/^ACTION\..*explicitly asked/);
      expect(byName[name].inputSchema.required).toContain("confirm");
    }
    expect(byName.run_query.inputSchema.required).toEqual(["account_ids"]);
    expect(byName.run_query.inputSchema.properties).toHaveProperty("date_range.enum", expect.arrayContaining(["LAST_7_DAYS", "CUSTOM"]));
  });

  it("lists the catalogue: platforms, a source's reports and its fields (searchable)", async () => {
    const platforms = await call("list_platforms", { search: "demo" });
    expect(platforms.platforms).toContainEqual(expect.objectContaining({ id: "demo", connected: true }));
    const sourceId = demo.accounts[0].networkAuthorizationId;
    const reports = await call("list_reports", { source_id: sourceId });
    expect(reports.reports.map((r: { id: string }) => r.id)).toContain("campaigns");
    const fields = await call("list_fields", { source_id: sourceId, report: "campaigns", search: "click" });
    expect(fields.metrics).toContainEqual(expect.objectContaining({ id: "clicks", adds_up: true }));
    expect(fields.metrics.every((m: { id: string; name: string; description: string }) => /click/i.test(`${m.id} ${m.name} ${m.description}`))).toBe(true);
    expect(await refused("list_fields", { source_id: sourceId, report: "no-such-report" })).toMatch(/does not exist for this source/);
  });

  it("lists data streams with their jobs and runs, runs a job now through its schedule", async () => {
    const listed = await call("list_data_streams");
    // The demo seed also has a cross-platform stream (issue 22): this test reads the demo one.
    const stream = listed.data_streams.find((s: { name: string }) => s.name === "Demo Ads → warehouse");
    const job = stream.jobs[0];
    expect(stream).toMatchObject({ name: "Demo Ads → warehouse", destination: { name: "Demo warehouse", type: "postgres" } });
    expect(job).toMatchObject({ name: "Daily campaigns", last_run: { status: "FAILED" } });
    const runs = await call("list_job_runs", { job_id: job.job_id });
    expect(runs.total_runs).toBe(1);
    // The secret in the run's message is cut before it leaves.
    expect(runs.runs[0].message).toContain("[REDACTED]");

    await createJobSchedule(temporal, { companyId: demo.companyId, jobId: job.job_id, recurrency: "0 0 1 1 *" });
    try {
      const before = (await temporal.schedule.getHandle(jobScheduleId(job.job_id)).describe()).info.numActionsTaken;
      const started = await call("run_job_now", { job_id: job.job_id, confirm: true });
      expect(started.started).toBe(true);
      // The trigger is the schedule's: wait for it to take the action.
      let taken = before;
      for (let i = 0; i < 100 && taken === before; i++) {
        await new Promise((r) => setTimeout(r, 200));
        taken = (await temporal.schedule.getHandle(jobScheduleId(job.job_id)).describe()).info.numActionsTaken;
      }
      expect(taken).toBe(before + 1);
      const audit = await db.selectFrom("mcpCalls").selectAll().where("tool", "=", "run_job_now").execute();
      expect(audit).toEqual([expect.objectContaining({ target: `job ${job.job_id}`, outcome: "ok", detail: 'started a run of "Daily campaigns"' })]);
    } finally {
      const running = await temporal.schedule.getHandle(jobScheduleId(job.job_id)).describe();
      await deleteJobSchedule(temporal, job.job_id);
      for (const action of running.info.runningActions) await temporal.workflow.getHandle(action.workflow.workflowId).terminate("test over").catch(() => {});
    }
  });

  it("lists the saved queries as resources; reading one gives run_query arguments that run it", async () => {
    const { resources } = await client.listResources();
    const saved = await listSavedQueries(db, demo.companyId);
    // The demo seed saves a demo-platform query and a cross-platform ads query (issue 22).
    expect(saved.length).toBeGreaterThanOrEqual(2);
    expect(resources.map((r) => r.uri).sort()).toEqual(saved.map((q) => `signalpost://saved-queries/${q.id}`).sort());
    for (const query of saved) {
      const read = await client.readResource({ uri: `signalpost://saved-queries/${query.id}` });
      const body = JSON.parse((read.contents[0] as { text: string }).text);
      answers.push(JSON.stringify(read));
      expect(body.name).toBe(query.name);
      expect(body.run_query_arguments.account_ids.sort()).toEqual(demo.accounts.map((a) => a.id).sort());
      expect(Boolean(body.run_query_arguments.cross_platform)).toBe((query.json as { source?: string }).source === BLENDED_PLATFORM);
      const out = await call("run_query", { ...body.run_query_arguments, max_rows: 1000 });
      expect(out.row_count).toBeGreaterThan(0);
    }
  });

  it("reads accounts of several ads platforms only with cross_platform, in the normalized schema", async () => {
    const ids = demo.accounts.map((a) => a.id);
    const out = await call("run_query", { account_ids: ids, cross_platform: true, metrics: ["spend", "clicks"], dimensions: ["platform", "account_name"], date_range: "LAST_7_DAYS" });
    expect(out.columns.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(["platform", "account_name", "spend", "clicks"]));
    expect(new Set(out.rows.map((r: { platform: string }) => r.platform))).toEqual(new Set(["demo"]));
    // Clicks add up across the accounts; the single-platform read of the same accounts agrees.
    const single = await call("run_query", { account_ids: ids, metrics: ["clicks"], date_range: "LAST_7_DAYS" });
    expect(out.totals.clicks).toBe(single.totals.clicks);
  });
});

describe("another company's ids", () => {
  it("are refused by every tool and resource, and nothing of theirs changes", async () => {
    expect(await refused("run_query", { account_ids: [other.dataSourceId], metrics: ["clicks"] })).toMatch(/not an activated account of your company/);
    expect(await refused("list_reports", { source_id: other.sourceId })).toMatch(/not one of your company's sources/);
    expect(await refused("list_fields", { source_id: other.sourceId })).toMatch(/not one of your company's sources/);
    expect(await refused("explain_alert", { alert_id: other.alertId })).toMatch(/not one of your company's alerts/);
    expect(await refused("snooze_alert", { alert_id: other.alertId, until: tomorrow(), confirm: true })).toMatch(/not one of your company's alerts/);
    expect(await refused("unsnooze_alert", { alert_id: other.alertId, confirm: true })).toMatch(/not one of your company's alerts/);
    expect(await refused("list_job_runs", { job_id: other.jobId })).toMatch(/not one of your company's data-stream jobs/);
    expect(await refused("run_job_now", { job_id: other.jobId, confirm: true })).toMatch(/not one of your company's data-stream jobs/);
    await expect(client.readResource({ uri: `signalpost://saved-queries/${other.savedQueryId}` })).rejects.toThrow(/not one of your company's saved queries/);

    const listed = await call("list_alerts", { account_id: other.dataSourceId });
    expect(listed.alerts).toEqual([]);
    const accounts = await call("list_accounts");
    expect(JSON.stringify(accounts)).not.toContain("Other Co");
    expect((await getConfiguredFor(db, other.company.id, other.alertId))!.snoozed).toBeNull();
    const refusedActions = await db.selectFrom("mcpCalls").selectAll().where("kind", "=", "action").where("outcome", "=", "refused").execute();
    expect(refusedActions.map((r) => r.tool).sort()).toEqual(["run_job_now", "snooze_alert", "unsnooze_alert"]);
  });
});

describe("bad arguments", () => {
  it("are answered as tool errors the model can correct, never a failure of the request", async () => {
    const id = demo.accounts[0].id;
    expect(await refused("run_query", { account_ids: "all" })).toMatch(/Input validation error/);
    expect(await refused("run_query", { account_ids: [id], metrics: ["clicks"], date_range: "NEXT_WEEK" })).toMatch(/Input validation error/);
    expect(await refused("run_query", { account_ids: [id], metrics: ["no_such_metric"] })).toMatch(/no_such_metric/);
    expect(await refused("run_query", { account_ids: [id], metrics: ["clicks"], date_range: "CUSTOM" })).toMatch(/Start date is required/);
    expect(await refused("run_query", { account_ids: [id], metrics: [] })).toMatch(/at least one metric or dimension/);
    expect(await refused("run_query", { account_ids: [3_000_000_000], metrics: ["clicks"] })).toMatch(/Input validation error/);
    expect(await refused("run_query", { account_ids: [id], metrics: ["clicks"], filters: [{ field: "campaign_name", type: "contains" }] })).toMatch(/needs a value/);
    const alertId = (await listConfiguredFors(db, demo.companyId))[0].id;
    expect(await refused("snooze_alert", { alert_id: alertId, until: tomorrow() })).toMatch(/Input validation error/);
    expect(await refused("snooze_alert", { alert_id: alertId, until: "2020-01-01", confirm: true })).toMatch(/date in the future/);
    expect(await refused("snooze_alert", { alert_id: alertId, until: "2099-02-30", confirm: true })).toMatch(/Please pick a date/);
    expect(await refused("list_job_runs", { job_id: -1 })).toMatch(/Input validation error/);
    expect(await refused("no_such_tool")).toMatch(/not found/);
    expect((await getConfiguredFor(db, demo.companyId, alertId))!.snoozed).toBeNull();

    // A request that is not JSON-RPC at all: a 4xx, not a 500.
    const raw = await fetch(`${app.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${assistant.provider.stored!.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{ not json",
    });
    expect(raw.status).toBe(400);
  });
});

describe("per-token limits", () => {
  it("refuses calls over the minute's budget and actions over the hour's, doing nothing, without counting the refusals", async () => {
    const grant = await db.selectFrom("oauthGrants").selectAll().where("companyId", "=", demo.companyId).executeTakeFirstOrThrow();
    const scope = { companyId: demo.companyId, userId: grant.userId, grantId: grant.id };
    await db.deleteFrom("mcpCalls").where("grantId", "=", grant.id).where("kind", "=", "read").execute();
    // 60 calls in the last minute (the default budget), as if made just now.
    await db.insertInto("mcpCalls").values(Array.from({ length: 60 }, () => ({ ...scope, tool: "list_accounts", kind: "read" as const, target: null, outcome: "ok" as const, detail: null }))).execute();
    expect(await refused("list_accounts")).toMatch(/at most 60 calls a minute.*try again in \d+ seconds/);
    const alertId = (await listConfiguredFors(db, demo.companyId))[0].id;
    expect(await refused("snooze_alert", { alert_id: alertId, until: tomorrow(), confirm: true })).toMatch(/Rate limit reached/);
    expect((await getConfiguredFor(db, demo.companyId, alertId))!.snoozed).toBeNull();
    const limited = await db.selectFrom("mcpCalls").select(["tool", "outcome"]).where("grantId", "=", grant.id).where("outcome", "=", "limited").execute();
    expect(limited).toHaveLength(2);

    // Another token of the same user has its own budget.
    const second = await connectAssistant(app.url, demo.cookie);
    try {
      expect((await callOk(second.client, "list_platforms", { search: "demo" })).platforms.length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }

    // Actions: 20 an hour (the default), counted apart from the minute's calls (cleared here).
    await db.deleteFrom("mcpCalls").where("grantId", "=", grant.id).where("kind", "=", "read").execute();
    const actions = await db.selectFrom("mcpCalls").select("id").where("grantId", "=", grant.id).where("kind", "=", "action").where("outcome", "!=", "limited").execute();
    await db.insertInto("mcpCalls").values(Array.from({ length: 20 - actions.length }, () => ({ ...scope, tool: "snooze_alert", kind: "action" as const, target: "alert 0", outcome: "ok" as const, detail: null }))).execute();
    expect(await refused("unsnooze_alert", { alert_id: alertId, confirm: true })).toMatch(/at most 20 actions an hour/);
    expect((await call("list_accounts")).sources.length).toBeGreaterThan(0);
  });
});

describe("billing and failures", () => {
  it("a company whose trial ended reads nothing through run_query, exactly as through a query URL", async () => {
    const before = await db.selectFrom("companies").select(["trialEndsAt", "stripeSubscriptionState"]).where("id", "=", demo.companyId).executeTakeFirstOrThrow();
    await db.updateTable("companies").set({ trialEndsAt: new Date(Date.now() - 30 * 24 * 3600 * 1000), stripeSubscriptionState: null }).where("id", "=", demo.companyId).execute();
    try {
      const message = await refused("run_query", { account_ids: [demo.accounts[0].id], metrics: ["clicks"] });
      const url = await fetch(`${app.url}/api/request?${new URLSearchParams({ apikey: demo.apiKey, platform: "demo", metrics: "clicks", date: "LAST_7_DAYS", accounts: JSON.stringify([{ id: demo.accounts[0].accountId, authorization_id: demo.accounts[0].networkAuthorizationId }]) })}`);
      expect(url.status).toBe(402);
      expect(message).toContain((await url.json()).error.message);
    } finally {
      await db.updateTable("companies").set(before).where("id", "=", demo.companyId).execute();
    }
  });

  it("an unexpected failure is answered with a reference only, and recorded as an error", async () => {
    const { guarded } = await import("~/services/mcp/calls.server");
    const grant = await db.selectFrom("oauthGrants").selectAll().where("companyId", "=", demo.companyId).orderBy("id").executeTakeFirstOrThrow();
    const company = await db.selectFrom("companies").selectAll().where("id", "=", demo.companyId).executeTakeFirstOrThrow();
    const user = await db.selectFrom("users").selectAll().where("id", "=", grant.userId).executeTakeFirstOrThrow();
    const ctx = { db, origin: app.url, principal: { company, user, clientId: grant.clientId, grantId: grant.id } };
    const out = await guarded(ctx, { tool: "list_accounts", kind: "read", target: null }, async () => {
      throw new Error(`connect to postgres://loader:${CANARY}@10.0.0.5/warehouse failed`);
    });
    expect(out.ok).toBe(false);
    const message = out.ok ? "" : out.message;
    answers.push(message);
    expect(message).toMatch(/could not complete list_accounts \(reference [0-9a-f]{8}\)/);
    expect(message).not.toContain("10.0.0.5");
    const row = await db.selectFrom("mcpCalls").selectAll().where("grantId", "=", grant.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tool: "list_accounts", outcome: "error", detail: expect.stringMatching(/^failed, reference [0-9a-f]{8}$/) });
  });
});

describe("credentials", () => {
  it("none appears in any answer: API key, tokens, source and destination credentials, secrets in messages", async () => {
    const destination = (await listDestinations(db, demo.companyId))[0];
    const sources = await db.selectFrom("networkAuthorizations").select("credentialEncrypted").where("companyId", "=", demo.companyId).execute();
    const secrets = [demo.apiKey, assistant.provider.stored!.access_token, assistant.provider.stored!.refresh_token!, String(readDestinationConfig(destination).password), destination.configEncrypted, ...sources.map((s) => s.credentialEncrypted), CANARY];
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) for (const secret of secrets) expect(answer.includes(secret), `${secret.slice(0, 8)}… in ${answer.slice(0, 200)}`).toBe(false);
  });
});
