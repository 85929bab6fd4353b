// Issue 21, the MCP server's sign-in attacked through the real web server: the discovery documents
// the SDK reads; /mcp's 401 and what it points to; dynamic client registration refusing redirect
// URIs that would hand a code to someone else, unsupported methods, and floods from one address;
// tokens bound to their audience (RFC 8707) both ways; a deactivated user's tokens; a grant
// revoked in Settings; an expired access token refreshed by the SDK client on its own.
import { createHash, randomBytes } from "node:crypto";
import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { upsertOauthClient } from "../../db/repositories/oauth-provider.js";
import { startBuiltApp } from "../support/built-app.js";
import { createTestDatabase } from "../support/database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { allowInBrowser, callOk, connectAssistant, MemoryOAuthProvider, reconnect } from "../support/mcp-client.js";

// Read by the production build's environment at its first request: a small budget to reach.
const REGISTRATIONS_PER_HOUR = 8;
process.env.MCP_REGISTRATIONS_PER_HOUR = String(REGISTRATIONS_PER_HOUR);

let db: DB;
let drop: () => Promise<void>;
let app: Awaited<ReturnType<typeof startBuiltApp>>;
let user: Awaited<ReturnType<typeof makeSignedInDemoCompany>>;
const ADDIN = { id: "mcp-test-addins", redirectUri: "https://addin.example.test/callback" };

const verifier = () => randomBytes(32).toString("base64url");
const s256 = (v: string) => createHash("sha256").update(v).digest("base64url");
const clientCount = async () => Number((await db.selectFrom("oauthClients").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

function register(body: unknown, contentType = "application/json") {
  return fetch(`${app.url}/oauth/register`, { method: "POST", headers: { "content-type": contentType }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

function mcpPost(token: string | null, body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }) {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${app.url}/mcp`, { method: "POST", headers, body: JSON.stringify(body) });
}

/** A code for `clientId` through the consent page (PKCE S256), and its verifier. */
async function codeFor(clientId: string, redirectUri: string, extra: Record<string, string> = {}) {
  const v = verifier();
  const url = new URL(`${app.url}/authorize`);
  for (const [k, val] of Object.entries({ client_id: clientId, redirect_uri: redirectUri, response_type: "code", state: "s1", code_challenge: s256(v), code_challenge_method: "S256", ...extra })) url.searchParams.set(k, val);
  const { code, page } = await allowInBrowser(app.url, user.cookie, url, "s1");
  return { code, verifier: v, page };
}

function token(fields: Record<string, string>) {
  return fetch(`${app.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await upsertOauthClient(db, { id: ADDIN.id, name: "Excel add-in", secretDigest: null, public: true, redirectUris: [ADDIN.redirectUri] });
  user = await makeSignedInDemoCompany(db, "MCP security");
  app = await startBuiltApp();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe("discovery", () => {
  it("publishes protected-resource and authorization-server metadata the SDK accepts, readable cross-origin", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const prm = OAuthProtectedResourceMetadataSchema.parse(await res.json());
      expect(prm).toMatchObject({ resource: `${app.url}/mcp`, authorization_servers: [app.url] });
    }
    const as = OAuthMetadataSchema.parse(await (await fetch(`${app.url}/.well-known/oauth-authorization-server`)).json());
    expect(as).toMatchObject({
      issuer: app.url,
      authorization_endpoint: `${app.url}/authorize`,
      token_endpoint: `${app.url}/oauth/token`,
      registration_endpoint: `${app.url}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
    });
    const preflight = await fetch(`${app.url}/mcp`, { method: "OPTIONS", headers: { origin: "https://inspector.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization, mcp-protocol-version" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization.*Mcp-Protocol-Version/);
  });

  it("/mcp answers 401 pointing at its metadata (no error code without a token, invalid_token with a bad one), and 405 to GET", async () => {
    const none = await mcpPost(null);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`);
    const bad = await mcpPost("not-a-token");
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toMatch(/resource_metadata=".*", error="invalid_token", error_description="Sign in again/);
    const get = await fetch(`${app.url}/mcp`, { headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});

describe("dynamic client registration", () => {
  it("refuses redirect URIs that could hand a code to someone else, and what the provider does not do, registering nothing", async () => {
    const before = await clientCount();
    const cases: Array<[unknown, string, string?]> = [
      [{ redirect_uris: ["http://evil.example/callback"], token_endpoint_auth_method: "none" }, "invalid_redirect_uri"],
      [{ redirect_uris: ["javascript:alert(document.cookie)"], token_endpoint_auth_method: "none" }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://app.example/cb#frag"], token_endpoint_auth_method: "none" }, "invalid_redirect_uri"],
      [{ redirect_uris: ["myapp:/callback"], token_endpoint_auth_method: "none" }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://user:pw@app.example/cb"], token_endpoint_auth_method: "none" }, "invalid_redirect_uri"],
      [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://app.example/cb${i}`), token_endpoint_auth_method: "none" }, "invalid_redirect_uri"],
      [{ redirect_uris: [], token_endpoint_auth_method: "none" }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://app.example/cb"], token_endpoint_auth_method: "private_key_jwt" }, "invalid_client_metadata"],
      [{ redirect_uris: ["https://app.example/cb"], grant_types: ["client_credentials"] }, "invalid_client_metadata"],
      [{ redirect_uris: ["https://app.example/cb"], response_types: ["token"] }, "invalid_client_metadata"],
      [{ token_endpoint_auth_method: "none" }, "invalid_redirect_uri"],
      ["{ not json", "invalid_request"],
      [{ redirect_uris: ["https://app.example/cb"] }, "invalid_request", "application/x-www-form-urlencoded"],
    ];
    for (const [body, error, type] of cases) {
      const res = await register(body, type);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error, JSON.stringify(body)).toBe(error);
    }
    expect(await clientCount()).toBe(before);
  });

  it("registers https, loopback and reverse-domain redirect URIs; a public client by id alone, a confidential one with a secret", async () => {
    const pub = await register({ client_name: "Claude\u202e (official)\u0007", redirect_uris: ["https://claude.example/api/mcp/auth_callback", "http://127.0.0.1:33418/callback", "com.example.app:/oauth"], token_endpoint_auth_method: "none" });
    expect(pub.status).toBe(201);
    const info = await pub.json();
    expect(info).toMatchObject({ client_name: "Claude (official)", token_endpoint_auth_method: "none" });
    expect(info.client_secret).toBeUndefined();
    const row = await db.selectFrom("oauthClients").selectAll().where("id", "=", info.client_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ dynamic: true, public: true, secretDigest: null });

    const conf = await (await register({ client_name: "Server app", redirect_uris: ["https://server.example/cb"], token_endpoint_auth_method: "client_secret_basic" })).json();
    expect(conf.client_secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const { code, verifier: v } = await codeFor(conf.client_id, "https://server.example/cb");
    // Wrong secret: refused; right secret: tokens.
    expect((await token({ grant_type: "authorization_code", code, code_verifier: v, redirect_uri: "https://server.example/cb", client_id: conf.client_id, client_secret: "wrong" })).status).toBe(401);
    const again = await codeFor(conf.client_id, "https://server.example/cb");
    const ok = await token({ grant_type: "authorization_code", code: again.code, code_verifier: again.verifier, redirect_uri: "https://server.example/cb", client_id: conf.client_id, client_secret: conf.client_secret });
    expect(ok.status).toBe(200);
    expect((await mcpPost((await ok.json()).access_token)).status).toBe(200);
  });

  it("a self-registered client is shown as unverified on the consent page, must use PKCE, and gets an MCP token even without asking for the resource", async () => {
    const info = await (await register({ client_name: "Signalpost Official Support", redirect_uris: ["https://phish.example/cb"], token_endpoint_auth_method: "none" })).json();
    const noPkce = await fetch(`${app.url}/authorize?${new URLSearchParams({ client_id: info.client_id, redirect_uri: "https://phish.example/cb", response_type: "code" })}`, { headers: { cookie: user.cookie }, redirect: "manual" });
    expect(noPkce.status).toBe(400);
    const { code, verifier: v, page } = await codeFor(info.client_id, "https://phish.example/cb");
    expect(page).toContain("This application registered itself");
    expect(page).toContain("phish.example");
    expect(page).toContain("snooze or un-snooze an alert");
    const tokens = await (await token({ grant_type: "authorization_code", code, code_verifier: v, redirect_uri: "https://phish.example/cb", client_id: info.client_id })).json();
    expect((await mcpPost(tokens.access_token)).status).toBe(200);
  });
});

describe("audience (RFC 8707)", () => {
  it("an add-in's token is refused at /mcp, an MCP token at the add-in endpoints", async () => {
    const addin = await codeFor(ADDIN.id, ADDIN.redirectUri);
    expect(addin.page).not.toContain("registered itself");
    const addinTokens = await (await token({ grant_type: "authorization_code", code: addin.code, code_verifier: addin.verifier, redirect_uri: ADDIN.redirectUri, client_id: ADDIN.id })).json();
    expect((await fetch(`${app.url}/addons/me`, { headers: { authorization: `Bearer ${addinTokens.access_token}` } })).status).toBe(200);
    const atMcp = await mcpPost(addinTokens.access_token);
    expect(atMcp.status).toBe(401);
    expect(atMcp.headers.get("www-authenticate")).toContain("issued for another service");

    const assistant = await connectAssistant(app.url, user.cookie);
    try {
      expect((await fetch(`${app.url}/addons/me`, { headers: { authorization: `Bearer ${assistant.provider.stored!.access_token}` } })).status).toBe(401);
      expect((await fetch(`${app.url}/addons/query?platform=demo&metrics=clicks`, { headers: { authorization: `Bearer ${assistant.provider.stored!.access_token}` } })).status).toBe(401);
    } finally {
      await assistant.close();
    }
  });

  it("refuses a resource that is not ours at /authorize (nothing issued) and a mismatched one at the token endpoint", async () => {
    const info = await (await register({ redirect_uris: ["https://client.example/cb"], token_endpoint_auth_method: "none" })).json();
    const codes = async () => Number((await db.selectFrom("oauthCodes").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await codes();
    const v = verifier();
    const q = new URLSearchParams({ client_id: info.client_id, redirect_uri: "https://client.example/cb", response_type: "code", code_challenge: s256(v), code_challenge_method: "S256", resource: "https://evil.example/mcp" });
    const page = await fetch(`${app.url}/authorize?${q}`, { headers: { cookie: user.cookie }, redirect: "manual" });
    expect(page.status).toBe(400);
    expect(page.headers.get("location")).toBeNull();
    expect(await page.text()).toContain("invalid_target");
    expect(await codes()).toBe(before);

    const { code, verifier: cv } = await codeFor(info.client_id, "https://client.example/cb", { resource: `${app.url}/mcp` });
    const wrong = await token({ grant_type: "authorization_code", code, code_verifier: cv, redirect_uri: "https://client.example/cb", client_id: info.client_id, resource: "https://evil.example/mcp" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe("invalid_target");
    const good = await codeFor(info.client_id, "https://client.example/cb", { resource: `${app.url}/mcp` });
    const tokens = await (await token({ grant_type: "authorization_code", code: good.code, code_verifier: good.verifier, redirect_uri: "https://client.example/cb", client_id: info.client_id, resource: `${app.url}/mcp` })).json();
    const refreshWrong = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: info.client_id, resource: "https://evil.example/mcp" });
    expect((await refreshWrong.json()).error).toBe("invalid_target");
    const refreshed = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: info.client_id, resource: `${app.url}/mcp` });
    expect(refreshed.status).toBe(200);
  });
});

describe("the token's life", () => {
  it("an expired access token is refreshed by the SDK client on its own; a revoked grant and a deactivated user end access", async () => {
    const assistant = await connectAssistant(app.url, user.cookie);
    const firstRefresh = assistant.provider.stored!.refresh_token;
    await assistant.close();
    await db.updateTable("oauthTokens").set({ accessExpiresAt: new Date(Date.now() - 1000) }).where("companyId", "=", user.company.id).execute();
    const again = await reconnect(app.url, assistant.provider);
    expect((await callOk(again.client, "list_accounts")).sources).toHaveLength(1);
    expect(assistant.provider.stored!.refresh_token).not.toBe(firstRefresh);
    await again.close();

    // Disconnected in Settings → Connected apps: the next request is refused, and so is its refresh token.
    const grant = await db.selectFrom("oauthGrants").select("id").where("companyId", "=", user.company.id).where("revokedAt", "is", null).orderBy("id", "desc").executeTakeFirstOrThrow();
    const revoke = await fetch(`${app.url}/settings/connected-apps`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: user.cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "revoke", id: String(grant.id) }),
    });
    expect(revoke.status).toBe(302);
    expect((await mcpPost(assistant.provider.stored!.access_token)).status).toBe(401);
    expect((await token({ grant_type: "refresh_token", refresh_token: assistant.provider.stored!.refresh_token!, client_id: (assistant.provider.client as { client_id: string }).client_id })).status).toBe(400);

    // A user deactivated by their admin: their live tokens stop at once (MCP and add-ins alike).
    const other = await connectAssistant(app.url, user.cookie);
    await other.close();
    expect((await mcpPost(other.provider.stored!.access_token)).status).toBe(200);
    await db.updateTable("users").set({ isActive: false }).where("id", "=", user.user.id).execute();
    try {
      expect((await mcpPost(other.provider.stored!.access_token)).status).toBe(401);
    } finally {
      await db.updateTable("users").set({ isActive: true }).where("id", "=", user.user.id).execute();
    }
  });
});

describe("registration flood", () => {
  it(`one address registers at most ${REGISTRATIONS_PER_HOUR} clients an hour; the next is refused with 429 and registers nothing`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < REGISTRATIONS_PER_HOUR + 2; i++) statuses.push((await register({ redirect_uris: ["https://flood.example/cb"], token_endpoint_auth_method: "none" })).status);
    const fromHere = await db.selectFrom("oauthClients").select(["registeredIp"]).where("dynamic", "=", true).execute();
    const ips = new Set(fromHere.map((r) => r.registeredIp));
    expect(ips.size).toBe(1);
    expect(fromHere).toHaveLength(REGISTRATIONS_PER_HOUR);
    expect(statuses.filter((s) => s === 201).length).toBeLessThan(statuses.length);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});
