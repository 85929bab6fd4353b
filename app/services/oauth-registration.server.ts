// POST /oauth/register: RFC 7591 dynamic client registration, so that an MCP assistant (Claude,
// ChatGPT, an IDE) can sign in without an operator registering it first (decision 0910). The
// body is read with the MCP SDK's own schema of client metadata; what we accept on top of it:
// - redirect URIs (at most 10) that cannot hand a code to someone else's page: https, http on
//   the loopback interface only (RFC 8252 §7.3, a native app's local listener), or a private-use
//   scheme in reverse-domain form (RFC 8252 §7.1: com.example.app:/callback); never a fragment;
// - "none" (a public client: PKCE is then required, decision 0861), client_secret_basic or
//   client_secret_post (a secret is issued, stored as its digest);
// - the authorization_code and refresh_token grants, the code response type.
// The name is the client's own claim: the consent page says it is unverified and where it sends
// the browser back. Registrations are counted per client address; clients nobody authorized are
// deleted after a day.
import { randomUUID } from "node:crypto";
import { OAuthClientMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { DB } from "../../db/connection.js";
import { countRecentRegistrations, insertDynamicClient, pruneUnusedDynamicClients } from "../../db/repositories/oauth-registrations.js";
import { getEnv } from "../../lib/env.js";
import { randomToken, tokenDigest } from "../../lib/secrets.js";

const MAX_BODY = 16 * 1024;
const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const HOUR_MS = 60 * 60 * 1000;
const UNUSED_CLIENT_TTL_MS = 24 * HOUR_MS;
const AUTH_METHODS = ["none", "client_secret_basic", "client_secret_post"] as const;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
// Schemes a browser runs or reads locally: never a place to send a code.
const FORBIDDEN_SCHEMES = new Set(["javascript:", "data:", "file:", "vbscript:", "blob:", "about:", "filesystem:"]);

function answer(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", Pragma: "no-cache", ...headers } });
}

function refusal(error: "invalid_client_metadata" | "invalid_redirect_uri" | "invalid_request", description: string, status = 400): Response {
  return answer({ error, error_description: description }, status);
}

/** Why a redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(raw: string): string | null {
  if (raw.length > MAX_URI_LENGTH) return `A redirect URI may be at most ${MAX_URI_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw.slice(0, 100)}" is not an absolute URI.`;
  }
  if (url.hash || raw.includes("#")) return "A redirect URI may not contain a fragment (#).";
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `The ${url.protocol} scheme cannot receive an authorization code.`;
  if (url.protocol === "https:") return url.username || url.password ? "A redirect URI may not carry a user name or password." : null;
  if (url.protocol === "http:") {
    return LOOPBACK_HOSTS.has(url.hostname) ? null : "Plain http is only accepted on the loopback interface (http://127.0.0.1, http://[::1] or http://localhost); use https.";
  }
  // RFC 8252 §7.1: a private-use scheme is a reverse domain name the app owns (com.example.app).
  return /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol) ? null : `The ${url.protocol} scheme is not accepted: use https, a loopback http address, or a reverse-domain scheme such as com.example.app:.`;
}

/** Control characters, zero-width and bidirectional overrides: what could make a name read as another. */
function invisible(codePoint: number): boolean {
  return codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f) || (codePoint >= 0x200b && codePoint <= 0x200f) || (codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069);
}

/** A display name: the client's claim, cut to one plain line. */
function displayName(raw: string | undefined): string {
  const cleaned = [...(raw ?? "")].filter((ch) => !invisible(ch.codePointAt(0)!)).join("").replace(/\s+/g, " ").trim();
  return cleaned.slice(0, 80) || "MCP client";
}

export async function answerRegistration(request: Request, deps: { db: DB; clientAddress: string | null }): Promise<Response> {
  if (request.method.toUpperCase() !== "POST") return answer({ error: "invalid_request", error_description: "Use POST." }, 405, { Allow: "POST" });
  if (!(request.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) return refusal("invalid_request", "Send the client metadata as application/json.");
  const text = await request.text();
  if (text.length > MAX_BODY) return refusal("invalid_request", `The client metadata may be at most ${MAX_BODY} bytes.`, 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refusal("invalid_request", "The body is not valid JSON.");
  }
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "");
    return refusal(field === "redirect_uris" ? "invalid_redirect_uri" : "invalid_client_metadata", `${issue?.path.join(".") || "metadata"}: ${issue?.message ?? "invalid"}`);
  }
  const metadata = parsed.data;
  if (metadata.redirect_uris.length === 0) return refusal("invalid_redirect_uri", "Register at least one redirect URI.");
  if (metadata.redirect_uris.length > MAX_REDIRECT_URIS) return refusal("invalid_redirect_uri", `Register at most ${MAX_REDIRECT_URIS} redirect URIs.`);
  for (const uri of metadata.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) return refusal("invalid_redirect_uri", problem);
  }
  // RFC 7591 §2: an absent method means client_secret_basic.
  const method = metadata.token_endpoint_auth_method ?? "client_secret_basic";
  if (!(AUTH_METHODS as readonly string[]).includes(method)) return refusal("invalid_client_metadata", `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(", ")}.`);
  const grants = metadata.grant_types ?? ["authorization_code"];
  const badGrant = grants.find((g) => g !== "authorization_code" && g !== "refresh_token");
  if (badGrant) return refusal("invalid_client_metadata", `The ${badGrant.slice(0, 60)} grant is not supported (authorization_code and refresh_token are).`);
  const badResponse = (metadata.response_types ?? ["code"]).find((r) => r !== "code");
  if (badResponse) return refusal("invalid_client_metadata", `The ${badResponse.slice(0, 60)} response type is not supported (code is).`);

  const { MCP_REGISTRATIONS_PER_HOUR: perHour } = getEnv();
  if (deps.clientAddress && (await countRecentRegistrations(deps.db, deps.clientAddress, HOUR_MS)) >= perHour) {
    return answer({ error: "invalid_request", error_description: `Too many applications were registered from your address: at most ${perHour} an hour. Try again later.` }, 429, { "Retry-After": "3600" });
  }
  await pruneUnusedDynamicClients(deps.db, UNUSED_CLIENT_TTL_MS);
  const clientId = `mcp-${randomUUID()}`;
  const secret = method === "none" ? null : randomToken();
  const name = displayName(metadata.client_name);
  const createdAt = await insertDynamicClient(deps.db, { id: clientId, name, secretDigest: secret ? tokenDigest(secret) : null, redirectUris: metadata.redirect_uris, registeredIp: deps.clientAddress });
  return answer(
    {
      client_id: clientId,
      client_id_issued_at: Math.floor(createdAt.getTime() / 1000),
      ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
      client_name: name,
      redirect_uris: metadata.redirect_uris,
      token_endpoint_auth_method: method,
      grant_types: grants,
      response_types: ["code"],
    },
    201,
  );
}
