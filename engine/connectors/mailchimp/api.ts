// Where a Mailchimp account's API lives and how to sign in to it. An API key carries its data
// center ("...-us6" -> https://us6.api.mailchimp.com). An OAuth token does not: the metadata
// endpoint at login.mailchimp.com names it (dc, api_endpoint), and wants "Authorization: OAuth".
// https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/
import { z } from "zod";
import { memoForContext } from "../../core/context-cache.js";
import { ConnectorError } from "../../core/errors.js";
import { parseRetryAfter } from "../../core/http.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { redact } from "../../core/redact.js";
import type { ConnectorContext, Credential } from "../../core/types.js";
import { errorBody } from "../shared/answers.js";

export const PLATFORM = "mailchimp";
export const LOGIN_URL = "https://login.mailchimp.com";
export const METADATA_PATH = "/oauth2/metadata";

const metadata = z.object({ dc: z.string(), api_endpoint: z.string(), accountname: z.string().optional(), login: z.object({ email: z.string().optional() }).passthrough().optional() }).passthrough();
export type Metadata = z.infer<typeof metadata>;

/** The data center suffix of an API key ("0123abcd-us6" -> "us6"). */
export function dataCenterOfKey(key: string): string | undefined {
  const match = /-([a-z]+\d+)$/.exec(key.trim());
  return match?.[1];
}

export function baseUrlForCredential(credential: Credential): string | undefined {
  if (credential.type !== "api-key") return undefined;
  const dc = dataCenterOfKey(credential.key);
  return dc ? `https://${dc}.api.mailchimp.com` : undefined;
}

export function oauthMetadata(ctx: ConnectorContext): Promise<Metadata> {
  return memoForContext(ctx, "mailchimp-metadata", () => ctx.http.json({ url: METADATA_PATH }, metadata));
}

/** The API root (scheme and host) requests go to: the key's data center, or the token's api_endpoint. */
export async function apiRoot(ctx: ConnectorContext): Promise<string> {
  const credential = ctx.http.credential;
  if (credential.type === "oauth2") return (await oauthMetadata(ctx)).api_endpoint.replace(/\/$/, "");
  if (credential.type === "api-key" && !ctx.baseUrl && !dataCenterOfKey(credential.key)) {
    throw new ConnectorError({ kind: "config", platform: PLATFORM, message: 'This Mailchimp API key has no data center suffix (like "-us6"). Copy the whole key from Account > Extras > API keys.' });
  }
  return ctx.http.baseUrl.replace(/\/$/, "");
}

export function authorizeMailchimp(request: PreparedRequest, credential: Credential): void {
  if (credential.type === "oauth2") {
    request.headers.authorization = `${request.url.pathname === METADATA_PATH ? "OAuth" : "Bearer"} ${credential.accessToken}`;
  } else if (credential.type === "api-key") {
    // HTTP Basic with any user name and the key as password.
    request.headers.authorization = `Basic ${Buffer.from(`signalpost:${credential.key}`).toString("base64")}`;
  }
}

/** Mailchimp errors are problem details: {"type","title","status","detail","instance"}. */
const problemDetails = z.object({ title: z.string(), detail: z.string().nullish().catch(undefined) });

export function classifyMailchimpError(response: HttpResponse, request: PreparedRequest): ConnectorError | undefined {
  const body = errorBody(response, problemDetails);
  if (!body) return undefined;
  const said = redact(`${body.title}${body.detail ? `: ${body.detail.slice(0, 200)}` : ""}`);
  const base = { platform: PLATFORM, status: response.status, request: { method: request.method, url: redact(request.url.toString()) }, bodyExcerpt: redact(response.text.slice(0, 500)) };
  if (response.status === 401) return new ConnectorError({ ...base, kind: "config", message: `Mailchimp rejected the credentials (${said}). Reconnect the Mailchimp source.` });
  if (response.status === 403) return new ConnectorError({ ...base, kind: "config", message: `Mailchimp denied access (${said}). The connected user needs the Manager or Admin role on this account.` });
  if (response.status === 429) {
    // The limit is 10 simultaneous connections per user; it clears as soon as one finishes.
    return new ConnectorError({ ...base, kind: "transient", retryAfterMs: parseRetryAfter(response.headers.get("retry-after")), message: `Mailchimp is limiting simultaneous requests (${said}). Retrying shortly.` });
  }
  if (response.status >= 500) return undefined;
  return new ConnectorError({ ...base, kind: "system", message: `Mailchimp rejected the request (${said}).` });
}
