// Issue 15 item 2, second half: a grant handed to an add-in or a connector used to survive an
// API-key rotation and a password change, and no screen listed or revoked it. Now Settings ->
// Connected apps lists and disconnects them (scoped to the company), and the keys changing
// (password change, password reset, API-key rotation) revokes them.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { formPost, get, settle } from "../support/requests.js";
import { sessionCookie } from "../support/routes.js";
import { bearerStatus, callRoute, consentCode, exchangeCode, loadOauthRoutes, refresh, type OauthClientUnderTest } from "../support/oauth-flows.js";
import type { DB } from "../../db/connection.js";
import { upsertOauthClient } from "../../db/repositories/oauth-provider.js";
import { createPasswordReset } from "../../db/repositories/password-resets.js";
import { createUser, ROLE_USER } from "../../db/repositories/users.js";
import { hashPassword } from "../../lib/passwords.js";
import { tokenDigest } from "../../lib/secrets.js";

let db: DB;
let drop: () => Promise<void>;
let routes: Awaited<ReturnType<typeof loadOauthRoutes>>;
type Mod = { loader: (a: any) => Promise<unknown>; action: (a: any) => Promise<unknown> };
const mods: Record<string, Mod> = {};

const LOOKER: OauthClientUnderTest = { id: "grants-looker", secret: "grants-secret", redirectUri: "https://script.google.com/macros/d/grants-script/usercallback" };
const ADDINS = "grants-addins";

type Company = Awaited<ReturnType<typeof makeSignedInDemoCompany>>;

/** A Looker Studio consent grant of this session's user: its tokens. */
async function lookerGrant(cookie: string) {
  return (await exchangeCode(routes, LOOKER, await consentCode(routes, cookie, LOOKER, { askFor: "demo" }))).json() as Promise<{ access_token: string; refresh_token: string }>;
}

/** An Excel link confirmed by this session's user and claimed by the add-in: its tokens. */
async function excelGrant(cookie: string) {
  const uuid = randomUUID();
  await settle(() => mods.linkTo.action({ request: formPost("/link-to/excel", { uuid, decision: "link" }, { cookie }), params: { platform: "excel" }, context: {} }));
  const claim = new Request(`http://localhost:3000/addons/link/${uuid}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_id: ADDINS }) });
  return (await settle(() => mods.claim.action({ request: claim, params: { uuid }, context: {} }))).json() as Promise<{ access_token: string }>;
}

/** A confirmed link the add-in has not claimed yet. */
async function pendingLink(cookie: string) {
  const uuid = randomUUID();
  await settle(() => mods.linkTo.action({ request: formPost("/link-to/excel", { uuid, decision: "link" }, { cookie }), params: { platform: "excel" }, context: {} }));
  return uuid;
}

const connectedApps = async (cookie: string) =>
  (await (await settle(() => mods.connectedApps.loader({ request: get("/settings/connected-apps", { cookie }), params: {}, context: {} }))).json()) as {
    apps: Array<{ id: number; name: string; scope: string | null; via: string; userEmail: string }>;
    pending: Array<{ uuid: string; code: string }>;
  };

const settingsPost = (cookie: string, fields: Record<string, string>) =>
  settle(() => mods.connectedApps.action({ request: formPost("/settings/connected-apps", fields, { cookie }), params: {}, context: {} }));

async function colleagueOf(company: Company) {
  const user = await createUser(db, company.company.id, { email: `colleague.${randomUUID()}@example.test`, passwordHash: await hashPassword("colleague password"), roles: [ROLE_USER] });
  return { user, cookie: await sessionCookie(user.id) };
}

let mine: Company;
let theirs: Company;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  routes = await loadOauthRoutes();
  mods.linkTo = (await import("~/routes/link-to.$platform")) as unknown as Mod;
  mods.claim = (await import("~/routes/addons.link.$uuid")) as unknown as Mod;
  mods.connectedApps = (await import("~/routes/_app.settings.connected-apps")) as unknown as Mod;
  mods.profile = (await import("~/routes/_app.profile")) as unknown as Mod;
  mods.apiKey = (await import("~/routes/_app.settings.api-key")) as unknown as Mod;
  mods.reset = (await import("~/routes/reset-password.$token")) as unknown as Mod;
  await upsertOauthClient(db, { id: LOOKER.id, name: "Looker Studio", secretDigest: tokenDigest(LOOKER.secret!), redirectUris: [LOOKER.redirectUri] });
  await upsertOauthClient(db, { id: ADDINS, name: "Signalpost add-ons", secretDigest: null, public: true, redirectUris: [] });
  mine = await makeSignedInDemoCompany(db, "Mine");
  theirs = await makeSignedInDemoCompany(db, "Theirs");
});
afterAll(async () => {
  await drop();
});

describe("Settings -> Connected apps", () => {
  it("lists the company's grants and waiting links, never another company's", async () => {
    await lookerGrant(mine.cookie);
    await excelGrant(mine.cookie);
    await pendingLink(mine.cookie);
    await lookerGrant(theirs.cookie);
    const list = await connectedApps(mine.cookie);
    expect(list.apps.map((a) => [a.name, a.scope, a.via, a.userEmail])).toEqual([
      ["Microsoft Excel", null, "link", mine.user.email],
      ["Looker Studio", "Demo Ads", "consent", mine.user.email],
    ]);
    expect(list.pending).toHaveLength(1);
    const theirList = await connectedApps(theirs.cookie);
    expect(theirList.apps.map((a) => a.userEmail)).toEqual([theirs.user.email]);
  });

  it("disconnecting kills the app's tokens at once; another company's grant cannot be disconnected from here", async () => {
    const tokens = await lookerGrant(mine.cookie);
    const foreign = await lookerGrant(theirs.cookie);
    const mineApp = (await connectedApps(mine.cookie)).apps[0];
    const theirApp = (await connectedApps(theirs.cookie)).apps[0];
    expect(await bearerStatus(routes, tokens.access_token)).toBe(200);

    const cross = await settingsPost(mine.cookie, { intent: "revoke", id: String(theirApp.id) });
    expect(cross.status).toBe(404);
    expect(await bearerStatus(routes, foreign.access_token)).toBe(200);

    const res = await settingsPost(mine.cookie, { intent: "revoke", id: String(mineApp.id) });
    expect(res.status).toBe(302);
    expect(await bearerStatus(routes, tokens.access_token)).toBe(401);
    expect((await refresh(routes, LOOKER, tokens.refresh_token)).status).toBe(400);
    expect((await connectedApps(mine.cookie)).apps.some((a) => a.id === mineApp.id)).toBe(false);

    const bad = await settingsPost(mine.cookie, { intent: "revoke", id: "not a number" });
    expect(bad.status).toBe(400);
  });

  it("a waiting link can be cancelled before the add-in claims it", async () => {
    const uuid = await pendingLink(mine.cookie);
    expect((await settingsPost(theirs.cookie, { intent: "cancel-link", uuid })).status).toBe(404);
    expect((await settingsPost(mine.cookie, { intent: "cancel-link", uuid })).status).toBe(302);
    const claim = new Request(`http://localhost:3000/addons/link/${uuid}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_id: ADDINS }) });
    expect((await settle(() => mods.claim.action({ request: claim, params: { uuid }, context: {} }))).status).toBe(404);
  });
});

describe("when the keys change, the grants go", () => {
  it("a password change revokes the user's grants and waiting links, not a colleague's", async () => {
    const company = await makeSignedInDemoCompany(db, "Password change");
    const colleague = await colleagueOf(company);
    const looker = await lookerGrant(company.cookie);
    const excel = await excelGrant(company.cookie);
    const waiting = await pendingLink(company.cookie);
    const theirs = await lookerGrant(colleague.cookie);
    const res = await settle(() =>
      mods.profile.action({
        request: formPost("/profile", { intent: "password", currentPassword: "correct horse battery", newPassword: "a brand new password", confirmPassword: "a brand new password" }, { cookie: company.cookie }),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBeLessThan(400);
    expect(await bearerStatus(routes, looker.access_token)).toBe(401);
    expect(await bearerStatus(routes, excel.access_token)).toBe(401);
    expect((await connectedApps(colleague.cookie)).pending.some((l) => l.uuid === waiting)).toBe(false);
    expect(await bearerStatus(routes, theirs.access_token)).toBe(200);
  });

  it("a password reset revokes the user's grants", async () => {
    const company = await makeSignedInDemoCompany(db, "Password reset");
    const looker = await lookerGrant(company.cookie);
    const token = await createPasswordReset(db, company.user.id);
    const res = await settle(() =>
      mods.reset.action({ request: formPost(`/reset-password/${token}`, { password: "a reset password", confirm: "a reset password" }), params: { token }, context: {} }),
    );
    expect(res.status).toBeLessThan(400);
    expect(await bearerStatus(routes, looker.access_token)).toBe(401);
  });

  it("an API-key rotation revokes every grant of the company, and no other company's", async () => {
    const company = await makeSignedInDemoCompany(db, "Key rotation");
    const colleague = await colleagueOf(company);
    const looker = await lookerGrant(company.cookie);
    const excel = await excelGrant(colleague.cookie);
    const waiting = await pendingLink(colleague.cookie);
    const elsewhere = await lookerGrant(theirs.cookie);
    const res = await settle(() => mods.apiKey.action({ request: formPost("/settings/api-key", { intent: "rotate" }, { cookie: company.cookie }), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(await bearerStatus(routes, looker.access_token)).toBe(401);
    expect(await bearerStatus(routes, excel.access_token)).toBe(401);
    const list = await connectedApps(company.cookie);
    expect(list.apps).toEqual([]);
    expect(list.pending.some((l) => l.uuid === waiting)).toBe(false);
    expect(await bearerStatus(routes, elsewhere.access_token)).toBe(200);
    expect(await callRoute(routes.me, "loader", new Request("http://localhost:3000/addons/me"))).toHaveProperty("status", 401);
  });
});
