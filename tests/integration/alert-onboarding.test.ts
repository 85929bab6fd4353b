// The alert onboarding wizard (/data-sources/add, spec 3 §2.9) called directly: the account step
// (list capped to 100, search, validation, data source creation), the template toggles, the live
// preview, Save (account and company monitored), the connect round trip back into the wizard,
// and another company's sources and accounts answering 404 with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { listAssignees, listConfiguredFors } from "../../db/repositories/alerts.js";
import { getCompany } from "../../db/repositories/companies.js";
import { createDataSource, getDataSource, listDataSources } from "../../db/repositories/data-sources.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { campaignsOf, DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";
import { createUserSession } from "~/services/session.server";
import { createTestDatabase } from "../support/database.js";
import { makeAlert, thresholdDefinition } from "../support/alerts.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";

let db: DB;
let drop: () => Promise<void>;
let wizard: typeof import("~/routes/_app.data-sources.add");
let credentialForm: typeof import("~/routes/$credentialForm");
let oauthResponse: typeof import("~/routes/oauth2.authorize.$platform.response");
let index: typeof import("~/routes/_app._index");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  process.env.TEMPORAL_ADDRESS = "127.0.0.1:1"; // the immediate evaluation is unreachable: saving must still work
  wizard = await import("~/routes/_app.data-sources.add");
  credentialForm = await import("~/routes/$credentialForm");
  oauthResponse = await import("~/routes/oauth2.authorize.$platform.response");
  index = await import("~/routes/_app._index");
});
afterAll(async () => {
  delete process.env.TEMPORAL_ADDRESS;
  await drop();
});

const demoAccounts = DEMO_ACCOUNTS.map((a) => ({ accountId: a.id, name: a.name, timezone: a.timezone, currency: a.currency }));

/** A company that does not monitor yet, with a demo source (nothing activated) and a demo template. */
async function makeOnboardingCompany(opts: { accounts?: typeof demoAccounts } = {}) {
  const { company, user } = await makeCompanyWithUser(db, { activateAlert: false });
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" }, availableDataSources: opts.accounts ?? demoAccounts, createdById: user.id });
  const cookie = cookiesFrom(await createUserSession({ userId: user.id, remember: false, redirectTo: "/" }));
  return { company, user, source, cookie };
}

const load = (path: string, cookie: string) => settle(() => wizard.loader({ request: get(path, { cookie }), params: {}, context: {} }));
const post = (path: string, fields: Record<string, string>, cookie: string) => settle(() => wizard.action({ request: formPost(path, fields, { cookie }), params: {}, context: {} }));

describe("alert onboarding wizard", () => {
  it("walks Create account, Activate alert, Preview and Save, ending with a monitored account", async () => {
    const { company, user, source, cookie } = await makeOnboardingCompany();
    // A template on another account of the company's demo source (the template service's list).
    const other = await makeCompanyAccount(company.id, source.id, "demo-tokyo");
    const { sentry } = await makeAlert(db, company.id, other, thresholdDefinition("demo-tokyo", other, 1, { level: "CAMPAIGN" }), { title: "Spend template", template: true });

    const first = await (await load("/data-sources/add", cookie)).json();
    expect(first).toMatchObject({ step: "account", index: 0, chosen: null });
    expect(first.sources.map((s: { id: number }) => s.id)).toEqual([source.id]);
    expect(first.platforms.map((p: { id: string }) => p.id)).toContain("demo");

    const chosen = await (await load(`/data-sources/add?source=${source.id}`, cookie)).json();
    expect(chosen.chosen.accounts.map((a: { accountId: string }) => a.accountId)).toEqual(DEMO_ACCOUNTS.map((a) => a.id));
    const searched = await (await load(`/data-sources/add?source=${source.id}&q=${encodeURIComponent("kaze")}`, cookie)).json();
    expect(searched.chosen.accounts).toEqual([{ accountId: "demo-tokyo", name: "Kaze Gadgets (Tokyo)", dataSourceId: other, protected: true }]);

    // Next without an account, or with one the source does not offer: a field error, nothing created.
    const before = (await listDataSources(db, company.id)).length;
    const empty = await post("/data-sources/add", { intent: "account", sourceId: String(source.id) }, cookie);
    expect(empty.status).toBe(400);
    expect((await empty.json()).result.error.accountId).toEqual(["Please select an account"]);
    const unknown = await post("/data-sources/add", { intent: "account", sourceId: String(source.id), accountId: "demo-nowhere" }, cookie);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).result.error.accountId).toEqual(["This account is not available on this source."]);
    expect((await listDataSources(db, company.id)).length).toBe(before);

    const next = await post("/data-sources/add", { intent: "account", sourceId: String(source.id), accountId: "demo-london" }, cookie);
    expect(next.status).toBe(302);
    const created = (await listDataSources(db, company.id)).find((d) => d.accountId === "demo-london")!;
    expect(created).toMatchObject({ name: "Chapter & Verse Books (London)", timezone: "Europe/London", currency: "GBP" });
    expect(created.activateAlert).not.toBe(true); // monitored only once saved
    expect(next.headers.get("location")).toBe(`/data-sources/add?step=alert&client=${created.id}`);
    // Choosing it again reuses the same data source.
    const again = await post("/data-sources/add", { intent: "account", sourceId: String(source.id), accountId: "demo-london" }, cookie);
    expect(again.headers.get("location")).toBe(`/data-sources/add?step=alert&client=${created.id}`);
    expect((await listDataSources(db, company.id)).filter((d) => d.accountId === "demo-london")).toHaveLength(1);

    const alertStep = await (await load(`/data-sources/add?step=alert&client=${created.id}`, cookie)).json();
    expect(alertStep).toMatchObject({ step: "alert", index: 1, client: { id: created.id, name: created.name, platformName: "Demo Ads" } });
    expect(alertStep.templates).toContainEqual(expect.objectContaining({ id: sentry.id, title: "Spend template", usedByCurrentDataSource: false }));

    // Save before any alert is active: refused, nothing monitored.
    const early = await post(`/data-sources/add?step=preview&client=${created.id}`, { intent: "save", client: String(created.id) }, cookie);
    expect(early.status).toBe(400);
    expect((await early.json()).failure.message).toBe("Activate at least one alert to protect this account.");
    expect((await getDataSource(db, company.id, created.id))!.activateAlert).not.toBe(true);

    const toggled = await post(`/data-sources/add?step=alert&client=${created.id}`, { intent: "toggle-template", sentryId: String(sentry.id), on: "1", fetcher: "1" }, cookie);
    expect(toggled.status).toBe(200);
    expect(await listConfiguredFors(db, company.id, { dataSourceId: created.id })).toEqual([expect.objectContaining({ sentryId: sentry.id })]);
    // Activating an alert on an account nobody watches assigns the user who did it (issue 18).
    expect((await listAssignees(db, company.id, created.id)).map((a) => a.id)).toEqual([user.id]);
    // Saving assigns them too when nobody is (here: removed meanwhile).
    await db.deleteFrom("dataSourceAssignees").where("dataSourceId", "=", created.id).execute();

    const preview = await (await load(`/data-sources/add?step=preview&client=${created.id}`, cookie)).json();
    expect(preview.step).toBe("preview");
    expect(preview.preview).toHaveLength(1);
    const [row] = preview.preview;
    expect(row).toMatchObject({ title: "Spend template", type: "metric", error: null });
    // Live demo data: every campaign of the London account analysed; spend above 1 on 7 days fires on the running ones.
    const campaigns = campaignsOf("demo-london");
    expect(row.analysed).toBe(campaigns.length);
    expect(row.anomalies).toBe(campaigns.filter((c) => c.status === "ENABLED").length);

    const saved = await post(`/data-sources/add?step=preview&client=${created.id}`, { intent: "save", client: String(created.id) }, cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/clients/${created.id}`);
    expect(saved.headers.get("set-cookie")).toContain("__sp_toast");
    expect((await getDataSource(db, company.id, created.id))!.activateAlert).toBe(true);
    expect((await getCompany(db, company.id))!.activateAlert).toBe(true);
    // Someone is always notified (issue 18): the user who saved is assigned to the new client.
    expect((await listAssignees(db, company.id, created.id)).map((a) => a.id)).toEqual([user.id]);
    // The index rule: the company now monitors accounts, so / shows the dashboard with the new client.
    const home = await settle(() => index.loader({ request: get("/", { cookie }), params: {}, context: {} }));
    expect(home.status).toBe(200);
    const dashboard = await home.json();
    expect(dashboard.clients.map((c: { id: number }) => c.id)).toContain(created.id);
  });

  it("caps the account list to 100 and counts the rest", async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ accountId: `acc-${String(i).padStart(3, "0")}`, name: `Shop ${String(i).padStart(3, "0")}`, timezone: "UTC", currency: "EUR" }));
    const { source, cookie } = await makeOnboardingCompany({ accounts: many });
    const page = await (await load(`/data-sources/add?source=${source.id}`, cookie)).json();
    expect(page.chosen.accounts).toHaveLength(100);
    expect(page.chosen.matching).toBe(150);
    const narrowed = await (await load(`/data-sources/add?source=${source.id}&q=shop%2014`, cookie)).json();
    expect(narrowed.chosen.accounts.map((a: { name: string }) => a.name)).toEqual([...Array.from({ length: 10 }, (_, i) => `Shop ${140 + i}`)]);
  });

  it("connects a new source through the sources flow and comes back to the wizard with it chosen", async () => {
    const { company, cookie } = await makeOnboardingCompany();
    const bad = await post("/data-sources/add?connect=demo", { intent: "connect", platform: "demo", name: "" }, cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).result.error.name).toEqual(["You need to set a name to the source."]);

    const started = await post("/data-sources/add?connect=demo", { intent: "connect", platform: "demo", name: "Onboarded demo", mode: "page" }, cookie);
    expect(started.status).toBe(302);
    const formUrl = new URL(started.headers.get("location")!, "http://localhost:3000");
    expect(formUrl.pathname).toBe("/demo");
    expect(formUrl.searchParams.get("from")).toBe("alert-onboarding");
    const submitted = await settle(() =>
      credentialForm.action({ request: formPost("/demo", { state: formUrl.searchParams.get("state")!, from: "alert-onboarding", consumerKey: "demo" }, { cookie }), params: { credentialForm: "demo" }, context: {} }),
    );
    expect(submitted.status).toBe(302);
    const back = submitted.headers.get("location")!;
    const returned = await settle(() => oauthResponse.loader({ request: get(back, { cookie }), params: { platform: "demo" }, context: {} }));
    expect(returned.status).toBe(302);
    const sources = await db.selectFrom("networkAuthorizations").select(["id", "name"]).where("companyId", "=", company.id).where("name", "=", "Onboarded demo").execute();
    expect(sources).toHaveLength(1);
    expect(returned.headers.get("location")).toBe(`/data-sources/add?source=${sources[0].id}`);
  });

  it("answers 404 for another company's source and account, and changes nothing", async () => {
    const mine = await makeOnboardingCompany();
    const theirs = await makeOnboardingCompany();
    const theirAccount = await makeCompanyAccount(theirs.company.id, theirs.source.id, "demo-paris");
    const { sentry } = await makeAlert(db, theirs.company.id, theirAccount, thresholdDefinition("demo-paris", theirAccount, 1), { title: "Their template", template: true });

    for (const path of [`/data-sources/add?source=${theirs.source.id}`, `/data-sources/add?step=alert&client=${theirAccount}`, `/data-sources/add?step=preview&client=${theirAccount}`]) {
      const res = await load(path, mine.cookie);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("Demo Ads");
    }
    const pick = await post("/data-sources/add", { intent: "account", sourceId: String(theirs.source.id), accountId: "demo-london" }, mine.cookie);
    expect(pick.status).toBe(404);
    const toggle = await post(`/data-sources/add?step=alert&client=${theirAccount}`, { intent: "toggle-template", sentryId: String(sentry.id), on: "0" }, mine.cookie);
    expect(toggle.status).toBe(404);
    const save = await post(`/data-sources/add?step=preview&client=${theirAccount}`, { intent: "save", client: String(theirAccount) }, mine.cookie);
    expect(save.status).toBe(404);
    // Their template on my account: not mine to activate.
    const myAccount = await makeCompanyAccount(mine.company.id, mine.source.id, "demo-paris");
    const foreignTemplate = await post(`/data-sources/add?step=alert&client=${myAccount}`, { intent: "toggle-template", sentryId: String(sentry.id), on: "1" }, mine.cookie);
    expect(foreignTemplate.status).toBe(404);

    expect(await listDataSources(db, theirs.company.id)).toHaveLength(1);
    expect((await getDataSource(db, theirs.company.id, theirAccount))!.activateAlert).toBe(true);
    expect(await listConfiguredFors(db, theirs.company.id)).toHaveLength(1);
    expect(await listConfiguredFors(db, mine.company.id)).toHaveLength(0);
    expect((await getCompany(db, mine.company.id))!.activateAlert).toBe(false);
  });
});

async function makeCompanyAccount(companyId: number, sourceId: number, accountId: string): Promise<number> {
  const account = DEMO_ACCOUNTS.find((a) => a.id === accountId)!;
  const row = await createDataSource(db, companyId, { networkAuthorizationId: sourceId, accountId, name: account.name, timezone: account.timezone, currency: account.currency, activateAlert: true });
  return row.id;
}
