import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, ORIGIN, settle } from "../support/requests.js";
import { startStripeMock } from "../fakes/stripe/stripe-mock.js";
import { signStripePayload, stripeEventFixture } from "../fakes/stripe/webhooks.js";
import type { DB } from "../../db/connection.js";
import { resetEnvCache } from "../../lib/env.js";
import { createUserSession } from "~/services/session.server";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { checkExtractionAllowed, ExtractionBlockedError, recordAccountUsage } from "../../db/repositories/usage.js";

const WEBHOOK_SECRET = "whsec_test_signalpost";
let db: DB;
let drop: () => Promise<void>;
let stopStripe: () => Promise<void>;
let buy: typeof import("~/routes/_app.buy");
let billingSpace: typeof import("~/routes/_app.billing-space");
let webhook: typeof import("~/routes/webhooks.stripe");
let appLayout: typeof import("~/routes/_app");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  const mock = await startStripeMock();
  stopStripe = mock.stop;
  process.env.STRIPE_SECRET_KEY = "sk_test_123";
  process.env.STRIPE_API_BASE_URL = mock.url;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  resetEnvCache();
  buy = await import("~/routes/_app.buy");
  billingSpace = await import("~/routes/_app.billing-space");
  webhook = await import("~/routes/webhooks.stripe");
  appLayout = await import("~/routes/_app");
});
afterAll(async () => {
  await stopStripe?.();
  await drop();
});

const args = (request: Request) => ({ request, params: {}, context: {} });
const cookieFor = async (userId: number) => cookiesFrom(await createUserSession({ userId, remember: false, redirectTo: "/" }));

function webhookRequest(payload: string, signature: string | null): Request {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature) headers.set("stripe-signature", signature);
  return new Request(`${ORIGIN}/webhooks/stripe`, { method: "POST", headers, body: payload });
}
async function deliver(payload: string, signature = signStripePayload(payload, WEBHOOK_SECRET)) {
  return settle(() => webhook.action(args(webhookRequest(payload, signature))));
}
const companyRow = (id: number) => db.selectFrom("companies").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function addAccounts(companyId: number, n: number): Promise<number[]> {
  const auth = await createNetworkAuthorization(db, companyId, { name: "Demo", platform: "demo", credential: { apiKey: "x" } });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await createDataSource(db, companyId, { networkAuthorizationId: auth.id, accountId: `acc-${i}`, name: `Account ${i}` } as never)).id);
  return ids;
}

describe("checkout against stripe-mock", () => {
  it("creates a Checkout session for a known plan and sends the browser to Stripe", async () => {
    const { user } = await makeCompanyWithUser(db);
    const res = await settle(() => buy.action(args(formPost("/buy", { plan: "medium", interval: "year", currency: "eur" }, { cookie: "" }))).catch((e) => e));
    expect(res.status).toBe(302); // signed out: to /login
    const ok = await settle(async () => buy.action(args(formPost("/buy", { plan: "medium", interval: "year", currency: "eur" }, { cookie: await cookieFor(user.id) }))));
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it("refuses an unknown plan, interval or currency with 400 and calls nothing", async () => {
    const { user } = await makeCompanyWithUser(db);
    const cookie = await cookieFor(user.id);
    for (const body of [{ plan: "platinum", interval: "month", currency: "usd" }, { plan: "starter", interval: "month", currency: "usd" }, { plan: "basic", interval: "week", currency: "usd" }, { plan: "basic", interval: "month", currency: "gbp" }]) {
      const res = await settle(() => buy.action(args(formPost("/buy", body, { cookie }))));
      expect(res.status).toBe(400);
    }
  });

  it("shows the five plans with spec prices and the 30-day usage", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const ids = await addAccounts(company.id, 4);
    await recordAccountUsage(db, company.id, ids, "query-url");
    const res = await settle(async () => buy.loader(args(get("/buy", { cookie: await cookieFor(user.id) }))));
    const body = await res.json();
    expect(body.used).toBe(4);
    expect(body.plans.map((p: { id: string }) => p.id)).toEqual(["basic", "small", "medium", "business", "agency"]);
    const agency = body.plans.find((p: { id: string }) => p.id === "agency");
    expect(agency.prices).toEqual({ month: { eur: 149.99, usd: 164.99 }, year: { eur: 1449.9, usd: 1649.9 } });
    expect(agency.maxAccounts).toBe(50);
  });
});

describe("Stripe webhook", () => {
  it("keeps subscription id, state and plan in sync, processes each event once, and shows the banners", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const vars = { companyId: company.id, customerId: `cus_${company.id}`, subscriptionId: `sub_${company.id}` };
    const completed = stripeEventFixture("checkout.session.completed", { ...vars, eventId: `evt_c_${company.id}` });
    expect((await (await deliver(completed)).json()).status).toBe("processed");
    let row = await companyRow(company.id);
    expect(row).toMatchObject({ stripeCustomerId: vars.customerId, stripeSubscriptionId: vars.subscriptionId, stripeSubscriptionState: "active", stripePlan: "basic", stripeSubscriptionNumberDataSource: 3 });

    const updated = stripeEventFixture("customer.subscription.updated", { ...vars, eventId: `evt_u_${company.id}` });
    await deliver(updated);
    row = await companyRow(company.id);
    expect(row).toMatchObject({ stripePlan: "small", stripeSubscriptionNumberDataSource: 5, stripeInterval: "month", stripeCurrency: "usd" });

    // A replay of an older event changes nothing.
    await db.updateTable("companies").set({ stripePlan: "agency" }).where("id", "=", company.id).execute();
    const replay = await deliver(updated);
    expect(replay.status).toBe(200);
    expect((await replay.json()).status).toBe("duplicate");
    expect((await companyRow(company.id)).stripePlan).toBe("agency");
    await db.updateTable("companies").set({ stripePlan: "small" }).where("id", "=", company.id).execute();

    await deliver(stripeEventFixture("invoice.payment_failed", { ...vars, eventId: `evt_f_${company.id}` }));
    expect((await companyRow(company.id)).stripeSubscriptionState).toBe("past_due");
    const shell = await settle(async () => appLayout.loader(args(get("/buy", { cookie: await cookieFor(user.id) }))));
    const shellBody = await shell.json();
    expect(shellBody.banners.map((b: { kind: string }) => b.kind)).toContain("payment-problem");
    expect(shellBody.company.subscribed).toBe(true);

    await deliver(stripeEventFixture("customer.subscription.deleted", { ...vars, eventId: `evt_d_${company.id}` }));
    row = await companyRow(company.id);
    expect(row).toMatchObject({ stripeSubscriptionId: null, stripeSubscriptionState: "canceled", stripePlan: null });
  });

  it("rejects a bad or missing signature and a tampered payload, changing nothing", async () => {
    const { company } = await makeCompanyWithUser(db);
    const payload = stripeEventFixture("checkout.session.completed", { companyId: company.id, eventId: `evt_bad_${company.id}` });
    expect((await deliver(payload, signStripePayload(payload, "whsec_wrong"))).status).toBe(400);
    expect((await settle(() => webhook.action(args(webhookRequest(payload, null))))).status).toBe(400);
    const tampered = payload.replace('"basic"', '"agency"');
    expect((await deliver(tampered, signStripePayload(payload, WEBHOOK_SECRET))).status).toBe(400);
    const old = signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(payload, old)).status).toBe(400);
    expect((await companyRow(company.id)).stripeSubscriptionId).toBeNull();
    expect(await db.selectFrom("stripeEvents").select("id").where("id", "=", `evt_bad_${company.id}`).executeTakeFirst()).toBeUndefined();
  });

  it("opens the Billing Portal for a customer and changes plan on an existing subscription (stripe-mock)", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const cookie = await cookieFor(user.id);
    const noCustomer = await settle(() => billingSpace.action(args(formPost("/billing-space", {}, { cookie }))));
    expect(noCustomer.headers.get("location")).toBe("/buy");
    await db.updateTable("companies").set({ stripeCustomerId: "cus_123", stripeSubscriptionId: "sub_123", stripeSubscriptionState: "active", stripePlan: "basic", stripeSubscriptionNumberDataSource: 3 }).where("id", "=", company.id).execute();
    const portal = await settle(() => billingSpace.action(args(formPost("/billing-space", {}, { cookie }))));
    expect(portal.status).toBe(302);
    expect(portal.headers.get("location")).toMatch(/^https:\/\//);
    const upgrade = await settle(() => buy.action(args(formPost("/buy", { plan: "business", interval: "month", currency: "usd" }, { cookie }))));
    expect(upgrade.headers.get("location")).toBe("/billing-space");
    expect(await companyRow(company.id)).toMatchObject({ stripePlan: "business", stripeSubscriptionNumberDataSource: 20 });
  });
});

describe("trial, usage and plan caps on the server", () => {
  it("counts an account once whatever reads it, and only the last 30 days", async () => {
    const { company } = await makeCompanyWithUser(db);
    const [a, b, c] = await addAccounts(company.id, 3);
    const now = new Date();
    await recordAccountUsage(db, company.id, [a], "query-url", now);
    await recordAccountUsage(db, company.id, [a, b], "job", now);
    await recordAccountUsage(db, company.id, [a], "alert", now);
    await recordAccountUsage(db, company.id, [c], "job", new Date(now.getTime() - 31 * 86_400_000));
    const other = await makeCompanyWithUser(db);
    await recordAccountUsage(db, other.company.id, [a, b, c], "job", now); // foreign ids: not recorded
    const { listUsedAccounts, listUsedAccountIds } = await import("../../db/repositories/usage.js");
    // The billing gate's id-only list is the full list's ids, in its order.
    const usedIds = async (companyId: number, at: Date) => {
      const full = (await listUsedAccounts(db, companyId, at)).map((u) => u.dataSourceId);
      expect((await listUsedAccountIds(db, companyId, at)).map((u) => u.dataSourceId)).toEqual(full);
      return full;
    };
    expect(await usedIds(company.id, now)).toEqual([a, b]);
    // A successful query-URL request (connection log) counts too, still once per account; a failed one does not.
    const { recordConnectionLog } = await import("../../db/repositories/connection-logs.js");
    await recordConnectionLog(db, company.id, { dataSourceId: a, destinationType: "JSON", requestId: "r1", startedAt: now, success: true });
    await recordConnectionLog(db, company.id, { dataSourceId: c, destinationType: "CSV", requestId: "r2", startedAt: now, success: false });
    expect(await usedIds(company.id, new Date(Date.now() + 60_000))).toEqual([a, b]);
    await recordConnectionLog(db, company.id, { dataSourceId: c, destinationType: "CSV", requestId: "r3", startedAt: now, success: true });
    expect(await usedIds(company.id, new Date(Date.now() + 60_000))).toEqual([a, b, c]);
    expect(await usedIds(other.company.id, now)).toEqual([]);
  });

  it("keeps counting an account read this month after it or its source is deleted (issue 19)", async () => {
    const { company } = await makeCompanyWithUser(db);
    const auth = await createNetworkAuthorization(db, company.id, { name: "Demo", platform: "demo", credential: { apiKey: "x" } });
    const [a, b] = [
      (await createDataSource(db, company.id, { networkAuthorizationId: auth.id, accountId: "acc-a", name: "Account A" } as never)).id,
      (await createDataSource(db, company.id, { networkAuthorizationId: auth.id, accountId: "acc-b", name: "Account B" } as never)).id,
    ];
    const now = new Date();
    await recordAccountUsage(db, company.id, [a, b], "query-url", now);
    const { listUsedAccounts } = await import("../../db/repositories/usage.js");
    const { deleteDataSource } = await import("../../db/repositories/data-sources.js");
    const { deleteNetworkAuthorization } = await import("../../db/repositories/network-authorizations.js");
    expect(await deleteDataSource(db, company.id, a)).toBe(true);
    expect(await deleteNetworkAuthorization(db, company.id, auth.id)).toBe(true);
    const used = await listUsedAccounts(db, company.id, now);
    expect(used.map((u) => [u.dataSourceId, u.name, u.accountId, u.platform, u.deleted])).toEqual([
      [a, "Account A", "acc-a", "demo", true],
      [b, "Account B", "acc-b", "demo", true],
    ]);
  });

  it("blocks extraction after the trial, and locks accounts beyond the cap after the grace period", async () => {
    const { company } = await makeCompanyWithUser(db);
    const ids = await addAccounts(company.id, 4);
    await db.updateTable("companies").set({ trialEndsAt: new Date(Date.now() - 1000) }).where("id", "=", company.id).execute();
    await expect(checkExtractionAllowed(db, company.id, ids, { graceDays: 7 })).rejects.toMatchObject({ reason: "trial-over", httpStatus: 402 });

    await db.updateTable("companies").set({ stripeSubscriptionId: "sub_x", stripeSubscriptionState: "active", stripePlan: "basic", stripeSubscriptionNumberDataSource: 3 }).where("id", "=", company.id).execute();
    const start = new Date();
    for (const [i, id] of ids.entries()) await recordAccountUsage(db, company.id, [id], "job", new Date(start.getTime() + i * 1000));
    // Over the cap (4 > 3): still allowed during the grace period, and the clock starts.
    await checkExtractionAllowed(db, company.id, ids, { graceDays: 7, now: new Date(start.getTime() + 5000) });
    expect((await companyRow(company.id)).overLimitSince).not.toBeNull();
    const later = new Date(start.getTime() + 8 * 86_400_000);
    await recordAccountUsage(db, company.id, ids, "job", later);
    const blocked = await checkExtractionAllowed(db, company.id, ids, { graceDays: 7, now: later }).catch((e) => e);
    expect(blocked).toBeInstanceOf(ExtractionBlockedError);
    expect(blocked.reason).toBe("account-locked");
    expect(blocked.dataSourceIds).toEqual([ids[3]]);
    await checkExtractionAllowed(db, company.id, ids.slice(0, 3), { graceDays: 7, now: later });
    // Upgrading lifts the lock and clears the clock.
    await db.updateTable("companies").set({ stripePlan: "small", stripeSubscriptionNumberDataSource: 5 }).where("id", "=", company.id).execute();
    await checkExtractionAllowed(db, company.id, ids, { graceDays: 7, now: later });
    expect((await companyRow(company.id)).overLimitSince).toBeNull();
  });
});

describe("the query URL obeys billing on the server", () => {
  it("answers 402 once the trial is over and counts a successful request as usage", async () => {
    const { company } = await makeCompanyWithUser(db);
    const { revealApiKey } = await import("../../db/repositories/companies.js");
    const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
    const account = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-paris", name: "Paris", timezone: "Europe/Paris", currency: "EUR" });
    const route = await import("~/routes/api.request");
    const params = new URLSearchParams({ platform: "demo", dimensions: "date", metrics: "clicks", date: "CUSTOM", start_date: "2026-01-01", end_date: "2026-01-01", accounts: JSON.stringify([{ id: "demo-paris", authorization_id: source.id }]), apikey: revealApiKey(company) });
    const call = () => route.loader({ request: new Request(`${ORIGIN}/api/request?${params}`), params: {}, context: {} }) as Promise<Response>;
    const ok = await call();
    expect(ok.status).toBe(200);
    await ok.text();
    await new Promise((r) => setTimeout(r, 300));
    const { listUsedAccounts } = await import("../../db/repositories/usage.js");
    expect((await listUsedAccounts(db, company.id)).map((u) => u.dataSourceId)).toEqual([account.id]);
    await db.updateTable("companies").set({ trialEndsAt: new Date(Date.now() - 1000) }).where("id", "=", company.id).execute();
    const blocked = await call();
    expect(blocked.status).toBe(402);
    expect(await blocked.text()).toContain("trial");
  });
});

describe("banners and usage bar in the shell", () => {
  it("warns within 7 days of the trial end, then turns red once it is over, and shows the cap of a paid plan", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const cookie = await cookieFor(user.id);
    const shell = async () => (await settle(() => appLayout.loader(args(get("/buy", { cookie }))))).json();
    expect((await shell()).banners).toEqual([]);
    await db.updateTable("companies").set({ trialEndsAt: new Date(Date.now() + 3 * 86_400_000 - 60_000) }).where("id", "=", company.id).execute();
    expect((await shell()).banners).toEqual([{ kind: "trial-ending", daysLeft: 3 }]);
    await db.updateTable("companies").set({ trialEndsAt: new Date(Date.now() - 60_000) }).where("id", "=", company.id).execute();
    const over = await shell();
    expect(over.banners).toEqual([{ kind: "trial-over" }]);
    expect(over.usage).toMatchObject({ trialOver: true, colour: "red", cap: null });
    const ids = await addAccounts(company.id, 4);
    await recordAccountUsage(db, company.id, ids, "job");
    await db.updateTable("companies").set({ stripeSubscriptionId: "sub_b", stripeSubscriptionState: "active", stripePlan: "basic", stripeSubscriptionNumberDataSource: 3 }).where("id", "=", company.id).execute();
    const paid = await shell();
    expect(paid.usage).toMatchObject({ used: 4, cap: 3, colour: "red", trialOver: false });
    expect(paid.banners).toMatchObject([{ kind: "over-limit", used: 4, cap: 3 }]);
  });
});
