// Client connect links (issue 22 item 3, decision 0932), against the route modules and real
// PostgreSQL, with the Shopify fake (credential form) and the Google Ads fake behind the fake OAuth
// provider (consent page): the link is shown once and stored as a digest, works once, expires,
// can be revoked, cannot be replayed and cannot attach a source to another company.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { listNetworkAuthorizations, readCredential } from "../../db/repositories/network-authorizations.js";
import { contract as googleAds } from "../../engine/connectors/google-ads/contract.js";
import { contract as shopify } from "../../engine/connectors/shopify/contract.js";
import { readOutbox } from "../../lib/mail.js";
import { tokenDigest } from "../../lib/secrets.js";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../fakes/support/oauth-provider.js";
import { createTestDatabase } from "../support/database.js";
import { overrideEnv } from "../support/env.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, ORIGIN, settle } from "../support/requests.js";
import { routeArgs, sessionCookie } from "../support/routes.js";

let db: DB;
let drop: () => Promise<void>;
let restoreEnv: () => void;
let provider: FakeOAuthProvider;
const fakes: { close(): Promise<void> }[] = [];
let linksRoute: typeof import("~/routes/_app.data-connector.client-links");
let connectRoute: typeof import("~/routes/connect.$token");
let doneRoute: typeof import("~/routes/connect.done");
let oauthResponse: typeof import("~/routes/oauth2.authorize.$platform.response");
const shop = shopify.credential as unknown as { key: string; options: { shop: string } };

type Agency = Awaited<ReturnType<typeof makeAgency>>;
let agency: Agency;
let rival: Agency;

async function makeAgency() {
  const { company, user } = await makeCompanyWithUser(db);
  return { company, user, cookie: await sessionCookie(user.id) };
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  const shopifyFake = await shopify.startFake!();
  const googleFake = await googleAds.startFake!();
  fakes.push(shopifyFake, googleFake);
  provider = await startFakeOAuthProvider({ name: "Google Ads", clientId: googleAds.app!.clientId!, clientSecret: googleAds.app!.clientSecret!, issue: googleAds.credential as never });
  restoreEnv = overrideEnv({
    SHOPIFY_BASE_URL: shopifyFake.baseUrl,
    GOOGLE_ADS_CLIENT_ID: googleAds.app!.clientId!,
    GOOGLE_ADS_CLIENT_SECRET: googleAds.app!.clientSecret!,
    GOOGLE_ADS_DEVELOPER_TOKEN: googleAds.app!.extra!.developerToken,
    GOOGLE_ADS_BASE_URL: googleFake.baseUrl,
    GOOGLE_ADS_OAUTH_BASE_URL: provider.url,
    OUTBOUND_ALLOW_PRIVATE: "true",
  });
  linksRoute = await import("~/routes/_app.data-connector.client-links");
  connectRoute = await import("~/routes/connect.$token");
  doneRoute = await import("~/routes/connect.done");
  oauthResponse = await import("~/routes/oauth2.authorize.$platform.response");
  agency = await makeAgency();
  rival = await makeAgency();
});
afterAll(async () => {
  restoreEnv();
  await provider.close();
  for (const f of fakes) await f.close();
  await drop();
});

async function createLink(who: Agency, fields: Record<string, string>) {
  const res = await settle(() => linksRoute.action(routeArgs(formPost("/data-connector/client-links", { intent: "create", clientName: "Acme Shoes", days: "7", ...fields }, { cookie: who.cookie }), {})));
  return { res, body: await res.json() };
}

async function newLink(who: Agency, platform: string, extra: Record<string, string> = {}) {
  const { res, body } = await createLink(who, { platform, message: "For the monthly report", ...extra });
  expect(res.status, JSON.stringify(body)).toBe(200);
  const url = new URL(body.created.url);
  expect(url.pathname).toMatch(/^\/connect\/[A-Za-z0-9_-]{43}$/);
  return url.pathname.split("/").pop()!;
}

const page = (token: string, cookie?: string) => settle(() => connectRoute.loader(routeArgs(get(`/connect/${token}`, { cookie }), { token })));
const submit = (token: string, fields: Record<string, string>, opts: { cookie?: string; origin?: string | null } = {}) =>
  settle(() => connectRoute.action(routeArgs(formPost(`/connect/${token}`, fields, opts), { token })));
const oauthReturn = (url: URL, cookie?: string) =>
  settle(() => oauthResponse.loader(routeArgs(get(`${url.pathname}${url.search}`, { cookie }), { platform: url.pathname.split("/")[3] })));
const sourcesOf = (who: Agency) => listNetworkAuthorizations(db, who.company.id);
const linkRow = (token: string) => db.selectFrom("clientConnectLinks").selectAll().where("tokenDigest", "=", tokenDigest(token)).executeTakeFirstOrThrow();

describe("creating links", () => {
  it("shows the URL once and keeps only its digest; lists the link with its state", async () => {
    const token = await newLink(agency, "shopify");
    const row = await linkRow(token);
    expect(row).toMatchObject({ companyId: agency.company.id, createdById: agency.user.id, platform: "shopify", clientName: "Acme Shoes", message: "For the monthly report", usedAt: null });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(6.9 * 86_400_000);
    const list = await (await settle(() => linksRoute.loader(routeArgs(get("/data-connector/client-links", { cookie: agency.cookie }), {})))).json();
    expect(list.links.find((l: { id: number }) => l.id === row.id)).toMatchObject({ state: "active", platformName: "Shopify", clientName: "Acme Shoes", creatorEmail: agency.user.email });
    expect(JSON.stringify(list)).not.toContain(token);
    // The rival company sees none of it.
    const theirs = await (await settle(() => linksRoute.loader(routeArgs(get("/data-connector/client-links", { cookie: rival.cookie }), {})))).json();
    expect(theirs.links.some((l: { id: number }) => l.id === row.id)).toBe(false);
  });

  it("refuses a platform that is not in the list, a missing client and an odd validity, and writes nothing", async () => {
    const count = async () => (await db.selectFrom("clientConnectLinks").select("id").where("companyId", "=", agency.company.id).execute()).length;
    const before = await count();
    const attempts: Record<string, string>[] = [{ platform: "nowhere" }, { platform: "../../admin" }, { platform: "shopify", clientName: "" }, { platform: "shopify", days: "999" }, { platform: "shopify", message: "x".repeat(501) }, { platform: "shopify", clientName: "Acme\u0000Shoes" }];
    for (const fields of attempts) {
      const { res } = await createLink(agency, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await count()).toBe(before);
  });
});

describe("a client connecting through a link", () => {
  it("sees who asks, connects Shopify with its credential form, and the source appears in the link's company with an e-mail to its creator", async () => {
    const token = await newLink(agency, "shopify");
    const view = await (await page(token)).json();
    expect(view).toMatchObject({ state: "active", companyName: agency.company.name, clientName: "Acme Shoes", message: "For the monthly report", platform: { id: "shopify", form: true } });
    expect(view.askedBy).toContain(agency.user.email);

    // A wrong token: the platform says no, nothing is created and the link still works.
    const bad = await submit(token, { shop: shop.options.shop, consumerKey: "shpat_wrong_token" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).failure.title).toBe("Shopify refused these credentials");
    expect((await linkRow(token)).usedAt).toBeNull();

    // Hidden fields naming another company or source change nothing: the link decides.
    const before = (await sourcesOf(rival)).length;
    const ok = await submit(token, { shop: shop.options.shop, consumerKey: shop.key, companyId: String(rival.company.id), company_id: String(rival.company.id), sourceId: "1" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/connect/${token}`);
    const [source] = (await sourcesOf(agency)).filter((s) => s.platform === "shopify");
    expect(source).toMatchObject({ name: "Shopify (Acme Shoes)", createdById: agency.user.id });
    expect(readCredential(source)).toMatchObject({ type: "api-key", key: shop.key, options: { shop: shop.options.shop } });
    expect(source.availableDataSources!.length).toBeGreaterThan(0);
    expect((await sourcesOf(rival)).length).toBe(before);
    expect((await linkRow(token)).networkAuthorizationId).toBe(source.id);

    const mail = readOutbox().find((m) => m.to === agency.user.email && m.subject === "Acme Shoes connected Shopify");
    expect(mail?.text).toContain(`/data-connector/sources/${source.id}`);
    expect(mail?.text).not.toContain(shop.key);

    // Once: the page now says it is done; a second submission creates nothing.
    expect(await (await page(token)).json()).toMatchObject({ state: "used", platformName: "Shopify" });
    const again = await submit(token, { shop: shop.options.shop, consumerKey: shop.key });
    expect(again.status).toBe(410);
    expect((await sourcesOf(agency)).filter((s) => s.platform === "shopify")).toHaveLength(1);
  });

  it("connects Google Ads through the platform's consent page, comes back to its link, and refuses a replayed return", async () => {
    const token = await newLink(agency, "google-ads");
    const started = await submit(token, {});
    expect(started.status).toBe(302);
    const authorize = new URL(started.headers.get("location")!);
    expect(authorize.origin).toBe(provider.url);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/oauth2/authorize/google-ads/response`);
    const cookie = cookiesFrom(started);
    expect(cookie).toContain("__sp_client_link=");
    // The state is stored as a digest only.
    const state = authorize.searchParams.get("state")!;
    expect((await linkRow(token)).oauthStateDigest).toBe(tokenDigest(state));

    const back = await provider.consent(authorize.toString(), "allow");
    // The client's browser may hold a session of the rival company: the link still decides.
    const done = await oauthReturn(back, `${cookie}; ${rival.cookie}`);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/connect/${token}`);
    const google = (await sourcesOf(agency)).filter((s) => s.platform === "google-ads");
    expect(google).toHaveLength(1);
    expect(readCredential(google[0])).toMatchObject({ type: "oauth2", accessToken: (googleAds.credential as { accessToken: string }).accessToken });
    expect((await sourcesOf(rival)).some((s) => s.platform === "google-ads")).toBe(false);
    expect(await (await page(token)).json()).toMatchObject({ state: "used" });

    // The same return again (a replay, a double click): nothing more.
    const replay = await oauthReturn(back, cookie);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).not.toContain(token);
    expect((await sourcesOf(agency)).filter((s) => s.platform === "google-ads")).toHaveLength(1);
  });

  it("keeps the link usable when the client refuses at the platform, and finishes from another browser on /connect/done", async () => {
    const token = await newLink(agency, "google-ads", { clientName: "Refuser" });
    const first = await submit(token, {});
    const denied = await provider.consent(first.headers.get("location")!, "deny");
    const answer = await oauthReturn(denied, cookiesFrom(first));
    expect(answer.headers.get("location")).toBe(`/connect/${token}`);
    expect((await linkRow(token)).usedAt).toBeNull();
    // Second try, back in a browser without the link's cookie.
    const second = await submit(token, {});
    const back = await provider.consent(second.headers.get("location")!, "allow");
    const done = await oauthReturn(back);
    expect(done.headers.get("location")).toBe("/connect/done?outcome=connected");
    const landing = await (await settle(async () => doneRoute.loader(routeArgs(get("/connect/done?outcome=<script>"), {})))).json();
    expect(landing.outcome).toBe("unavailable");
    expect((await linkRow(token)).usedAt).not.toBeNull();
  });
});

describe("dead and hostile links", () => {
  it("refuses an expired link, and a trip started before it expired", async () => {
    const token = await newLink(agency, "google-ads", { clientName: "Late" });
    const started = await submit(token, {});
    const back = await provider.consent(started.headers.get("location")!, "allow");
    await db.updateTable("clientConnectLinks").set({ expiresAt: new Date(Date.now() - 1000) }).where("tokenDigest", "=", tokenDigest(token)).execute();
    expect((await page(token)).status).toBe(410);
    expect((await submit(token, {})).status).toBe(410);
    const count = (await sourcesOf(agency)).length;
    const late = await oauthReturn(back, cookiesFrom(started));
    expect(late.headers.get("location")).toBe("/connect/done?outcome=unavailable");
    expect((await sourcesOf(agency)).length).toBe(count);
  });

  it("is revoked by its company only, and a revoked link opens nothing", async () => {
    const token = await newLink(agency, "shopify", { clientName: "Revoked" });
    const { id } = await linkRow(token);
    const foreign = await settle(() => linksRoute.action(routeArgs(formPost("/data-connector/client-links", { intent: "revoke", id: String(id) }, { cookie: rival.cookie }), {})));
    expect(foreign.status).toBe(404);
    expect((await page(token)).status).toBe(200);
    const revoked = await settle(() => linksRoute.action(routeArgs(formPost("/data-connector/client-links", { intent: "revoke", id: String(id) }, { cookie: agency.cookie }), {})));
    expect(revoked.status).toBe(302);
    const view = await page(token);
    expect(view.status).toBe(410);
    expect((await view.json()).message).toMatch(/cancelled/);
    expect((await submit(token, { shop: shop.options.shop, consumerKey: shop.key })).status).toBe(410);
    // Ids that cannot name a row are refused before any query runs.
    for (const bad of ["99999999999", "9007199254740993", "-1", "0", "x"]) {
      const refused = await settle(() => linksRoute.action(routeArgs(formPost("/data-connector/client-links", { intent: "revoke", id: bad }, { cookie: agency.cookie }), {})));
      expect(refused.status, bad).toBe(400);
    }
    // A used or revoked link cannot be revoked again.
    expect((await settle(() => linksRoute.action(routeArgs(formPost("/data-connector/client-links", { intent: "revoke", id: String(id) }, { cookie: agency.cookie }), {})))).status).toBe(404);
  });

  it("is used once even when two submissions race", async () => {
    const token = await newLink(agency, "shopify", { clientName: "Racer" });
    const before = (await sourcesOf(agency)).length;
    const answers = await Promise.all([1, 2, 3].map(() => submit(token, { shop: shop.options.shop, consumerKey: shop.key })));
    expect(answers.map((a) => a.status).sort()).toEqual([302, 410, 410]);
    expect((await sourcesOf(agency)).length).toBe(before + 1);
  });

  it("answers 404 for tokens that are not links, and 403 for a post from another site", async () => {
    for (const token of ["x", "A".repeat(43), "A".repeat(500), "../../etc/passwd", "%00"]) {
      const res = await page(token);
      expect(res.status, token).toBe(404);
    }
    const token = await newLink(agency, "shopify", { clientName: "CSRF" });
    const forged = await submit(token, { shop: shop.options.shop, consumerKey: shop.key }, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await linkRow(token)).usedAt).toBeNull();
  });

  it("does not let a link's OAuth state finish another platform's or another link's connection", async () => {
    const token = await newLink(agency, "google-ads", { clientName: "Mixed" });
    const started = await submit(token, {});
    const back = await provider.consent(started.headers.get("location")!, "allow");
    // The same code and state on another platform's return path: refused, nothing created.
    const count = (await sourcesOf(agency)).length;
    const wrong = new URL(back);
    wrong.pathname = "/oauth2/authorize/shopify/response";
    const refused = await oauthReturn(wrong, cookiesFrom(started));
    expect(refused.headers.get("location")).toBe("/connect/done?outcome=unavailable");
    expect((await sourcesOf(agency)).length).toBe(count);
    // A new trip on the link replaces the old state: the first return no longer works.
    const restarted = await submit(token, {});
    expect(restarted.status).toBe(302);
    const stale = await oauthReturn(back, cookiesFrom(started));
    expect(stale.headers.get("location")).not.toBe(`/connect/${token}`);
    expect((await sourcesOf(agency)).length).toBe(count);
    expect((await linkRow(token)).usedAt).toBeNull();
  });
});
