import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import type { DB } from "../../db/connection.js";
import { getCompany, revealApiKey } from "../../db/repositories/companies.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createSavedQuery, listSavedQueries } from "../../db/repositories/saved-queries.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let login: typeof import("~/routes/login");
let builder: typeof import("~/routes/_app.data-connector.api._index");
let savedRoute: typeof import("~/routes/_app.data-connector.api.$id");
let rotate: typeof import("~/routes/_app.settings.api-key");
let requestRoute: typeof import("~/routes/api.request");
let powerBi: typeof import("~/routes/_app.data-connector.power-bi");
let looker: typeof import("~/routes/_app.data-connector.looker-studio");
let landing: typeof import("~/routes/redirect");
let templateUse: typeof import("~/routes/_app.templates.$templateType.use");

async function signedInCompany() {
  const { company, user, password } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
  await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-paris", name: "Maison Lumière (Paris)", timezone: "Europe/Paris", currency: "EUR" });
  const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} }));
  return { company, user, source, cookie: cookiesFrom(res) };
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  login = await import("~/routes/login");
  builder = await import("~/routes/_app.data-connector.api._index");
  savedRoute = await import("~/routes/_app.data-connector.api.$id");
  rotate = await import("~/routes/_app.settings.api-key");
  requestRoute = await import("~/routes/api.request");
  powerBi = await import("~/routes/_app.data-connector.power-bi");
  looker = await import("~/routes/_app.data-connector.looker-studio");
  landing = await import("~/routes/redirect");
  templateUse = await import("~/routes/_app.templates.$templateType.use");
});
afterAll(async () => {
  // Connection logs are written just after a body ends: let them land before the database goes.
  await new Promise((r) => setTimeout(r, 300));
  await drop();
});

function builderSearch(sourceId: number, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    format: "csv",
    source: String(sourceId),
    prev_source: String(sourceId),
    account: "demo-paris",
    report: "campaigns",
    metric: "clicks",
    dimension: "date",
    date: "CUSTOM",
    start: "2026-01-01",
    end: "2026-01-03",
    step: "options",
    ...extra,
  });
}

describe("query builder", () => {
  it("builds a URL from a valid state that returns the rows, and previews them", async () => {
    const s = await signedInCompany();
    const res = await settle(() => builder.loader({ request: get(`/data-connector/api?${builderSearch(s.source.id, { preview: "1" })}`, { cookie: s.cookie }), params: {}, context: {} }));
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.view.valid).toBe(true);
    expect(data.queryUrl).toContain("/api/request?");
    expect(data.queryUrl).toContain("format=csv");
    expect(data.preview.kind).toBe("rows");
    expect(data.preview.rows).toHaveLength(3);
    const csv = await (await requestRoute.loader({ request: new Request(data.queryUrl), params: {}, context: {} }) as Response).text();
    expect(csv.trim().split(/\r?\n/)).toHaveLength(4);
  });

  it("gives no URL and the spec's message while no field is chosen; a source change resets the rest", async () => {
    const s = await signedInCompany();
    const search = builderSearch(s.source.id);
    search.delete("metric");
    search.delete("dimension");
    const data = await (await settle(() => builder.loader({ request: get(`/data-connector/api?${search}`, { cookie: s.cookie }), params: {}, context: {} }))).json();
    expect(data.queryUrl).toBeNull();
    expect(data.view.errors.fields).toBe("You have to add at least one metric or dimension.");
    const changed = builderSearch(s.source.id, { prev_source: "999" });
    const reset = await (await settle(() => builder.loader({ request: get(`/data-connector/api?${changed}`, { cookie: s.cookie }), params: {}, context: {} }))).json();
    expect(reset.view.state.metrics).toEqual([]);
    expect(reset.view.state.format).toBe("csv");
  });

  it("saves, loads and deletes a query; the name is required", async () => {
    const s = await signedInCompany();
    const state = builderSearch(s.source.id).toString();
    const bad = await settle(() => builder.action({ request: formPost("/data-connector/api", { intent: "save", name: " ", state }, { cookie: s.cookie }), params: {}, context: {} }));
    expect(bad.status).toBe(400);
    const ok = await settle(() => builder.action({ request: formPost("/data-connector/api", { intent: "save", name: "Weekly clicks", state }, { cookie: s.cookie }), params: {}, context: {} }));
    expect(ok.status).toBe(302);
    const [saved] = await listSavedQueries(db, s.company.id);
    expect(saved.name).toBe("Weekly clicks");
    expect(saved.json).toMatchObject({ source: "demo", metrics: ["clicks"], dimensions: ["date"], date: "CUSTOM", accounts: [{ id: "demo-paris", authorization_id: s.source.id }] });
    expect(ok.headers.get("location")).toBe(`/data-connector/api/${saved.id}`);
    const loaded = await (await settle(() => savedRoute.loader({ request: get(`/data-connector/api/${saved.id}?format=powerbi`, { cookie: s.cookie }), params: { id: String(saved.id) }, context: {} }))).json();
    expect(loaded.view.state.metrics).toEqual(["clicks"]);
    expect(loaded.hideApiKey).toBe(true);
    expect(loaded.queryUrl).toContain("format=powerbi");
    const deleted = await settle(() => builder.action({ request: formPost("/data-connector/api", { intent: "delete", id: String(saved.id) }, { cookie: s.cookie }), params: {}, context: {} }));
    expect(deleted.status).toBe(302);
    expect(await listSavedQueries(db, s.company.id)).toHaveLength(0);
  });

  it("refuses another company's saved query and source (404, nothing leaked)", async () => {
    const a = await signedInCompany();
    const b = await signedInCompany();
    const theirs = await createSavedQuery(db, b.company.id, { name: "Their secret query", json: { source: "demo", accounts: [{ id: "demo-paris", authorization_id: b.source.id }] } });
    const view = await settle(() => savedRoute.loader({ request: get(`/data-connector/api/${theirs.id}`, { cookie: a.cookie }), params: { id: String(theirs.id) }, context: {} }));
    expect(view.status).toBe(404);
    expect(await view.text()).not.toContain("Their secret query");
    const del = await settle(() => builder.action({ request: formPost("/data-connector/api", { intent: "delete", id: String(theirs.id) }, { cookie: a.cookie }), params: {}, context: {} }));
    expect(del.status).toBe(404);
    expect(await listSavedQueries(db, b.company.id)).toHaveLength(1);
    const upd = await settle(() => savedRoute.action({ request: formPost(`/data-connector/api/${theirs.id}`, { intent: "save", name: "x", state: builderSearch(a.source.id).toString() }, { cookie: a.cookie }), params: { id: String(theirs.id) }, context: {} }));
    expect(upd.status).toBe(404);
    const withTheirSource = await (await settle(() => builder.loader({ request: get(`/data-connector/api?${builderSearch(b.source.id)}`, { cookie: a.cookie }), params: {}, context: {} }))).json();
    expect(withTheirSource.view.state.authorizationId).toBeNull();
    expect(withTheirSource.queryUrl).toBeNull();
    expect(JSON.stringify(withTheirSource)).not.toContain("Maison");
  });
});

describe("API key rotation", () => {
  it("rotates from settings; the old key stops at once", async () => {
    const s = await signedInCompany();
    const oldKey = revealApiKey(s.company);
    const res = await settle(() => rotate.action({ request: formPost("/settings/api-key", { intent: "rotate" }, { cookie: s.cookie }), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings");
    const newKey = revealApiKey((await getCompany(db, s.company.id))!);
    expect(newKey).not.toBe(oldKey);
    const search = new URLSearchParams({ platform: "demo", metrics: "clicks", date: "YESTERDAY", accounts: JSON.stringify([{ id: "demo-paris", authorization_id: s.source.id }]), apikey: oldKey });
    const stale = (await requestRoute.loader({ request: new Request(`http://localhost:3000/api/request?${search}`), params: {}, context: {} })) as Response;
    expect(stale.status).toBe(401);
    search.set("apikey", newKey);
    const fresh = (await requestRoute.loader({ request: new Request(`http://localhost:3000/api/request?${search}`), params: {}, context: {} })) as Response;
    expect(fresh.status).toBe(200);
    await fresh.text();
  });
});

describe("BI pages", () => {
  it("lists saved queries for Power BI with a powerbi URL, deletes only the company's own", async () => {
    const a = await signedInCompany();
    const b = await signedInCompany();
    const state = builderSearch(a.source.id).toString();
    await settle(() => builder.action({ request: formPost("/data-connector/api", { intent: "save", name: "For Power BI", state }, { cookie: a.cookie }), params: {}, context: {} }));
    const theirs = await createSavedQuery(db, b.company.id, { name: "Theirs", json: { source: "demo", accounts: [] } });
    const list = await (await settle(() => powerBi.loader({ request: get("/data-connector/power-bi", { cookie: a.cookie }), params: {}, context: {} }))).json();
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(["For Power BI"]);
    const powerbiUrl = list.rows[0].url as string;
    expect(powerbiUrl).toContain("format=powerbi");
    const body = await ((await requestRoute.loader({ request: new Request(powerbiUrl), params: {}, context: {} })) as Response).json();
    expect(body.value.length).toBe(3);
    const foreign = await settle(() => powerBi.action({ request: formPost("/data-connector/power-bi", { intent: "delete", id: String(theirs.id) }, { cookie: a.cookie }), params: {}, context: {} }));
    expect(foreign.status).toBe(404);
    expect(await listSavedQueries(db, b.company.id)).toHaveLength(1);
  });

  it("searches the Looker Studio catalogue by name or category, with the empty text's condition", async () => {
    const a = await signedInCompany();
    const all = await (await settle(() => looker.loader({ request: get("/data-connector/looker-studio", { cookie: a.cookie }), params: {}, context: {} }))).json();
    expect(all.connectors.length).toBeGreaterThan(50);
    expect(all.connectors[0].id).toBe("google-ads");
    const crm = await (await settle(() => looker.loader({ request: get("/data-connector/looker-studio?q=crm", { cookie: a.cookie }), params: {}, context: {} }))).json();
    expect(crm.connectors.length).toBeGreaterThan(0);
    expect(crm.connectors.every((c: { category: string; name: string }) => c.category === "CRM" || /crm/i.test(c.name))).toBe(true);
    const none = await (await settle(() => looker.loader({ request: get("/data-connector/looker-studio?q=zzzz-nothing", { cookie: a.cookie }), params: {}, context: {} }))).json();
    expect(none.connectors).toEqual([]);
  });

  it("redirect landing: signed-in users go on to an allowed target; others see the sign-in or 'No redirection'", async () => {
    const a = await signedInCompany();
    const target = "https://lookerstudio.google.com/datasources/create?connectorId=abc";
    const go = await settle(() => landing.loader({ request: get(`/redirect?${new URLSearchParams({ redirectTo: target, type: "POWER_BI" })}`, { cookie: a.cookie }), params: {}, context: {} }));
    expect(go.status).toBe(302);
    expect(go.headers.get("location")).toBe(target);
    const anonymous = await (await settle(() => landing.loader({ request: get(`/redirect?${new URLSearchParams({ redirectTo: target })}`), params: {}, context: {} }))).json();
    expect(anonymous.target).toBe(target);
    expect(anonymous.type).toBe("LOOKER_STUDIO");
    const evil = await (await settle(() => landing.loader({ request: get(`/redirect?redirectTo=https://evil.example/`, { cookie: a.cookie }), params: {}, context: {} }))).json();
    expect(evil.target).toBeNull();
    expect(evil.rejected).toBe(true);
    const nothing = await (await settle(() => landing.loader({ request: get(`/redirect`), params: {}, context: {} }))).json();
    expect(nothing.target).toBeNull();
    expect(nothing.rejected).toBe(false);
  });

  it("template use page lists only the company's accounts and builds the account string", async () => {
    const a = await signedInCompany();
    const b = await signedInCompany();
    const link = "https://docs.google.com/spreadsheets/d/1TemplateId/edit";
    const search = new URLSearchParams([["templateLink", link], ["step", "1"], ["account", `${a.source.id}:demo-paris`], ["account", `${b.source.id}:demo-paris`]]);
    const data = await (await settle(() => templateUse.loader({ request: get(`/templates/GOOGLE_SHEETS/use?${search}`, { cookie: a.cookie }), params: { templateType: "GOOGLE_SHEETS" }, context: {} }))).json();
    expect(data.step).toBe(1);
    expect(JSON.parse(data.accountString)).toEqual([{ id: "demo-paris", authorization_id: a.source.id }]);
    expect(data.downloadUrl).toBe("https://drive.google.com/uc?export=download&id=1TemplateId");
    const bad = await (await settle(() => templateUse.loader({ request: get(`/templates/GOOGLE_SHEETS/use?templateLink=https://example.com/x`, { cookie: a.cookie }), params: { templateType: "GOOGLE_SHEETS" }, context: {} }))).json();
    expect(bad.linkError).toBe("Invalid Google Drive share URL");
    expect(bad.step).toBe(0);
  });
});
