// RFC 5849 §3.4 on the fake's side: recompute a request's HMAC-SHA1 signature from its query,
// form body and oauth_* header parameters, so OAuth 1.0a fakes (X Ads, ...) can refuse bad ones.
import { createHmac } from "node:crypto";
import type { RecordedRequest } from "./fake-server.js";

/** RFC 3986 percent-encoding, as OAuth 1.0a requires (stricter than encodeURIComponent). */
export const oauthEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The oauth_* parameters of an `Authorization: OAuth ...` header. */
export function oauthParams(req: RecordedRequest): Record<string, string> | undefined {
  const header = String(req.headers.authorization ?? "");
  if (!header.startsWith("OAuth ")) return undefined;
  const out: Record<string, string> = {};
  for (const m of header.slice(6).matchAll(/([a-z_]+)="([^"]*)"/g)) out[m[1]] = decodeURIComponent(m[2]);
  return out;
}

export interface OAuth1Keys {
  consumerKey: string;
  consumerSecret: string;
  token: string;
  tokenSecret: string;
}

/** True when the request carries these keys and a correct HMAC-SHA1 signature. */
export function verifyOAuth1(req: RecordedRequest, origin: string, keys: OAuth1Keys): boolean {
  const oauth = oauthParams(req);
  if (!oauth || oauth.oauth_consumer_key !== keys.consumerKey || oauth.oauth_token !== keys.token || oauth.oauth_signature_method !== "HMAC-SHA1") return false;
  const params: [string, string][] = [];
  req.query.forEach((v, k) => params.push([k, v]));
  if (String(req.headers["content-type"] ?? "").includes("x-www-form-urlencoded")) req.form().forEach((v, k) => params.push([k, v]));
  for (const [k, v] of Object.entries(oauth)) if (k !== "oauth_signature") params.push([k, v]);
  const normalized = params
    .map(([k, v]) => [oauthEncode(k), oauthEncode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const base = [req.method, oauthEncode(`${origin}${req.path}`), oauthEncode(normalized)].join("&");
  const key = `${oauthEncode(keys.consumerSecret)}&${oauthEncode(keys.tokenSecret)}`;
  return createHmac("sha1", key).update(base).digest("base64") === oauth.oauth_signature;
}
