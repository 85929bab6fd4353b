// Objectives (the Ads check) and the /ads page (decision 0515), through the routes and the real
// evaluation batch: an objective is saved from the form (field errors save nothing), evaluated by
// the pacing evaluator on the demo data (on and off target), counted on the Ads card; polymathee
// is activated once from /ads as a metric alert; another company's client answers 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { getConfiguredFor, listConfiguredFors, listSentries } from "../../db/repositories/alerts.js";
import { createAlertActivities } from "../../temporal/activities/alerts.js";
import { createTestDatabase } from "../support/database.js";
import { makeMonitoredCompany } from "../support/alerts.js";
import { formPost, get, settle } from "../support/requests.js";
import { routeArgs, sessionCookie } from "../support/routes.js";
import { activityDeps } from "../../temporal/activities/deps.js";

let db: DB;
let drop: () => Promise<void>;
let objectives: typeof import("~/routes/_app.clients.$clientId.objectives");
let ads: typeof import("~/routes/_app.clients.$clientId.ads");
let clientHome: typeof import("~/routes/_app.clients.$clientId._index");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  process.env.TEMPORAL_ADDRESS = "127.0.0.1:1"; // the immediate evaluation is unreachable: saving must still work
  objectives = await import("~/routes/_app.clients.$clientId.objectives");
  ads = await import("~/routes/_app.clients.$clientId.ads");
  clientHome = await import("~/routes/_app.clients.$clientId._index");
});
afterAll(async () => {
  delete process.env.TEMPORAL_ADDRESS;
  await drop();
});

const cookieFor = sessionCookie;
const args = routeArgs;
const evaluate = (ids: number[]) => createAlertActivities(activityDeps({ db, sendMail: async () => undefined, postSlack: async () => undefined, appUrl: "http://app.test" })).evaluateAlertBatch({ configuredForIds: ids });

describe("objectives", () => {
  it("refuses bad targets with field errors and saves nothing", async () => {
    const { company, user, dataSource } = await makeMonitoredCompany(db);
    const cookie = await cookieFor(user.id);
    const params = { clientId: String(dataSource.id) };
    const post = (fields: Record<string, string>) => settle(() => objectives.action(args(formPost(`/clients/${dataSource.id}/objectives`, fields, { cookie }), params)));
    const cases: [Record<string, string>, string, string][] = [
      [{ title: "", metric: "conversions", period: "start_of_month", atLeast: "10" }, "title", "Please input a name for your objective"],
      [{ title: "T", metric: "conversions", period: "start_of_month", atLeast: "", atMost: "" }, "atLeast", "Set a target: at least, at most or both"],
      [{ title: "T", metric: "conversions", period: "start_of_month", atLeast: "-3" }, "atLeast", "The amount must be positive"],
      [{ title: "T", metric: "conversions", period: "start_of_month", atLeast: "50", atMost: "10" }, "atMost", "The upper target must not be below the lower one"],
      [{ title: "T", metric: "conversions", period: "fortnight", atLeast: "10" }, "period", "Please select a period"],
      [{ title: "T", metric: "not_a_metric", period: "start_of_month", atLeast: "10" }, "metric", 'Unknown metric "not_a_metric"'],
    ];
    for (const [fields, key, message] of cases) {
      const res = await post(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await res.json()).errors[key]).toBe(message);
    }
    // An empty form reports every error in one round: the missing name and the missing target.
    const empty = await post({ title: "", metric: "conversions", period: "start_of_month", atLeast: "", atMost: "" });
    expect((await empty.json()).errors).toMatchObject({ title: "Please input a name for your objective", atLeast: "Set a target: at least, at most or both" });
    expect(await listSentries(db, company.id)).toEqual([]);
  });

  it("saves an objective, evaluates it like pacing on the demo data, and counts it on the Ads card", async () => {
    const { company, user, dataSource } = await makeMonitoredCompany(db);
    const cookie = await cookieFor(user.id);
    const params = { clientId: String(dataSource.id) };
    const post = (fields: Record<string, string>) => settle(() => objectives.action(args(formPost(`/clients/${dataSource.id}/objectives`, fields, { cookie }), params)));
    // Unreachable: at least a billion clicks a day. Reachable: at most a billion.
    const missed = await post({ title: "A billion clicks a day", metric: "clicks", period: "every_day", atLeast: "1000000000" });
    expect(missed.status).toBe(302);
    expect(missed.headers.get("location")).toBe(`/clients/${dataSource.id}/objectives`);
    await post({ title: "Cost under a billion this month", metric: "cost", period: "start_of_month", atMost: "1000000000" });
    const bound = await listConfiguredFors(db, company.id, { dataSourceId: dataSource.id });
    expect(bound.map((b) => [b.sentryTitle, b.sentryType]).sort()).toEqual([
      ["A billion clicks a day", "objective"],
      ["Cost under a billion this month", "objective"],
    ]);
    const sentry = (await listSentries(db, company.id)).find((s) => s.title === "A billion clicks a day")!;
    expect(sentry.definition.variables).toEqual([{ type: "pacing", period: "every_day", metric: "clicks", thresholds: { below: 1_000_000_000 } }]);

    expect(await evaluate(bound.map((b) => b.id))).toMatchObject({ evaluated: 2, anomalies: 1, errors: 0 });
    const byTitle = new Map(bound.map((b) => [b.sentryTitle, b.id]));
    expect((await getConfiguredFor(db, company.id, byTitle.get("A billion clicks a day")!))?.status).toBe("ANOMALY");
    expect((await getConfiguredFor(db, company.id, byTitle.get("Cost under a billion this month")!))?.status).toBe("OK");

    const page = await (await settle(() => objectives.loader(args(get(`/clients/${dataSource.id}/objectives`, { cookie }), params)))).json();
    expect(page.supported).toBe(true);
    expect(page.rows.find((r: { title: string }) => r.title === "A billion clicks a day")).toMatchObject({ status: "ANOMALY", target: { metric: "clicks", period: "every_day", atLeast: 1_000_000_000, atMost: null } });
    const home = await (await settle(() => clientHome.loader(args(get(`/clients/${dataSource.id}`, { cookie }), params)))).json();
    expect(home.automatic.find((c: { key: string }) => c.key === "ads")).toMatchObject({ on: 1, total: 2 });
    const adsPage = await (await settle(() => ads.loader(args(get(`/clients/${dataSource.id}/ads`, { cookie }), params)))).json();
    expect(adsPage.objectives).toEqual({ total: 2, inAnomaly: 1 });
  });
});

describe("/ads and polymathee", () => {
  it("activates polymathee once as a metric alert over the four main metrics, which evaluates", async () => {
    const { company, user, dataSource } = await makeMonitoredCompany(db);
    const cookie = await cookieFor(user.id);
    const params = { clientId: String(dataSource.id) };
    const activate = () => settle(() => ads.action(args(formPost(`/clients/${dataSource.id}/ads`, { intent: "polymathee" }, { cookie }), params)));
    expect((await activate()).status).toBe(302);
    expect((await activate()).status).toBe(302); // already active: a notice, no second alert
    const bound = await listConfiguredFors(db, company.id, { dataSourceId: dataSource.id });
    expect(bound.map((b) => [b.sentryTitle, b.sentryType])).toEqual([["Polymathee: account health", "metric"]]);
    const [sentry] = await listSentries(db, company.id);
    const conditions = (sentry.definition.variables[0] as { alertValue: { metric: string; trendType: string }[] }).alertValue;
    expect(conditions.map((c) => `${c.metric}:${c.trendType}`)).toEqual(["impressions:above", "impressions:below", "clicks:above", "clicks:below", "cost:above", "cost:below", "conversions:above", "conversions:below"]);
    expect(await evaluate([bound[0].id])).toMatchObject({ evaluated: 1, errors: 0 });
    const page = await (await settle(() => ads.loader(args(get(`/clients/${dataSource.id}/ads`, { cookie }), params)))).json();
    expect(page.polymathee.configuredForId).toBe(bound[0].id);
    expect(page.polymathee.status).not.toBeNull();
    expect((await settle(() => ads.action(args(formPost(`/clients/${dataSource.id}/ads`, { intent: "other" }, { cookie }), params)))).status).toBe(400);
  });

  it("answers 404 for another company's client on both pages and saves nothing", async () => {
    const a = await makeMonitoredCompany(db);
    const b = await makeMonitoredCompany(db);
    const cookie = await cookieFor(b.user.id);
    const foreign = { clientId: String(a.dataSource.id) };
    for (const res of [
      await settle(() => objectives.loader(args(get(`/clients/${a.dataSource.id}/objectives`, { cookie }), foreign))),
      await settle(() => objectives.action(args(formPost(`/clients/${a.dataSource.id}/objectives`, { title: "X", metric: "cost", period: "every_day", atMost: "5" }, { cookie }), foreign))),
      await settle(() => ads.loader(args(get(`/clients/${a.dataSource.id}/ads`, { cookie }), foreign))),
      await settle(() => ads.action(args(formPost(`/clients/${a.dataSource.id}/ads`, { intent: "polymathee" }, { cookie }), foreign))),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await listSentries(db, a.company.id)).toEqual([]);
    expect(await listSentries(db, b.company.id)).toEqual([]);
  });
});
