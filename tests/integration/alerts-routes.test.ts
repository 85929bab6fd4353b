// The monitoring routes called directly: editor validation (spec 1 §5, nothing saved on bad
// input), creation with its configured-for, preview on live demo data, snooze rules, templates,
// dashboard counts, and another company's ids answering 404 with nothing leaked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { getConfiguredFor, listAssignees, listConfiguredFors, listSentries } from "../../db/repositories/alerts.js";
import { createUserSession } from "~/services/session.server";
import { createTestDatabase } from "../support/database.js";
import { makeAlert, makeMonitoredCompany, thresholdDefinition } from "../support/alerts.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";

let db: DB;
let drop: () => Promise<void>;
let createDefault: typeof import("~/routes/_app.clients.$clientId.alerts.create.default");
let createPacing: typeof import("~/routes/_app.clients.$clientId.alerts.create.pacing");
let edit: typeof import("~/routes/_app.clients.$clientId.alerts.edit.$alertId");
let detail: typeof import("~/routes/_app.clients.$clientId.details.$configuredForId");
let anomalies: typeof import("~/routes/_app.clients.$clientId.anomalies");
let home: typeof import("~/routes/_app.app");
let clientHome: typeof import("~/routes/_app.clients.$clientId._index");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  process.env.TEMPORAL_ADDRESS = "127.0.0.1:1"; // immediate evaluation unreachable: saving must still work
  createDefault = await import("~/routes/_app.clients.$clientId.alerts.create.default");
  createPacing = await import("~/routes/_app.clients.$clientId.alerts.create.pacing");
  edit = await import("~/routes/_app.clients.$clientId.alerts.edit.$alertId");
  detail = await import("~/routes/_app.clients.$clientId.details.$configuredForId");
  anomalies = await import("~/routes/_app.clients.$clientId.anomalies");
  home = await import("~/routes/_app.app");
  clientHome = await import("~/routes/_app.clients.$clientId._index");
});
afterAll(async () => {
  delete process.env.TEMPORAL_ADDRESS;
  await drop();
});

const cookieFor = async (userId: number) => cookiesFrom(await createUserSession({ userId, remember: false, redirectTo: "/" }));
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} });

const metricForm = (dataSourceId: number, more: Record<string, string> = {}) => ({
  intent: "save",
  kind: "metric",
  title: "Spend above 10",
  dataSourceId: String(dataSourceId),
  level: "CAMPAIGN",
  alertType: "threshold",
  operator: "sum",
  metric: "cost",
  thresholdType: "above",
  thresholdValue: "10",
  during: "yesterday",
  "filters[0].field": "",
  "filters[0].operator": "equals",
  "filters[0].value": "",
  "calc[0].name": "",
  "calc[0].field": "",
  ...more,
});

describe("alert editor", () => {
  it("creates a metric alert bound to the account and redirects to its detail", async () => {
    const { company, user, dataSource } = await makeMonitoredCompany(db);
    const cookie = await cookieFor(user.id);
    const params = { clientId: String(dataSource.id) };
    const page = await (await settle(() => createDefault.loader(args(get(`/clients/${dataSource.id}/alerts/create/default`, { cookie }), params)))).json();
    expect(page.options.supported).toBe(true);
    expect(page.options.levels).toEqual(["CAMPAIGN", "ACCOUNT"]);
    expect(page.values).toMatchObject({ operator: "sum", during: "yesterday", thresholdValue: "20" });
    // Nobody watches the account: whoever saves an alert on it is assigned (issue 18).
    await db.deleteFrom("dataSourceAssignees").where("dataSourceId", "=", dataSource.id).execute();
    const res = await settle(() => createDefault.action(args(formPost(`/clients/${dataSource.id}/alerts/create/default`, metricForm(dataSource.id), { cookie }), params)));
    expect(res.status).toBe(302);
    expect((await listAssignees(db, company.id, dataSource.id)).map((u) => u.id)).toEqual([user.id]);
    const [cf] = await listConfiguredFors(db, company.id, { dataSourceId: dataSource.id });
    expect(res.headers.get("location")).toBe(`/clients/${dataSource.id}/details/${cf.id}`);
    const [sentry] = await listSentries(db, company.id);
    expect(sentry).toMatchObject({ title: "Spend above 10", type: "metric", pivot: true, platform: "demo" });
    expect(sentry.definition.requests.A).toMatchObject({ accountId: "demo-paris", level: "CAMPAIGN", dataSourceId: dataSource.id, filters: [] });
  });

  it("answers 400 with field errors for every invalid combination and saves nothing", async () => {
    const { company, user, dataSource } = await makeMonitoredCompany(db);
    const cookie = await cookieFor(user.id);
    const params = { clientId: String(dataSource.id) };
    const post = (fields: Record<string, string>) => settle(() => createDefault.action(args(formPost(`/clients/${dataSource.id}/alerts/create/default`, fields, { cookie }), params)));
    const cases: [Record<string, string>, string, string][] = [
      [{ title: "" }, "title", "Please input a name for your alert"],
      [{ thresholdValue: "-2" }, "thresholdValue", "The value must be greater than -1"],
      [{ operator: "median" }, "operator", ""],
      [{ thresholdType: "over" }, "thresholdType", ""],
      [{ during: "2_days" }, "during", ""],
      [{ metric: "" }, "metric", "Please select a metric"],
      [{ metric: "spend" }, "metric", 'Unknown metric "spend"'],
      [{ level: "PRODUCT" }, "level", "Please select a level"],
      [{ dataSourceId: "999999" }, "dataSourceId", "Please select an account"],
      [{ "filters[0].field": "campaign_name", "filters[0].value": "" }, "filters[0].value", "Please input a value"],
      [{ "filters[0].field": "budget_owner", "filters[0].value": "x" }, "filters[0].field", 'Unknown field "budget_owner"'],
      [{ "calc[0].name": "cpa", "calc[0].field": "" }, "calc[0].field", "Please input a formula"],
      [{ "calc[0].name": "", "calc[0].field": "{cost}" }, "calc[0].name", "Please input a name for the field"],
      [{ alertType: "trend", trendValue: "abc", trendType: "above", duringTime1: "yesterday", duringTime2: "7_days" }, "trendValue", ""],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(metricForm(dataSource.id, change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = await res.json();
      expect(body.errors[field], JSON.stringify(change)).toBeTruthy();
      if (message) expect(body.errors[field]).toBe(message);
    }
    const kpi = await post({ intent: "save", kind: "kpi", title: "Status", dataSourceId: String(dataSource.id), level: "CAMPAIGN", kpi: "campaign_status", kpiOperator: "equal", kpiValue: "" });
    expect((await kpi.json()).errors).toEqual({ kpiValue: "Please input a value" });
    const pacing = (fields: Record<string, string>) =>
      settle(() => createPacing.action(args(formPost(`/clients/${dataSource.id}/alerts/create/pacing`, { intent: "save", title: "Budget", dataSourceId: String(dataSource.id), level: "ACCOUNT", period: "start_of_week", ...fields }, { cookie }), params)));
    expect((await (await pacing({ above: "", below: "" })).json()).errors).toEqual({ above: "Set an amount above or below" });
    expect((await (await pacing({ above: "-3" })).json()).errors).toEqual({ above: "The amount must be positive" });
    expect((await (await pacing({ period: "every_year", above: "5" })).json()).errors.period).toBeTruthy();
    expect(await listSentries(db, company.id)).toEqual([]);
  });

  it("previews on live demo data and edits an alert", async () => {
    const { user, dataSource, company } = await makeMonitoredCompany(db);
    const cookie = await cookieFor(user.id);
    const params = { clientId: String(dataSource.id) };
    const res = await settle(() => createDefault.action(args(formPost(`/clients/${dataSource.id}/alerts/create/default`, metricForm(dataSource.id, { intent: "preview", title: "" }), { cookie }), params)));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.preview.ok).toBe(true);
    expect(body.preview.results.length).toBeGreaterThan(1);
    expect(body.preview.results[0].identification).toHaveProperty("campaign_id");
    const { sentry } = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 5));
    const editParams = { ...params, alertId: String(sentry.id) };
    const loaded = await (await settle(() => edit.loader(args(get(`/clients/${dataSource.id}/alerts/edit/${sentry.id}`, { cookie }), editParams)))).json();
    expect(loaded.values).toMatchObject({ title: "Spend alert", thresholdValue: "5", during: "7_days", level: "ACCOUNT" });
    const saved = await settle(() => edit.action(args(formPost(`/clients/${dataSource.id}/alerts/edit/${sentry.id}`, metricForm(dataSource.id, { title: "Renamed", level: "ACCOUNT" }), { cookie }), editParams)));
    expect(saved.status).toBe(302);
    expect((await listSentries(db, company.id))[0].title).toBe("Renamed");
  });
});

describe("detail, snooze and templates", () => {
  it("snoozes only into the future, clears, and deletes with the alert", async () => {
    const { company, user, dataSource } = await makeMonitoredCompany(db);
    const cookie = await cookieFor(user.id);
    const { configuredForId } = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1));
    const params = { clientId: String(dataSource.id), configuredForId: String(configuredForId) };
    const post = (fields: Record<string, string>) => settle(() => detail.action(args(formPost(`/clients/${dataSource.id}/details/${configuredForId}`, fields, { cookie }), params)));
    const page = await (await settle(() => detail.loader(args(get(`/clients/${dataSource.id}/details/${configuredForId}`, { cookie }), params)))).json();
    expect(page.results).toEqual([]);
    expect((await (await post({ intent: "snooze", snoozed: "2020-01-01" })).json()).errors.snoozed).toBe("Please pick a date in the future");
    expect((await post({ intent: "snooze", snoozed: "tomorrow" })).status).toBe(400);
    expect((await getConfiguredFor(db, company.id, configuredForId))?.snoozed).toBeNull();
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    expect((await post({ intent: "snooze", snoozed: future })).status).toBe(302);
    expect((await getConfiguredFor(db, company.id, configuredForId))?.snoozed?.toISOString().slice(0, 10)).toBe(future);
    await post({ intent: "unsnooze" });
    expect((await getConfiguredFor(db, company.id, configuredForId))?.snoozed).toBeNull();
    const deleted = await post({ intent: "delete" });
    expect(deleted.headers.get("location")).toBe(`/clients/${dataSource.id}/anomalies`);
    expect(await getConfiguredFor(db, company.id, configuredForId)).toBeUndefined();
    expect(await listSentries(db, company.id)).toEqual([]);
  });

  it("activates and deactivates a template on an account from the picker", async () => {
    const { company, user, sources } = await makeMonitoredCompany(db, { accounts: ["demo-paris", "demo-london"] });
    const cookie = await cookieFor(user.id);
    const [first, second] = sources;
    const { sentry } = await makeAlert(db, company.id, first.id, thresholdDefinition("demo-paris", first.id, 1), { template: true, title: "CPA template" });
    const params = { clientId: String(second.id) };
    const picker = await (await settle(() => anomalies.loader(args(get(`/clients/${second.id}/anomalies?picker=1&q=cpa`, { cookie }), params)))).json();
    // The company's template, and the starter library's CPA spike (any ads platform) matching "cpa".
    expect(picker.templates).toContainEqual(expect.objectContaining({ id: sentry.id, title: "CPA template", usedByCurrentDataSource: false }));
    expect(picker.templates.map((t: { title: string }) => t.title)).toContain("CPA spike");
    const none = await (await settle(() => anomalies.loader(args(get(`/clients/${second.id}/anomalies?picker=1&q=zzz`, { cookie }), params)))).json();
    expect(none.templates).toEqual([]);
    // With JavaScript (a fetcher) the toggle answers in place.
    const on = await settle(() => anomalies.action(args(formPost(`/clients/${second.id}/anomalies?picker=1&q=cpa`, { intent: "toggle-template", sentryId: String(sentry.id), on: "1", fetcher: "1" }, { cookie }), params)));
    expect(on.status).toBe(200);
    expect(await listConfiguredFors(db, company.id, { dataSourceId: second.id })).toHaveLength(1);
    // Without JavaScript it redirects back to the picker with its toast (a refresh does not re-post it).
    const off = await settle(() => anomalies.action(args(formPost(`/clients/${second.id}/anomalies?picker=1&q=cpa`, { intent: "toggle-template", sentryId: String(sentry.id), on: "0" }, { cookie }), params)));
    expect(off.status).toBe(302);
    expect(off.headers.get("location")).toBe(`/clients/${second.id}/anomalies?picker=1&q=cpa`);
    expect(off.headers.get("set-cookie")).toMatch(/toast/i);
    expect(await listConfiguredFors(db, company.id, { dataSourceId: second.id })).toHaveLength(0);
    // A template is not editable from an alert; from the templates page (template=1) it is.
    const editRes = await settle(() => edit.loader(args(get(`/clients/${first.id}/alerts/edit/${sentry.id}`, { cookie }), { clientId: String(first.id), alertId: String(sentry.id) })));
    expect(editRes.status).toBe(403);
    const asTemplate = await settle(() => edit.loader(args(get(`/clients/${first.id}/alerts/edit/${sentry.id}?template=1`, { cookie }), { clientId: String(first.id), alertId: String(sentry.id) })));
    expect(asTemplate.status).toBe(200);
  });
});

describe("tenancy", () => {
  it("answers 404 for another company's clients, alerts and configured alerts and leaks nothing", async () => {
    const a = await makeMonitoredCompany(db);
    const b = await makeMonitoredCompany(db);
    const { sentry, configuredForId } = await makeAlert(db, a.company.id, a.dataSource.id, thresholdDefinition("demo-paris", a.dataSource.id, 1));
    const cookie = await cookieFor(b.user.id);
    const foreign = { clientId: String(a.dataSource.id) };
    for (const res of [
      await settle(() => clientHome.loader(args(get(`/clients/${a.dataSource.id}`, { cookie }), foreign))),
      await settle(() => detail.loader(args(get(`/clients/${a.dataSource.id}/details/${configuredForId}`, { cookie }), { ...foreign, configuredForId: String(configuredForId) }))),
      await settle(() => detail.loader(args(get(`/clients/${b.dataSource.id}/details/${configuredForId}`, { cookie }), { clientId: String(b.dataSource.id), configuredForId: String(configuredForId) }))),
      await settle(() => detail.action(args(formPost(`/clients/${b.dataSource.id}/details/${configuredForId}`, { intent: "delete" }, { cookie }), { clientId: String(b.dataSource.id), configuredForId: String(configuredForId) }))),
      await settle(() => edit.loader(args(get(`/clients/${b.dataSource.id}/alerts/edit/${sentry.id}`, { cookie }), { clientId: String(b.dataSource.id), alertId: String(sentry.id) }))),
      await settle(() => createDefault.action(args(formPost(`/clients/${a.dataSource.id}/alerts/create/default`, metricForm(a.dataSource.id), { cookie }), foreign))),
      await settle(() => anomalies.action(args(formPost(`/clients/${b.dataSource.id}/anomalies`, { intent: "toggle-template", sentryId: String(sentry.id), on: "1" }, { cookie }), { clientId: String(b.dataSource.id) }))),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Spend alert");
    }
    // Posting company A's account id through company B's client is refused as an unknown account.
    const cross = await settle(() => createDefault.action(args(formPost(`/clients/${b.dataSource.id}/alerts/create/default`, metricForm(a.dataSource.id), { cookie }), { clientId: String(b.dataSource.id) })));
    expect(cross.status).toBe(400);
    expect(await getConfiguredFor(db, a.company.id, configuredForId)).toBeDefined();
    const dash = await (await settle(() => home.loader(args(get("/app?tab=alerts", { cookie }), {})))).json();
    expect(dash.alerts).toEqual([]);
    expect(dash.clients.map((c: { id: number }) => c.id)).toEqual([b.dataSource.id]);
  });
});
