// The consent step shared by /authorize and the connector handoff page
// (/oauth2-authorize/{platform}/handoff): the signed-in user sees which application asks for
// their company's data; Allow issues a single-use code and sends the browser to the registered
// redirect_uri with code and state; Deny sends error=access_denied. An MCP assistant's request
// (RFC 8707 resource = our /mcp, decision 0910) is told apart: the page says it can also run jobs
// and snooze alerts, and, for an application that registered itself, that its name is its own
// claim and where the browser goes back to.
import { json, redirect } from "@remix-run/node";
import { blendablePlatforms, BLENDED_PLATFORM, BLENDED_PLATFORM_NAME, findPlatform, hasConnector } from "../../engine/index.js";
import { platformDisplayName } from "./platform-names.server.js";
import { getDb } from "./db.server.js";
import { getSignedIn, requireUser } from "./session.server.js";
import { supportsRegisterMode } from "./register-connect.server.js";
import { checkAuthorizeRequest, issueAuthorizationCode, redirectWith, type AuthorizeRequest } from "./oauth-provider.server.js";
import { mcpResourceUrl } from "./oauth-metadata.server.js";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { readForm, refuse } from "./request-input.server.js";

/** The OAuth parameters a consent form carries along (hidden fields, so the page works without JS). */
export const CONSENT_PARAMS = ["client_id", "redirect_uri", "state", "response_type", "askFor", "scriptId", "scope", "code_challenge", "code_challenge_method", "resource"] as const;

/**
 * The consent form: the carried parameters exactly as sent (an empty value is not a missing one to
 * checkAuthorizeRequest, so conform's empty-to-undefined coercion stays off) and the answer.
 */
const ConsentFormSchema = z.object({
  ...Object.fromEntries(CONSENT_PARAMS.map((k) => [k, z.string().optional()])),
  decision: z.string().optional(),
});

function carried(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of CONSENT_PARAMS) {
    const v = params.get(k);
    if (v !== null) out[k] = v;
  }
  return out;
}

/** Where a redirect URI sends the browser back to, as a person reads it (host, or the app's scheme). */
function returnPlace(uri: string): string {
  const url = new URL(uri);
  return url.host || url.protocol.replace(/:$/, "");
}

/** What the page says about who asks: an MCP assistant (it may act), and a name nobody verified. */
function requester(req: AuthorizeRequest) {
  return { assistant: req.resource !== null, unverified: req.client.dynamic, returnsTo: req.client.dynamic ? returnPlace(req.redirectUri) : null };
}

export async function consentLoader(request: Request, routePlatform?: string) {
  const signedIn = await requireUser(request);
  const url = new URL(request.url);
  const check = await checkAuthorizeRequest(getDb(), url.searchParams, { platform: routePlatform ?? null, mcpResource: mcpResourceUrl(url.origin) });
  if (!check.ok) throw json({ message: check.message }, { status: check.status });
  const { client, platform } = check.value;
  return {
    clientName: client.name,
    companyName: signedIn.company.name,
    email: signedIn.user.email,
    platformName: platform ? platformDisplayName(platform) : null,
    ...requester(check.value),
    hidden: carried(url.searchParams),
  };
}

export async function consentAction(request: Request, routePlatform?: string) {
  const signedIn = await requireUser(request);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ConsentFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") throw refuse(400, "The authorization form could not be read: each parameter may be sent once.");
  const { decision, ...sent } = submission.value as Record<string, string | undefined>;
  const params = new URLSearchParams();
  for (const k of CONSENT_PARAMS) {
    const v = sent[k];
    if (v !== undefined) params.set(k, v);
  }
  const db = getDb();
  const check = await checkAuthorizeRequest(db, params, { platform: routePlatform ?? null, mcpResource: mcpResourceUrl(new URL(request.url).origin) });
  if (!check.ok) throw json({ message: check.message }, { status: check.status });
  if (decision !== "allow") {
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
  const check = await checkAuthorizeRequest(db, url.searchParams, { platform: routePlatform ?? null, mcpResource: mcpResourceUrl(url.origin) });
  if (!check.ok) throw json({ message: check.message }, { status: check.status });
  const platform = check.value.platform;
  if (!platform) throw json({ message: "No platform provided." }, { status: 400 });
  // "Cross-platform ads" (decision 0931) reads the sources of every ads platform.
  const blended = platform === BLENDED_PLATFORM;
  const catalogued = findPlatform(platform);
  const def = blended ? { displayName: BLENDED_PLATFORM_NAME } : catalogued;
  if (!def || (!blended && !hasConnector(platform))) throw json({ message: "You have requested a non existent endpoint." }, { status: 404 });
  const handoff = `/oauth2-authorize/${encodeURIComponent(platform)}/handoff?${new URLSearchParams(carried(url.searchParams))}`;
  if (!signedIn) {
    // Register mode (spec 3 §2.5): a visitor without an account can start by connecting the
    // platform; signing up afterwards brings them back here, now with a source.
    const here = `${url.pathname}${url.search}`;
    return {
      signedOut: true as const,
      platformName: def.displayName,
      registerAction: !blended && supportsRegisterMode(platform) ? `/signup/connect/${encodeURIComponent(platform)}` : null,
      returnTo: here,
      loginHref: `/login?${new URLSearchParams({ redirectTo: here })}`,
      signupHref: "/signup",
    };
  }
  const existing = await db
    .selectFrom("networkAuthorizations")
    .select("id")
    .where("companyId", "=", signedIn.company.id)
    .where("platform", "in", blended ? blendablePlatforms() : [platform])
    .executeTakeFirst();
  const noSkip = url.searchParams.has("noSkip") && url.searchParams.get("noSkip") !== "false";
  if (existing && !noSkip) throw redirect(handoff);
  return {
    signedOut: false as const,
    platformName: def.displayName,
    connectHref: blended ? "/data-connector/sources/new?from=google-data-studio" : `/data-connector/sources/new?platform=${encodeURIComponent(platform)}&from=google-data-studio`,
    handoff,
    hasSource: Boolean(existing),
  };
}
