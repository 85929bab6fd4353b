// The consent step shared by /authorize and the connector handoff page
// (/oauth2-authorize/{platform}/handoff): the signed-in user sees which application asks for
// their company's data; Allow issues a single-use code and sends the browser to the registered
// redirect_uri with code and state; Deny sends error=access_denied.
import { json, redirect } from "@remix-run/node";
import { findPlatform, hasConnector } from "../../engine/index.js";
import { getDb } from "./db.server.js";
import { getSignedIn, requireUser } from "./session.server.js";
import { supportsRegisterMode } from "./register-connect.server.js";
import { checkAuthorizeRequest, issueAuthorizationCode, redirectWith } from "./oauth-provider.server.js";

/** The OAuth parameters a consent form carries along (hidden fields, so the page works without JS). */
export const CONSENT_PARAMS = ["client_id", "redirect_uri", "state", "response_type", "askFor", "scriptId", "scope", "code_challenge", "code_challenge_method"] as const;

function carried(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of CONSENT_PARAMS) {
    const v = params.get(k);
    if (v !== null) out[k] = v;
  }
  return out;
}

export async function consentLoader(request: Request, routePlatform?: string) {
  const signedIn = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const check = await checkAuthorizeRequest(getDb(), params, { platform: routePlatform ?? null });
  if (!check.ok) throw json({ message: check.message }, { status: check.status });
  const { client, platform } = check.value;
  return {
    clientName: client.name,
    companyName: signedIn.company.name,
    email: signedIn.user.email,
    platformName: platform ? (findPlatform(platform)?.displayName ?? platform) : null,
    hidden: carried(params),
  };
}

export async function consentAction(request: Request, routePlatform?: string) {
  const signedIn = await requireUser(request);
  const form = await request.formData();
  const params = new URLSearchParams();
  for (const k of CONSENT_PARAMS) {
    const v = form.get(k);
    if (typeof v === "string") params.set(k, v);
  }
  const db = getDb();
  const check = await checkAuthorizeRequest(db, params, { platform: routePlatform ?? null });
  if (!check.ok) throw json({ message: check.message }, { status: check.status });
  if (form.get("decision") !== "allow") {
    return redirect(redirectWith(check.value.redirectUri, { error: "access_denied", error_description: "The user denied the request.", state: check.value.state }));
  }
  return redirect(await issueAuthorizationCode(db, signedIn, check.value));
}

/**
 * The connector authorization redirect page (spec 3 §2.8). The platform comes from the route, from
 * askFor, or from the Apps Script id (scriptId, or the id inside the registered script callback)
 * mapped to a platform. A company that already has a source for the platform goes straight to
 * the handoff (unless noSkip is set); otherwise the page asks it to connect one first.
 */
export async function connectorRedirectLoader(request: Request, routePlatform?: string) {
  const signedIn = await getSignedIn(request);
  const url = new URL(request.url);
  const db = getDb();
  const check = await checkAuthorizeRequest(db, url.searchParams, { platform: routePlatform ?? null });
  if (!check.ok) throw json({ message: check.message }, { status: check.status });
  const platform = check.value.platform;
  if (!platform) throw json({ message: "No platform provided." }, { status: 400 });
  const def = findPlatform(platform);
  if (!def || !hasConnector(platform)) throw json({ message: "You have requested a non existent endpoint." }, { status: 404 });
  const handoff = `/oauth2-authorize/${encodeURIComponent(platform)}/handoff?${new URLSearchParams(carried(url.searchParams))}`;
  if (!signedIn) {
    // Register mode (spec 3 §2.5): a visitor without an account can start by connecting the
    // platform; signing up afterwards brings them back here, now with a source.
    const here = `${url.pathname}${url.search}`;
    return {
      signedOut: true as const,
      platformName: def.displayName,
      registerAction: supportsRegisterMode(platform) ? `/signup/connect/${encodeURIComponent(platform)}` : null,
      returnTo: here,
      loginHref: `/login?${new URLSearchParams({ redirectTo: here })}`,
      signupHref: "/signup",
    };
  }
  const existing = await db
    .selectFrom("networkAuthorizations")
    .select("id")
    .where("companyId", "=", signedIn.company.id)
    .where("platform", "=", platform)
    .executeTakeFirst();
  const noSkip = url.searchParams.has("noSkip") && url.searchParams.get("noSkip") !== "false";
  if (existing && !noSkip) throw redirect(handoff);
  return {
    signedOut: false as const,
    platformName: def.displayName,
    connectHref: `/data-connector/sources/new?platform=${encodeURIComponent(platform)}&from=google-data-studio`,
    handoff,
    hasSource: Boolean(existing),
  };
}
