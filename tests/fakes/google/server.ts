import crypto from "node:crypto";
import { startFakeServer, type FakeServer } from "../support/fake-server.js";

/**
 * A local stand-in for Google's OAuth 2.0 endpoints (authorization code flow) as remix-auth-google
 * uses them: GET /o/oauth2/v2/auth (consent page), POST /token, GET /oauth2/v3/userinfo.
 * The consent page lists the configured Google accounts, like Google's account chooser.
 * Docs: https://developers.google.com/identity/protocols/oauth2/web-server
 */
export type FakeGoogleAccount = { sub: string; email: string; given_name: string; family_name: string; email_verified?: boolean };

export type FakeGoogle = { url: string; server: FakeServer; accounts: FakeGoogleAccount[]; close: () => Promise<void> };

export async function startFakeGoogle(opts: { clientId: string; clientSecret: string; accounts: FakeGoogleAccount[] }): Promise<FakeGoogle> {
  const server = await startFakeServer();
  const codes = new Map<string, { account: FakeGoogleAccount; redirectUri: string; used: boolean }>();
  const tokens = new Map<string, FakeGoogleAccount>();
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  server.route("GET", "/o/oauth2/v2/auth", (req) => {
    const q = req.query;
    if (q.get("client_id") !== opts.clientId) return { status: 400, body: "Error 401: invalid_client", headers: { "content-type": "text/html" } };
    if (q.get("response_type") !== "code" || !q.get("redirect_uri") || !q.get("state")) {
      return { status: 400, body: "Error 400: invalid_request", headers: { "content-type": "text/html" } };
    }
    const hidden = ["redirect_uri", "state"].map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k)!)}">`).join("");
    const buttons = opts.accounts
      .map((a) => `<form method="post" action="/o/oauth2/v2/approve">${hidden}<input type="hidden" name="sub" value="${escape(a.sub)}"><button type="submit">Continue as ${escape(a.email)}</button></form>`)
      .join("");
    const deny = `<form method="post" action="/o/oauth2/v2/approve">${hidden}<input type="hidden" name="deny" value="1"><button type="submit">Cancel</button></form>`;
    return { status: 200, headers: { "content-type": "text/html" }, body: `<!doctype html><title>Sign in - Google Accounts</title><h1>Choose an account</h1>${buttons}${deny}` };
  });

  server.route("POST", "/o/oauth2/v2/approve", (req) => {
    const form = req.form();
    const redirect = new URL(form.get("redirect_uri")!);
    redirect.searchParams.set("state", form.get("state")!);
    if (form.get("deny")) {
      redirect.searchParams.set("error", "access_denied");
    } else {
      const account = opts.accounts.find((a) => a.sub === form.get("sub"));
      if (!account) return { status: 400, body: "unknown account" };
      const code = `4/${crypto.randomBytes(12).toString("base64url")}`;
      codes.set(code, { account, redirectUri: form.get("redirect_uri")!, used: false });
      redirect.searchParams.set("code", code);
    }
    return { status: 302, headers: { location: redirect.toString() }, body: "" };
  });

  server.route("POST", "/token", (req) => {
    const form = req.form();
    // remix-auth-oauth2 sends the client credentials in the body (client_secret_post).
    if (form.get("client_id") !== opts.clientId || form.get("client_secret") !== opts.clientSecret) {
      return { status: 401, json: { error: "invalid_client", error_description: "The OAuth client was not found." } };
    }
    const grant = codes.get(form.get("code") ?? "");
    if (form.get("grant_type") !== "authorization_code" || !grant || grant.used || grant.redirectUri !== form.get("redirect_uri")) {
      return { status: 400, json: { error: "invalid_grant", error_description: "Bad Request" } };
    }
    grant.used = true;
    const accessToken = `ya29.${crypto.randomBytes(16).toString("base64url")}`;
    tokens.set(accessToken, grant.account);
    return { status: 200, json: { access_token: accessToken, expires_in: 3599, token_type: "Bearer", scope: "openid email profile", id_token: "fake.id.token" } };
  });

  server.route("GET", "/oauth2/v3/userinfo", (req) => {
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
    const account = token ? tokens.get(token) : undefined;
    if (!account) return { status: 401, json: { error: "invalid_request", error_description: "Invalid Credentials" } };
    return {
      status: 200,
      json: { sub: account.sub, name: `${account.given_name} ${account.family_name}`, given_name: account.given_name, family_name: account.family_name, email: account.email, email_verified: account.email_verified ?? true, picture: "" },
    };
  });

  return { url: server.url, server, accounts: opts.accounts, close: () => server.close() };
}
