// The OAuth provider's legs as its clients send them, against the route modules: the consent
// (authorization request -> Allow -> code), the token endpoint and bearer calls. Shared by the
// Looker Studio replay and the security suite.
import { formPost, get, ORIGIN, settle } from "./requests.js";

type Mod = { loader?: (a: any) => Promise<unknown>; action?: (a: any) => Promise<unknown> };

export type OauthClientUnderTest = { id: string; secret?: string; redirectUri: string };

export async function loadOauthRoutes() {
  return {
    authorize: (await import("~/routes/authorize")) as Mod,
    token: (await import("~/routes/oauth.token")) as Mod,
    revoke: (await import("~/routes/oauth.revoke")) as Mod,
    me: (await import("~/routes/addons.me")) as Mod,
  };
}
type Routes = Awaited<ReturnType<typeof loadOauthRoutes>>;

export const callRoute = (mod: Mod, kind: "loader" | "action", request: Request, params: Record<string, string> = {}) =>
  settle(() => mod[kind]!({ request, params, context: {} }));

export function bearer(path: string, token: string, init: RequestInit = {}): Request {
  return new Request(`${ORIGIN}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
}

/** Apps Script's OAuth2 library and the add-ins post a form without Origin (server to server or fetch). */
export function tokenPost(fields: Record<string, string>, path = "/oauth/token"): Request {
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
}

/** GET /authorize, then Allow: the code handed to the redirect_uri (throws if the page refused). */
export async function consentCode(routes: Routes, cookie: string, client: OauthClientUnderTest, extra: Record<string, string> = {}): Promise<string> {
  const q = new URLSearchParams({ client_id: client.id, redirect_uri: client.redirectUri, response_type: "code", state: "st", ...extra });
  const page = await callRoute(routes.authorize, "loader", get(`/authorize?${q}`, { cookie }));
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const { hidden } = (await page.json()) as { hidden: Record<string, string> };
  const allowed = await callRoute(routes.authorize, "action", formPost("/authorize", { ...hidden, decision: "allow" }, { cookie }));
  const code = new URL(allowed.headers.get("location")!).searchParams.get("code");
  if (!code) throw new Error(`no code in ${allowed.headers.get("location")}`);
  return code;
}

export function exchangeCode(routes: Routes, client: OauthClientUnderTest, code: string, extra: Record<string, string> = {}) {
  const secret: Record<string, string> = client.secret ? { client_secret: client.secret } : {};
  return callRoute(routes.token, "action", tokenPost({ grant_type: "authorization_code", code, client_id: client.id, redirect_uri: client.redirectUri, ...secret, ...extra }));
}

export function refresh(routes: Routes, client: OauthClientUnderTest, refreshToken: string) {
  const secret: Record<string, string> = client.secret ? { client_secret: client.secret } : {};
  return callRoute(routes.token, "action", tokenPost({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: client.id, ...secret }));
}

/** The status /addons/me answers for this access token (200 while it is live, 401 once revoked). */
export async function bearerStatus(routes: Routes, accessToken: string): Promise<number> {
  return (await callRoute(routes.me, "loader", bearer("/addons/me", accessToken))).status;
}
