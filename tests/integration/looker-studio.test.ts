// Issue 9: the Looker Studio community connector's calls replayed end to end against the route
// modules (the requests integrations/looker-studio/Code.gs sends): authorization redirect ->
// consent -> code -> token -> auth check -> config -> schema in fr and en -> data; then refresh,
// revocation, replayed and expired codes, and another company's ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { formPost, get, settle } from "../support/requests.js";
import { bearer, tokenPost } from "../support/oauth-flows.js";
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { upsertOauthClient } from "../../db/repositories/oauth-provider.js";
import { createGdsField, upsertTranslation } from "../../db/repositories/gds-fields.js";
import { tokenDigest } from "../../lib/secrets.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
type Mod = { loader?: (a: any) => Promise<unknown>; action?: (a: any) => Promise<unknown> };
const routes: Record<string, Mod> = {};

const SCRIPT_ID = "1AbCdEfScriptIdForDemo";
const REDIRECT = `https://script.google.com/macros/d/${SCRIPT_ID}/usercallback`;
const CLIENT = { id: "looker-studio-test", secret: "s3cret-looker-client" };

async function call(mod: string, kind: "loader" | "action", request: Request, params: Record<string, string> = {}) {
  const fn = routes[mod][kind]!;
  return settle(() => fn({ request, params, context: {} }));
}

const signedInCompany = (name: string) => makeSignedInDemoCompany(db, name);

/** The authorize leg: the connector's authorization URL, the redirect page, the handoff, Allow. */
async function authorize(cookie: string, state = "st-" + Math.random().toString(36).slice(2)) {
  const q = new URLSearchParams({ client_id: CLIENT.id, redirect_uri: REDIRECT, response_type: "code", state });
  const first = await call("redirectIndex", "loader", get(`/oauth2-authorize?${q}`, { cookie }));
  expect(first.status).toBe(302);
  const handoff = first.headers.get("location")!;
  expect(handoff).toMatch(/^\/oauth2-authorize\/demo\/handoff\?/);
  const page = await call("handoff", "loader", get(handoff, { cookie }), { platform: "demo" });
  expect(page.status).toBe(200);
  const consent = await page.json();
  expect(consent.clientName).toBe("Looker Studio (test)");
  expect(consent.platformName).toBeTruthy();
  const allowed = await call("handoff", "action", formPost("/oauth2-authorize/demo/handoff", { ...consent.hidden, decision: "allow" }, { cookie }), { platform: "demo" });
  expect(allowed.status).toBe(302);
  const back = new URL(allowed.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe(state);
  return back.searchParams.get("code")!;
}

async function exchange(code: string) {
  return call("token", "action", tokenPost({ grant_type: "authorization_code", code, client_id: CLIENT.id, client_secret: CLIENT.secret, redirect_uri: REDIRECT }));
}

let mine: Awaited<ReturnType<typeof signedInCompany>>;
let theirs: Awaited<ReturnType<typeof signedInCompany>>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  routes.login = await import("~/routes/login");
  routes.redirectIndex = await import("~/routes/oauth2-authorize._index");
  routes.redirectPlatform = await import("~/routes/oauth2-authorize.$platform");
  routes.handoff = await import("~/routes/oauth2-authorize.$platform_.handoff");
  routes.authorize = await import("~/routes/authorize");
  routes.token = await import("~/routes/oauth.token");
  routes.revoke = await import("~/routes/oauth.revoke");
  routes.me = await import("~/routes/addons.me");
  routes.sources = await import("~/routes/addons.sources");
  routes.config = await import("~/routes/addons.looker-studio.config");
  routes.schema = await import("~/routes/addons.looker-studio.schema");
  routes.query = await import("~/routes/addons.query");
  routes.apiRequest = await import("~/routes/api.request");
  routes.linkTo = await import("~/routes/link-to.$platform");
  routes.claim = await import("~/routes/addons.link.$uuid");
  await upsertOauthClient(db, { id: CLIENT.id, name: "Looker Studio (test)", secretDigest: tokenDigest(CLIENT.secret), redirectUris: [REDIRECT], scriptPlatforms: { [SCRIPT_ID]: "demo" } });
  const clicks = await createGdsField(db, {
    platform: "demo", fieldId: "clicks", defaultName: "Clicks", defaultDescription: "Clicks on the ads", name: null, description: null, formula: null,
    status: "active", type: "metric", fieldType: "NUMBER", aggregationType: "SUM",
  });
  await upsertTranslation(db, clicks.id, { languageCode: "fr", name: "Clics", description: "Clics sur les annonces" });
  await upsertTranslation(db, clicks.id, { languageCode: "en", name: "Ad clicks", description: "Clicks on the ads" });
  await createGdsField(db, {
    platform: "demo", fieldId: "impressions", defaultName: "Impressions", defaultDescription: "Hidden by the admin", name: null, description: null, formula: null,
    status: "inactive", type: "metric", fieldType: "NUMBER", aggregationType: "SUM",
  });
  mine = await signedInCompany("Mine");
  theirs = await signedInCompany("Theirs");
});
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 300));
  await drop();
});

describe("Looker Studio connector, replayed", () => {
  it("authorize -> token -> auth check -> config -> schema fr and en -> data", async () => {
    const code = await authorize(mine.cookie);
    const tokenRes = await exchange(code);
    expect(tokenRes.status).toBe(200);
    const tokens = await tokenRes.json();
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const access = tokens.access_token as string;

    const me = await call("me", "loader", bearer("/addons/me", access));
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe(mine.user.email);

    const config = await (await call("config", "loader", bearer("/addons/looker-studio/config?platform=demo", access))).json();
    expect(config.accounts).toEqual([expect.objectContaining({ id: "demo-paris", authorization_id: mine.sourceId, name: "Mine Paris" })]);
    expect(config.reports.map((r: { id: string }) => r.id)).toContain("campaigns");

    const fr = await (await call("schema", "loader", bearer("/addons/looker-studio/schema?platform=demo&locale=fr_FR&report=campaigns", access))).json();
    const en = await (await call("schema", "loader", bearer("/addons/looker-studio/schema?platform=demo&locale=en&report=campaigns", access))).json();
    expect(fr.locale).toBe("fr");
    const frClicks = fr.schema.find((f: { name: string }) => f.name === "clicks");
    const enClicks = en.schema.find((f: { name: string }) => f.name === "clicks");
    expect(frClicks).toMatchObject({ label: "Clics", description: "Clics sur les annonces", dataType: "NUMBER", semantics: { conceptType: "METRIC" }, defaultAggregationType: "SUM" });
    expect(enClicks).toMatchObject({ label: "Ad clicks", dataType: "NUMBER" });
    // Inactive admin fields are hidden; undescribed engine fields keep the engine's names.
    expect(fr.schema.some((f: { name: string }) => f.name === "impressions")).toBe(false);
    const campaign = fr.schema.find((f: { name: string }) => f.name === "campaign_name");
    expect(campaign).toMatchObject({ dataType: "STRING", semantics: { conceptType: "DIMENSION" } });

    // getData: the connector turns Looker's request into the query URL's parameters.
    const params = new URLSearchParams({
      platform: "demo", dimensions: "date,campaign_name", metrics: "clicks", date: "CUSTOM", start_date: "2026-01-01", end_date: "2026-01-02",
      accounts: JSON.stringify([{ id: "demo-paris", authorization_id: mine.sourceId }]), options_report: "campaigns", format: "json",
    });
    const data = await call("query", "loader", bearer(`/addons/query?${params}`, access));
    expect(data.status).toBe(200);
    const body = await data.text();
    // Same engine path as the query URL: the same bytes.
    params.set("apikey", revealApiKey(mine.company));
    const direct = await call("apiRequest", "loader", get(`/api/request?${params}`));
    expect(body).toBe(await direct.text());
    const parsed = JSON.parse(body);
    expect(JSON.stringify(parsed)).toContain("clicks");
    expect(body.length).toBeGreaterThan(50);
  });

  it("refresh rotates, revocation locks the token out", async () => {
    const tokens = await (await exchange(await authorize(mine.cookie))).json();
    const refreshed = await call("token", "action", tokenPost({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: CLIENT.id, client_secret: CLIENT.secret }));
    expect(refreshed.status).toBe(200);
    const next = await refreshed.json();
    expect(next.access_token).not.toBe(tokens.access_token);
    // The old access token stopped working at rotation (a replay of the old refresh token revokes
    // the whole family: tests/security/oauth-pkce.test.ts).
    expect((await call("me", "loader", bearer("/addons/me", tokens.access_token))).status).toBe(401);
    expect((await call("me", "loader", bearer("/addons/me", next.access_token))).status).toBe(200);
    const revoked = await call("revoke", "action", new Request("http://localhost:3000/oauth/revoke", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64")}` },
      body: new URLSearchParams({ token: next.access_token }).toString(),
    }));
    expect(revoked.status).toBe(200);
    expect((await call("me", "loader", bearer("/addons/me", next.access_token))).status).toBe(401);
  });

  it("a code is single-use (a replay revokes what it minted) and short-lived", async () => {
    const code = await authorize(mine.cookie);
    const first = await (await exchange(code)).json();
    const replay = await exchange(code);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe("invalid_grant");
    expect((await call("me", "loader", bearer("/addons/me", first.access_token))).status).toBe(401);

    const stale = await authorize(mine.cookie);
    await db.updateTable("oauthCodes").set({ expiresAt: new Date(Date.now() - 1000) }).where("codeDigest", "=", tokenDigest(stale)).execute();
    const expired = await exchange(stale);
    expect(expired.status).toBe(400);
    expect((await expired.json()).error_description).toMatch(/expired/);

    const wrongSecret = await call("token", "action", tokenPost({ grant_type: "authorization_code", code: await authorize(mine.cookie), client_id: CLIENT.id, client_secret: "nope", redirect_uri: REDIRECT }));
    expect(wrongSecret.status).toBe(401);
  });

  it("rejects an unregistered redirect_uri on our own page, never redirecting to it", async () => {
    const q = new URLSearchParams({ client_id: CLIENT.id, redirect_uri: "https://evil.example/cb", response_type: "code", state: "x", askFor: "demo" });
    for (const [mod, path, params] of [["authorize", "/authorize", {}], ["redirectIndex", "/oauth2-authorize", {}], ["handoff", "/oauth2-authorize/demo/handoff", { platform: "demo" }]] as const) {
      const res = await call(mod, "loader", get(`${path}?${q}`, { cookie: mine.cookie }), params);
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect((await res.json()).message).toBe("This redirect_uri is not registered for this application.");
    }
    const post = await call("authorize", "action", formPost("/authorize", { ...Object.fromEntries(q), decision: "allow" }, { cookie: mine.cookie }));
    expect(post.status).toBe(400);
    expect(post.headers.get("location")).toBeNull();
  });

  it("says which platform is missing or unknown (spec 3 §2.8)", async () => {
    const base = { client_id: CLIENT.id, redirect_uri: REDIRECT, response_type: "code", scriptId: "unknown-script" };
    const none = await call("redirectIndex", "loader", get(`/oauth2-authorize?${new URLSearchParams(base)}`, { cookie: mine.cookie }));
    expect(none.status).toBe(400);
    expect((await none.json()).message).toBe("No platform provided.");
    const bad = await call("redirectPlatform", "loader", get(`/oauth2-authorize/nowhere?${new URLSearchParams(base)}`, { cookie: mine.cookie }), { platform: "nowhere" });
    expect(bad.status).toBe(404);
    expect((await bad.json()).message).toBe("You have requested a non existent endpoint.");
    // noSkip stops on the redirect page even with a source.
    const stay = await call("redirectPlatform", "loader", get(`/oauth2-authorize/demo?${new URLSearchParams({ ...base, noSkip: "1" })}`, { cookie: mine.cookie }), { platform: "demo" });
    expect(stay.status).toBe(200);
    expect((await stay.json()).hasSource).toBe(true);
    // Signed out: the page offers to sign in (and back here afterwards) or to sign up; the demo
    // platform authorizes with a form, so register mode (connect first) is not offered for it.
    const out = await call("redirectPlatform", "loader", get(`/oauth2-authorize/demo?${new URLSearchParams(base)}`), { platform: "demo" });
    expect(out.status).toBe(200);
    const page = await out.json();
    expect(page).toMatchObject({ signedOut: true, registerAction: null, signupHref: "/signup" });
    expect(page.loginHref).toMatch(/^\/login\?redirectTo=%2Foauth2-authorize%2Fdemo%3F/);
  });

  it("a token reads its own company only", async () => {
    const access = (await (await exchange(await authorize(mine.cookie))).json()).access_token;
    const sources = await (await call("sources", "loader", bearer("/addons/sources", access))).json();
    expect(JSON.stringify(sources)).not.toContain("Theirs");
    const params = new URLSearchParams({
      platform: "demo", metrics: "clicks", date: "CUSTOM", start_date: "2026-01-01", end_date: "2026-01-01",
      accounts: JSON.stringify([{ id: "demo-paris", authorization_id: theirs.sourceId }]),
    });
    const foreign = await call("query", "loader", bearer(`/addons/query?${params}`, access));
    expect(foreign.status).toBe(404);
    const text = await foreign.text();
    expect(text).toContain("unknown_account");
    expect(text).not.toContain("Theirs");
    // No token, a forged token: 401, never rows.
    expect((await call("query", "loader", new Request(`http://localhost:3000/addons/query?${params}`))).status).toBe(401);
    expect((await call("query", "loader", bearer(`/addons/query?${params}`, "forged"))).status).toBe(401);
  });

  it("Excel one-click: the signed-in user links a uuid, the add-in claims tokens once, then reads sources", async () => {
    const uuid = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
    const claim = (id: string, clientId = CLIENT.id) =>
      call("claim", "action", new Request(`http://localhost:3000/addons/link/${id}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_id: clientId }) }), { uuid: id });
    // Not linked yet: the add-in keeps polling.
    expect((await claim(uuid)).status).toBe(404);
    const page = await call("linkTo", "loader", get(`/link-to/excel?uuid=${uuid}`, { cookie: mine.cookie }), { platform: "excel" });
    expect(await page.json()).toMatchObject({ platformName: "Microsoft Excel", state: "new", code: "6F1C-2A3B" });
    const linked = await call("linkTo", "action", formPost("/link-to/excel", { uuid, decision: "link" }, { cookie: mine.cookie }), { platform: "excel" });
    expect(linked.status).toBe(302);
    const after = await call("linkTo", "loader", get(linked.headers.get("location")!, { cookie: mine.cookie }), { platform: "excel" });
    expect((await after.json()).state).toBe("linked");
    // Another user cannot take over a linked uuid.
    await call("linkTo", "action", formPost("/link-to/excel", { uuid, decision: "link" }, { cookie: theirs.cookie }), { platform: "excel" });
    expect((await claim(uuid, "unknown-client")).status).toBe(401);
    const tokens = await (await claim(uuid)).json();
    expect(tokens.access_token).toBeTruthy();
    expect((await claim(uuid)).status).toBe(404);
    const sources = await (await call("sources", "loader", bearer("/addons/sources", tokens.access_token))).json();
    expect(sources.sources[0].accounts[0]).toMatchObject({ id: "demo-paris", authorization_id: mine.sourceId });
    expect(JSON.stringify(sources)).not.toContain("Theirs");
    // Short or guessable ids are refused.
    expect((await claim("1234")).status).toBe(400);
    const badPage = await call("linkTo", "loader", get("/link-to/excel?uuid=1234", { cookie: mine.cookie }), { platform: "excel" });
    expect(badPage.status).toBe(400);
  });
});
