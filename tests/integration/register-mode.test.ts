// Register mode (spec 3 §2.5): a visitor without an account connects Google Ads (through its
// OAuth fake), is sent to sign up, and the connection becomes a source of the company created
// by the sign-up, once; real PostgreSQL, route modules called directly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../fakes/support/oauth-provider.js";
import type { DB } from "../../db/connection.js";
import { readOutbox } from "../../lib/mail.js";
import { resetEnvCache } from "../../lib/env.js";
import { listNetworkAuthorizations, readCredential } from "../../db/repositories/network-authorizations.js";
import { contract } from "../../engine/connectors/google-ads/contract.js";
import { upsertOauthClient } from "../../db/repositories/oauth-provider.js";

let db: DB;
let drop: () => Promise<void>;
let start: typeof import("~/routes/signup_.connect.$platform");
let oauthResponse: typeof import("~/routes/oauth2.authorize.$platform.response");
let signup: typeof import("~/routes/signup");
let verify: typeof import("~/routes/signup_.verify.$token");
let login: typeof import("~/routes/login");
let connectorPage: typeof import("~/routes/oauth2-authorize.$platform");
let provider: FakeOAuthProvider;
let fake: { baseUrl: string; close(): Promise<void> };
const issue = contract.credential as { type: "oauth2"; accessToken: string; refreshToken?: string };
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  fake = await contract.startFake!();
  provider = await startFakeOAuthProvider({ name: "Google Ads", clientId: contract.app!.clientId!, clientSecret: contract.app!.clientSecret!, issue });
  const env = {
    GOOGLE_ADS_CLIENT_ID: contract.app!.clientId!,
    GOOGLE_ADS_CLIENT_SECRET: contract.app!.clientSecret!,
    GOOGLE_ADS_DEVELOPER_TOKEN: contract.app!.extra!.developerToken,
    GOOGLE_ADS_BASE_URL: fake.baseUrl,
    GOOGLE_ADS_OAUTH_BASE_URL: provider.url,
  };
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  resetEnvCache();
  start = await import("~/routes/signup_.connect.$platform");
  oauthResponse = await import("~/routes/oauth2.authorize.$platform.response");
  signup = await import("~/routes/signup");
  verify = await import("~/routes/signup_.verify.$token");
  login = await import("~/routes/login");
  connectorPage = await import("~/routes/oauth2-authorize.$platform");
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await provider?.close();
  await fake?.close();
  await drop();
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

const consent = (authorizeUrl: string, decision: "allow" | "deny") => provider.consent(authorizeUrl, decision);

/** A signed-out browser connects Google Ads; answers its cookies and the return URL it used. */
async function connectSignedOut(returnTo?: string) {
  const started = await settle(() => start.action(args(formPost("/signup/connect/google-ads", { ...(returnTo ? { returnTo } : {}), from: "google-data-studio" }), { platform: "google-ads" })));
  expect(started.status).toBe(302);
  const back = await consent(started.headers.get("location")!, "allow");
  const path = `${back.pathname}${back.search}`;
  const returned = await settle(() => oauthResponse.loader(args(get(path), { platform: "google-ads" })));
  return { returned, path, cookie: cookiesFrom(returned) };
}

describe("register mode from the OAuth return page", () => {
  it("keeps the connection until the e-mail sign-up completes in the same browser, then saves it once in the new company", async () => {
    const { returned, path, cookie } = await connectSignedOut();
    expect(returned.status).toBe(302);
    expect(returned.headers.get("location")).toBe("/signup");
    expect(cookie).toMatch(/__sp_pending_source=/);
    expect(cookie).not.toContain(issue.accessToken);

    // The sign-up page says what is waiting.
    const page = await settle(() => signup.loader(args(get("/signup", { cookie }))));
    const { pending } = await page.json();
    expect(pending.platformName).toBe("Google Ads");
    expect(pending.accounts).toBeGreaterThan(0);

    // Nothing is stored in the clear, and nothing belongs to any company yet.
    const row = await db.selectFrom("registerConnectAttempts").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.secretEncrypted).not.toContain(issue.accessToken);
    expect(row.authorizedAt).not.toBeNull();

    // A replayed return (same state and code) is refused.
    const replay = await settle(() => oauthResponse.loader(args(get(path), { platform: "google-ads" })));
    expect(replay.status).toBe(400);

    const email = `register.${Date.now()}@example.test`;
    await settle(() => signup.action(args(formPost("/signup", { companyName: "Registered Co", email, password: "long enough pw" }, { cookie }))));
    const mail = readOutbox().find((m) => m.to === email)!;
    const token = /\/signup\/verify\/([\w-]+)/.exec(mail.text)![1];
    const done = await settle(() => verify.action(args(formPost(`/signup/verify/${token}`, {}, { cookie }), { token })));
    expect(done.status).toBe(302);
    const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    const sources = await listNetworkAuthorizations(db, user.companyId);
    expect(sources).toHaveLength(1);
    expect(sources[0].platform).toBe("google-ads");
    expect(readCredential(sources[0])).toMatchObject({ type: "oauth2", accessToken: issue.accessToken });
    expect(sources[0].availableDataSources!.length).toBe(pending.accounts);
    expect(done.headers.get("location")).toBe(`/data-connector/sources/${sources[0].id}`);
    expect(done.headers.getSetCookie().some((c) => c.startsWith("__sp_pending_source=;"))).toBe(true);

    // The same cookie cannot claim it again into another company.
    const other = await makeCompanyWithUser(db);
    const again = await settle(() => login.action(args(formPost("/login", { intent: "login", email: other.user.email, password: other.password }, { cookie }))));
    expect(again.status).toBe(302);
    expect(await listNetworkAuthorizations(db, other.company.id)).toHaveLength(0);
  });

  it("an existing user who signs in instead gets the source and goes back to the connector page", async () => {
    const returnTo = "/oauth2-authorize/google-ads?client_id=looker&state=xyz";
    const { cookie } = await connectSignedOut(returnTo);
    const { company, user, password } = await makeCompanyWithUser(db);
    const res = await settle(() => login.action(args(formPost("/login", { intent: "login", email: user.email, password }, { cookie }))));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(returnTo);
    const sources = await listNetworkAuthorizations(db, company.id);
    expect(sources.map((s) => s.platform)).toEqual(["google-ads"]);
  });

  it("a forged cookie or a denied consent claims nothing; a credential-form platform cannot start register mode", async () => {
    const started = await settle(() => start.action(args(formPost("/signup/connect/google-ads", {}), { platform: "google-ads" })));
    const denied = await consent(started.headers.get("location")!, "deny");
    const deniedView = await settle(() => oauthResponse.loader(args(get(`${denied.pathname}${denied.search}`), { platform: "google-ads" })));
    expect(deniedView.status).toBe(400);
    expect((await deniedView.json()).errors).toContain("access_denied");

    const { company, user, password } = await makeCompanyWithUser(db);
    const forged = await settle(() => login.action(args(formPost("/login", { intent: "login", email: user.email, password }, { cookie: "__sp_pending_source=forged" }))));
    expect(forged.status).toBe(302);
    expect(await listNetworkAuthorizations(db, company.id)).toHaveLength(0);

    const shopify = await settle(() => start.action(args(formPost("/signup/connect/shopify", {}), { platform: "shopify" })));
    expect(shopify.status).toBe(302);
    expect(shopify.headers.get("location")).toBe("/signup");
    const cross = await settle(() => start.action(args(formPost("/signup/connect/google-ads", {}, { origin: "https://evil.example" }), { platform: "google-ads" })));
    expect(cross.status).toBe(403);
  });

  it("a signed-out return without a register attempt still asks to sign in", async () => {
    const res = await settle(() => oauthResponse.loader(args(get("/oauth2/authorize/google-ads/response?code=abc&state=unknown"), { platform: "google-ads" })));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
  });

  it("the Looker Studio connector page offers register mode to a signed-out visitor, and the claim brings them back to it", async () => {
    const redirectUri = "https://script.google.com/macros/d/script-1/usercallback";
    await upsertOauthClient(db, { id: "looker-test", name: "Looker Studio", secretDigest: "x", redirectUris: [redirectUri], scriptPlatforms: { "script-1": "google-ads" } });
    const query = new URLSearchParams({ client_id: "looker-test", redirect_uri: redirectUri, state: "looker-state", response_type: "code" });
    const path = `/oauth2-authorize/google-ads?${query}`;
    const page = await settle(() => connectorPage.loader(args(get(path), { platform: "google-ads" })));
    expect(page.status).toBe(200);
    const data = await page.json();
    expect(data).toMatchObject({ signedOut: true, platformName: "Google Ads", registerAction: "/signup/connect/google-ads", returnTo: path });
    expect(data.loginHref).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);

    const { cookie } = await connectSignedOut(data.returnTo);
    const { company, user, password } = await makeCompanyWithUser(db);
    const signedIn = await settle(() => login.action(args(formPost("/login", { intent: "login", email: user.email, password }, { cookie }))));
    expect(signedIn.headers.get("location")).toBe(path);
    // Back on the connector page with a source now: straight on to the handoff.
    const again = await settle(() => connectorPage.loader(args(get(path, { cookie: cookiesFrom(signedIn) }), { platform: "google-ads" })));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toMatch(/^\/oauth2-authorize\/google-ads\/handoff\?/);
    expect(await listNetworkAuthorizations(db, company.id)).toHaveLength(1);
  });
});
