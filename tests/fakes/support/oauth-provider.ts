// A local authorization server for the product's "Connect your account" flows, in front of any
// platform fake: OAuth 2.0 authorization code grant (RFC 6749 §4.1: consent page, code, token
// endpoint with client authentication, single-use codes bound to their redirect_uri, refresh) and
// OAuth 1.0a (RFC 5849 §2: signed request token, authorize page, verifier, signed access token).
// It issues the credential the platform fake accepts (the connector's contract fixture), so the
// connector's own API calls succeed afterwards. Endpoints are matched by their parameters, not
// their paths, so the connector's real paths (moved onto this origin) all land here.
import { createHmac, randomBytes } from "node:crypto";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "./fake-server.js";
import { oauthEncode as enc, oauthParams, verifyOAuth1 } from "./oauth1-signature.js";

export type IssuedCredential =
  | { type: "oauth2"; accessToken: string; refreshToken?: string }
  | { type: "oauth1"; token: string; tokenSecret: string };

export interface FakeOAuthProviderOptions {
  /** Shown on the consent page, e.g. "Google Ads". */
  name: string;
  /** OAuth 2.0 client id/secret, or OAuth 1.0a consumer key/secret. */
  clientId: string;
  clientSecret: string;
  issue: IssuedCredential;
}

export interface FakeOAuthProvider {
  readonly url: string;
  readonly server: FakeServer;
  /** Codes exchanged and access tokens issued (OAuth 2.0 and 1.0a). */
  readonly issued: number;
  /** Plays the user at the consent page of an authorize URL, as a browser would; answers the redirect back to the product. */
  consent(authorizeUrl: string, decision: "allow" | "deny"): Promise<URL>;
  close(): Promise<void>;
}

const html = (body: string, status = 200): FakeReply => ({ status, headers: { "content-type": "text/html; charset=utf-8" }, body: `<!doctype html><meta charset="utf-8">${body}` });
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const token = (prefix: string) => `${prefix}-${randomBytes(12).toString("base64url")}`;

/** RFC 5849 §3.4 for the request-token step, which has no token yet (verifyOAuth1 needs one). */
function requestTokenSignatureValid(req: RecordedRequest, origin: string, oauth: Record<string, string>, consumerSecret: string): boolean {
  const params: [string, string][] = [];
  req.query.forEach((v, k) => params.push([k, v]));
  for (const [k, v] of Object.entries(oauth)) if (k !== "oauth_signature") params.push([k, v]);
  const normalized = params
    .map(([k, v]) => [enc(k), enc(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const base = [req.method, enc(`${origin}${req.path}`), enc(normalized)].join("&");
  const expected = createHmac("sha1", `${enc(consumerSecret)}&`).update(base).digest("base64");
  return expected === oauth.oauth_signature;
}

export async function startFakeOAuthProvider(opts: FakeOAuthProviderOptions): Promise<FakeOAuthProvider> {
  const server = await startFakeServer();
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const requestTokens = new Map<string, { secret: string; callback: string; verifier?: string; used: boolean }>();
  let issued = 0;
  const page = (title: string, hidden: Record<string, string>) => {
    const inputs = Object.entries(hidden)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escape(v)}">`)
      .join("");
    return html(
      `<title>${escape(title)}</title><h1>${escape(title)}</h1><p>Signalpost wants to read your ${escape(opts.name)} reports.</p>` +
        `<form method="post" action="/__consent">${inputs}<button type="submit" name="decision" value="allow">Authorize app</button>` +
        `<button type="submit" name="decision" value="deny">Cancel</button></form>`,
    );
  };

  // Consent pages (the browser arrives here from the product's redirect).
  server.route("GET", /^\/(?!__).*/, (req) => {
    const q = req.query;
    if (q.get("oauth_token")) {
      const pending = requestTokens.get(q.get("oauth_token")!);
      if (!pending || pending.used) return html("<h1>This page is no longer valid.</h1>", 400);
      return page(`Authorize Signalpost to access your ${opts.name} account`, { kind: "oauth1", oauth_token: q.get("oauth_token")! });
    }
    if (q.get("response_type") !== "code" || !q.get("redirect_uri") || !q.get("state")) return html("<h1>Error 400: invalid_request</h1>", 400);
    if (q.get("client_id") !== opts.clientId) return html("<h1>Error 401: invalid_client</h1>", 401);
    return page(`Sign in with ${opts.name}`, { kind: "oauth2", redirect_uri: q.get("redirect_uri")!, state: q.get("state")! });
  });

  server.route("POST", "/__consent", (req) => {
    const form = req.form();
    const allow = form.get("decision") === "allow";
    if (form.get("kind") === "oauth1") {
      const requestToken = form.get("oauth_token") ?? "";
      const pending = requestTokens.get(requestToken);
      if (!pending) return html("<h1>Unknown request token</h1>", 400);
      const callback = new URL(pending.callback);
      if (!allow) {
        // X answers a refusal with ?denied={request token} (no oauth_verifier).
        callback.searchParams.set("denied", requestToken);
      } else {
        pending.verifier = token("verifier");
        callback.searchParams.set("oauth_token", requestToken);
        callback.searchParams.set("oauth_verifier", pending.verifier);
      }
      return { status: 302, headers: { location: callback.toString() }, body: "" };
    }
    const redirect = new URL(form.get("redirect_uri") ?? "");
    redirect.searchParams.set("state", form.get("state") ?? "");
    if (!allow) {
      redirect.searchParams.set("error", "access_denied");
      redirect.searchParams.set("error_description", "The user denied access to the app.");
    } else {
      const code = token("code");
      codes.set(code, { redirectUri: form.get("redirect_uri") ?? "", used: false });
      redirect.searchParams.set("code", code);
    }
    return { status: 302, headers: { location: redirect.toString() }, body: "" };
  });

  // Token endpoints: OAuth 1.0a by its signed header, OAuth 2.0 by grant_type.
  server.route("POST", /^\/(?!__).*/, (req): FakeReply => {
    const oauth = oauthParams(req);
    if (oauth) {
      if (opts.issue.type !== "oauth1" || oauth.oauth_consumer_key !== opts.clientId) return { status: 401, body: "Invalid consumer" };
      if (oauth.oauth_callback && !oauth.oauth_token) {
        if (!requestTokenSignatureValid(req, server.url, oauth, opts.clientSecret)) return { status: 401, body: "Invalid signature" };
        const requestToken = token("request");
        const secret = token("request-secret");
        requestTokens.set(requestToken, { secret, callback: oauth.oauth_callback, used: false });
        return { status: 200, headers: { "content-type": "text/plain" }, body: `oauth_token=${requestToken}&oauth_token_secret=${secret}&oauth_callback_confirmed=true` };
      }
      const pending = oauth.oauth_token ? requestTokens.get(oauth.oauth_token) : undefined;
      if (!pending || pending.used || !pending.verifier || pending.verifier !== oauth.oauth_verifier) return { status: 401, body: "Invalid or expired token" };
      const keys = { consumerKey: opts.clientId, consumerSecret: opts.clientSecret, token: oauth.oauth_token!, tokenSecret: pending.secret };
      if (!verifyOAuth1(req, server.url, keys)) return { status: 401, body: "Invalid signature" };
      pending.used = true;
      issued += 1;
      return { status: 200, headers: { "content-type": "text/plain" }, body: `oauth_token=${opts.issue.token}&oauth_token_secret=${opts.issue.tokenSecret}&user_id=1&screen_name=signalpost` };
    }
    if (opts.issue.type !== "oauth2") return { status: 400, json: { error: "unsupported_grant_type" } };
    const form = req.form();
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const basic = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ""));
    if (basic) [clientId, clientSecret] = Buffer.from(basic[1], "base64").toString().split(":");
    if (clientId !== opts.clientId || clientSecret !== opts.clientSecret) {
      return { status: 401, json: { error: "invalid_client", error_description: "Client authentication failed." } };
    }
    if (form.get("grant_type") === "refresh_token") {
      if (form.get("refresh_token") !== opts.issue.refreshToken) return { status: 400, json: { error: "invalid_grant" } };
      return { status: 200, json: { access_token: opts.issue.accessToken, token_type: "Bearer", expires_in: 3600 } };
    }
    const grant = codes.get(form.get("code") ?? "");
    if (form.get("grant_type") !== "authorization_code" || !grant || grant.used || grant.redirectUri !== form.get("redirect_uri")) {
      return { status: 400, json: { error: "invalid_grant", error_description: "The authorization code is invalid, expired or already used." } };
    }
    grant.used = true;
    issued += 1;
    return {
      status: 200,
      json: { access_token: opts.issue.accessToken, refresh_token: opts.issue.refreshToken, token_type: "Bearer", expires_in: 3599, scope: "read" },
    };
  });

  return {
    url: server.url,
    server,
    get issued() {
      return issued;
    },
    async consent(authorizeUrl, decision) {
      const page = await (await fetch(authorizeUrl)).text();
      const fields = Object.fromEntries([...page.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))]));
      const res = await fetch(`${server.url}/__consent`, { method: "POST", body: new URLSearchParams({ ...fields, decision }), redirect: "manual" });
      if (res.status !== 302) throw new Error(`The fake consent page answered ${res.status}`);
      return new URL(res.headers.get("location")!);
    },
    close: () => server.close(),
  };
}
