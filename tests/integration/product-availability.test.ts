// product_available (decision 0515) on the real Temporal dev server: activated from /ads, the
// check (checkProducts, scheduled daily and started at once by the activation) stores each
// activated account's Shopping products; the page lists them with the advertised out-of-stock
// ones first; the Ads card counts them as anomalies; accounts without the activation are not
// asked; another company's client answers 404.
import type { Client } from "@temporalio/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { activateProductCheck, getCheckRun, listShoppingProducts } from "../../db/repositories/checks.js";
import { demoProducts } from "../../engine/connectors/demo/model.js";
import { DEMO_COMPANY_NAME, seedDemo } from "../../server/seed/index.js";
import { ensureAlertSchedules } from "../../temporal/alert-schedules.js";
import { createCheckActivities } from "../../temporal/activities/checks.js";
import { demoConnector } from "../../engine/connectors/demo/connector.js";
import { PRODUCT_CHECK_SCHEDULE_ID } from "../../temporal/shared.js";
import { makeMonitoredCompany } from "../support/alerts.js";
import { formPost, get, settle } from "../support/requests.js";
import { routeArgs as args, sessionCookie as cookieFor } from "../support/routes.js";
import { startWorkerHarness, type WorkerHarness } from "../support/worker-harness.js";
import { activityDeps } from "../../temporal/activities/deps.js";

let harness: WorkerHarness;
let db: DB;
let client: Client;
let taskQueue: string;
let products: typeof import("~/routes/_app.clients.$clientId.options.product-availability");
let ads: typeof import("~/routes/_app.clients.$clientId.ads");
let clientHome: typeof import("~/routes/_app.clients.$clientId._index");

beforeAll(async () => {
  harness = await startWorkerHarness("products");
  ({ db, client, taskQueue } = harness);
  products = await import("~/routes/_app.clients.$clientId.options.product-availability");
  ads = await import("~/routes/_app.clients.$clientId.ads");
  clientHome = await import("~/routes/_app.clients.$clientId._index");
});
afterAll(() => harness.stop());

describe("product availability check", () => {
  it("is activated on /ads, runs at once, and shows the advertised out-of-stock product", async () => {
    const { company, user, sources } = await makeMonitoredCompany(db, { accounts: ["demo-paris", "demo-london"] });
    const cookie = await cookieFor(user.id);
    const [paris, london] = sources;
    const params = { clientId: String(paris.id) };

    const before = await (await settle(() => ads.loader(args(get(`/clients/${paris.id}/ads`, { cookie }), params)))).json();
    expect(before.productAvailable).toMatchObject({ activated: false, inError: 0, total: 0, checkedAt: null });
    // Not activated: Check now does not start anything.
    const early = await settle(() => products.action(args(formPost(`/clients/${paris.id}/options/product-availability`, { intent: "check" }, { cookie }), params)));
    expect(early.status).toBe(302);
    expect(await getCheckRun(db, company.id, paris.id, "product")).toBeUndefined();

    const activate = await settle(() => ads.action(args(formPost(`/clients/${paris.id}/ads`, { intent: "product_available" }, { cookie }), params)));
    expect(activate.status).toBe(302);
    expect(activate.headers.get("location")).toBe(`/clients/${paris.id}/options/product-availability`);
    const expected = demoProducts("demo-paris");
    await expect.poll(async () => (await listShoppingProducts(db, company.id, paris.id)).length, { timeout: 20_000 }).toBe(expected.length);
    // Twice is a no-op.
    const again = await settle(() => ads.action(args(formPost(`/clients/${paris.id}/ads`, { intent: "product_available" }, { cookie }), params)));
    expect(again.headers.get("location")).toBe(`/clients/${paris.id}/ads`);

    // The scheduled workflow visits only the activated account.
    const run = await client.workflow.execute("checkProducts", { taskQueue, workflowId: `products-it-${Date.now()}`, args: [{ companyId: company.id }] });
    const anomalies = expected.filter((p) => p.advertised && p.availability !== "IN_STOCK");
    expect(anomalies.length).toBeGreaterThan(0);
    expect(run).toEqual({ kind: "product", accounts: 1, items: expected.length, inError: anomalies.length, failed: 0 });
    expect(await listShoppingProducts(db, company.id, london.id)).toEqual([]);

    const page = await (await settle(() => products.loader(args(get(`/clients/${paris.id}/options/product-availability`, { cookie }), params)))).json();
    expect(page).toMatchObject({ offered: true, activated: true, error: null });
    expect(page.checkedAt).not.toBeNull();
    expect(page.rows[0]).toMatchObject({ title: anomalies[0].title, availability: "OUT_OF_STOCK", advertised: true, inError: true });
    expect(page.rows.map((r: { productId: string }) => r.productId).sort()).toEqual(expected.map((p) => p.productId).sort());

    const adsPage = await (await settle(() => ads.loader(args(get(`/clients/${paris.id}/ads`, { cookie }), params)))).json();
    expect(adsPage.productAvailable).toMatchObject({ activated: true, inError: anomalies.length, total: expected.length });
    const home = await (await settle(() => clientHome.loader(args(get(`/clients/${paris.id}`, { cookie }), params)))).json();
    expect(home.automatic.find((c: { key: string }) => c.key === "ads")).toMatchObject({ on: anomalies.length, total: expected.length });
    const londonHome = await (await settle(() => clientHome.loader(args(get(`/clients/${london.id}`, { cookie }), { clientId: String(london.id) })))).json();
    expect(londonHome.automatic.find((c: { key: string }) => c.key === "ads")).toMatchObject({ on: 0, total: 0 });
  });

  it("a new answer replaces the stored products; a platform error keeps them and records the error", async () => {
    const { company, user, dataSource } = await makeMonitoredCompany(db);
    let fail = false;
    let availability = "IN_STOCK";
    const connector = {
      ...demoConnector,
      async listProducts() {
        if (fail) throw new Error("Merchant Center link removed");
        return [{ productId: "m:1", title: "Boots", availability, advertised: true }, { productId: "m:2", title: "Hat", availability: "OUT_OF_STOCK", advertised: false }];
      },
    };
    const activities = createCheckActivities(activityDeps({ db, getConnector: () => connector }));
    // Not activated yet: the account is not asked.
    expect(await activities.runAutomaticCheck({ kind: "product", companyId: company.id })).toMatchObject({ accounts: 0 });
    await activateProductCheck(db, company.id, dataSource.id, user.id);
    expect(await activities.runAutomaticCheck({ kind: "product", companyId: company.id })).toMatchObject({ accounts: 1, items: 2, inError: 0 });
    availability = "PREORDER";
    expect(await activities.runAutomaticCheck({ kind: "product", companyId: company.id })).toMatchObject({ accounts: 1, items: 2, inError: 1 });
    fail = true;
    expect(await activities.runAutomaticCheck({ kind: "product", companyId: company.id })).toMatchObject({ accounts: 1, failed: 1 });
    expect(await listShoppingProducts(db, company.id, dataSource.id)).toEqual([
      { productId: "m:1", title: "Boots", availability: "PREORDER", advertised: true, costYesterday: null },
      { productId: "m:2", title: "Hat", availability: "OUT_OF_STOCK", advertised: false, costYesterday: null },
    ]);
    expect(await getCheckRun(db, company.id, dataSource.id, "product")).toMatchObject({ error: "Merchant Center link removed", inError: 1, total: 2 });
  });

  it("the demo seed activates it on the demo company's first monitored demo account, once", async () => {
    await seedDemo(db);
    await seedDemo(db);
    const rows = await db.selectFrom("productCheckActivations as p").innerJoin("companies as c", "c.id", "p.companyId").select(["p.dataSourceId", "c.name"]).execute();
    expect(rows.filter((r) => r.name === DEMO_COMPANY_NAME)).toHaveLength(1);
  });

  it("creates the daily product schedule at worker start", async () => {
    await ensureAlertSchedules(client);
    expect((await client.schedule.getHandle(PRODUCT_CHECK_SCHEDULE_ID).describe()).action).toMatchObject({ type: "startWorkflow", workflowType: "checkProducts" });
  });

  it("answers 404 for another company's client and leaks nothing", async () => {
    const a = await makeMonitoredCompany(db);
    const b = await makeMonitoredCompany(db);
    const cookie = await cookieFor(b.user.id);
    const foreign = { clientId: String(a.dataSource.id) };
    for (const res of [
      await settle(() => products.loader(args(get(`/clients/${a.dataSource.id}/options/product-availability`, { cookie }), foreign))),
      await settle(() => products.action(args(formPost(`/clients/${a.dataSource.id}/options/product-availability`, { intent: "check" }, { cookie }), foreign))),
      await settle(() => ads.action(args(formPost(`/clients/${a.dataSource.id}/ads`, { intent: "product_available" }, { cookie }), foreign))),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Trail jacket");
    }
    expect(await db.selectFrom("productCheckActivations").select("dataSourceId").where("dataSourceId", "=", a.dataSource.id).execute()).toEqual([]);
  });
});
