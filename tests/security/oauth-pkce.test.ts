// Issue 15 item 9, replayed against the OAuth provider: a code issued for an S256 code_challenge
// exchanged with a wrong verifier or none; "plain" PKCE; a public client without PKCE; a replayed
// (already rotated) refresh token; a cross-origin consent POST (through the real web server, where
// Remix used to answer 500).
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { get } from "../support/requests.js";
import { startBuiltApp } from "../support/built-app.js";
import { bearerStatus, callRoute, consentCode, exchangeCode, loadOauthRoutes, refresh, type OauthClientUnderTest } from "../support/oauth-flows.js";
import type { DB } from "../../db/connection.js";
import { upsertOauthClient } from "../../db/repositories/oauth-provider.js";
import { tokenDigest } from "../../lib/secrets.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let routes: Awaited<ReturnType<typeof loadOauthRoutes>>;
let victim: Awaited<ReturnType<typeof makeSignedInDemoCompany>>;

const CONFIDENTIAL: OauthClientUnderTest = { id: "pkce-confidential", secret: "pkce-secret", redirectUri: "https://script.google.com/macros/d/pkce-script/usercallback" };
const PUBLIC: OauthClientUnderTest = { id: "pkce-public", redirectUri: "https://addin.example.test/callback" };

const verifier = () => randomBytes(32).toString("base64url");
const s256 = (v: string) => createHash("sha256").update(v).digest("base64url");
const codeCount = async () => Number((await db.selectFrom("oauthCodes").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  routes = await loadOauthRoutes();
  await upsertOauthClient(db, { id: CONFIDENTIAL.id, name: "Looker Studio (pkce)", secretDigest: tokenDigest(CONFIDENTIAL.secret!), redirectUris: [CONFIDENTIAL.redirectUri], scriptPlatforms: { "pkce-script": "demo" } });
  await upsertOauthClient(db, { id: PUBLIC.id, name: "Excel add-in (pkce)", secretDigest: null, public: true, redirectUris: [PUBLIC.redirectUri] });
  victim = await makeSignedInDemoCompany(db, "Victim");
});
afterAll(async () => {
  await drop();
});

describe("PKCE (RFC 7636, S256 only)", () => {
  it("a code issued for an S256 challenge is refused without its verifier and with a wrong one, and exchanged with the right one", async () => {
    const v = verifier();
    const challenge = { code_challenge: s256(v), code_challenge_method: "S256" };

    const none = await exchangeCode(routes, CONFIDENTIAL, await consentCode(routes, victim.cookie, CONFIDENTIAL, challenge));
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: "invalid_grant", error_description: expect.stringMatching(/code_verifier/) });

    const wrong = await exchangeCode(routes, CONFIDENTIAL, await consentCode(routes, victim.cookie, CONFIDENTIAL, challenge), { code_verifier: verifier() });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe("invalid_grant");

    // The verifier itself as if it were "plain": still refused for an S256 code.
    const asPlain = await exchangeCode(routes, CONFIDENTIAL, await consentCode(routes, victim.cookie, CONFIDENTIAL, challenge), { code_verifier: challenge.code_challenge });
    expect(asPlain.status).toBe(400);

    const right = await exchangeCode(routes, CONFIDENTIAL, await consentCode(routes, victim.cookie, CONFIDENTIAL, challenge), { code_verifier: v });
    expect(right.status).toBe(200);
    expect(await bearerStatus(routes, (await right.json()).access_token)).toBe(200);
  });

  it("refuses plain (or a missing method) on the consent page, without issuing a code or redirecting", async () => {
    const v = verifier();
    const before = await codeCount();
    const attempts: Array<Record<string, string>> = [{ code_challenge: v, code_challenge_method: "plain" }, { code_challenge: v }, { code_challenge: "short", code_challenge_method: "S256" }];
    for (const extra of attempts) {
      const q = new URLSearchParams({ client_id: CONFIDENTIAL.id, redirect_uri: CONFIDENTIAL.redirectUri, response_type: "code", ...extra });
      const page = await callRoute(routes.authorize, "loader", get(`/authorize?${q}`, { cookie: victim.cookie }));
      expect(page.status).toBe(400);
      expect(page.headers.get("location")).toBeNull();
    }
    expect(await codeCount()).toBe(before);
  });

  it("a public client must use PKCE, authenticates without a secret, and cannot downgrade a code", async () => {
    const q = new URLSearchParams({ client_id: PUBLIC.id, redirect_uri: PUBLIC.redirectUri, response_type: "code" });
    const page = await callRoute(routes.authorize, "loader", get(`/authorize?${q}`, { cookie: victim.cookie }));
    expect(page.status).toBe(400);
    expect((await page.json()).message).toMatch(/must use PKCE/);

    const v = verifier();
    const code = await consentCode(routes, victim.cookie, PUBLIC, { code_challenge: s256(v), code_challenge_method: "S256" });
    const tokens = await exchangeCode(routes, PUBLIC, code, { code_verifier: v });
    expect(tokens.status).toBe(200);

    // A confidential client's code issued without a challenge: a verifier sent with it is refused.
    const plainCode = await consentCode(routes, victim.cookie, CONFIDENTIAL);
    const downgraded = await exchangeCode(routes, CONFIDENTIAL, plainCode, { code_verifier: v });
    expect(downgraded.status).toBe(400);
  });
});

describe("refresh-token rotation with reuse detection", () => {
  it("replaying an old refresh token revokes the whole family, the newest tokens included", async () => {
    const first = await (await exchangeCode(routes, CONFIDENTIAL, await consentCode(routes, victim.cookie, CONFIDENTIAL))).json();
    const second = await (await refresh(routes, CONFIDENTIAL, first.refresh_token)).json();
    const third = await (await refresh(routes, CONFIDENTIAL, second.refresh_token)).json();
    expect(await bearerStatus(routes, third.access_token)).toBe(200);

    // The thief replays the first refresh token it copied.
    const replay = await refresh(routes, CONFIDENTIAL, first.refresh_token);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe("invalid_grant");
    // Whoever holds the newest tokens (the thief or the client) is out.
    expect(await bearerStatus(routes, third.access_token)).toBe(401);
    expect((await refresh(routes, CONFIDENTIAL, third.refresh_token)).status).toBe(400);

    // Another authorization of the same user and client is a different family: untouched.
    const other = await (await exchangeCode(routes, CONFIDENTIAL, await consentCode(routes, victim.cookie, CONFIDENTIAL))).json();
    const replayAgain = await refresh(routes, CONFIDENTIAL, second.refresh_token);
    expect(replayAgain.status).toBe(400);
    expect(await bearerStatus(routes, other.access_token)).toBe(200);
  });

  it("a replayed authorization code revokes the grant it started", async () => {
    const code = await consentCode(routes, victim.cookie, CONFIDENTIAL);
    const first = await (await exchangeCode(routes, CONFIDENTIAL, code)).json();
    const refreshed = await (await refresh(routes, CONFIDENTIAL, first.refresh_token)).json();
    expect((await exchangeCode(routes, CONFIDENTIAL, code)).status).toBe(400);
    expect(await bearerStatus(routes, refreshed.access_token)).toBe(401);
  });
});

describe("consent from another origin", () => {
  it("a cross-origin consent POST answers 403 and issues no code (document and data requests)", async () => {
    const app = await startBuiltApp();
    try {
      const q = new URLSearchParams({ client_id: CONFIDENTIAL.id, redirect_uri: CONFIDENTIAL.redirectUri, response_type: "code", state: "s", decision: "allow" });
      const before = await codeCount();
      for (const path of ["/authorize", "/authorize?_data=routes%2Fauthorize", "/oauth2-authorize/demo/handoff"]) {
        const res = await fetch(`${app.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded", cookie: victim.cookie },
          body: q.toString(),
        });
        expect(res.status, path).toBe(403);
        expect(res.headers.get("location")).toBeNull();
      }
      // Without Fetch Metadata (an older browser): the Origin alone decides.
      const res = await fetch(`${app.url}/authorize`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded", cookie: victim.cookie },
        body: q.toString(),
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("Cross-site form submissions are not accepted.");
      expect(await codeCount()).toBe(before);

      // The same POST from our own origin still works (the guard is not a wall).
      const page = await fetch(`${app.url}/authorize?${new URLSearchParams({ client_id: CONFIDENTIAL.id, redirect_uri: CONFIDENTIAL.redirectUri, response_type: "code" })}`, { headers: { cookie: victim.cookie } });
      expect(page.status).toBe(200);
      const own = await fetch(`${app.url}/authorize`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: app.url, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded", cookie: victim.cookie },
        body: q.toString(),
      });
      expect(own.status).toBe(302);
      expect(own.headers.get("location")).toMatch(/^https:\/\/script\.google\.com\/macros\/d\/pkce-script\/usercallback\?code=/);
    } finally {
      await app.close();
    }
  });
});
