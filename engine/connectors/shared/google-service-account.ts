// Google APIs called as the product's own service account (Play Console report buckets, the Play
// Developer API): an RS256 JWT assertion signed with the account's key is exchanged at its
// token_uri for a one-hour access token (RFC 7523 jwt-bearer grant,
// https://developers.google.com/identity/protocols/oauth2/service-account#httprest).
// The key comes from the app credentials (env {PLATFORM}_SERVICE_ACCOUNT_KEY: the JSON key file),
// never from the user; the user only grants that account access in their own console.
import { sign } from "node:crypto";
import { ConnectorError } from "../../core/errors.js";
import type { ConnectorContext } from "../../core/types.js";
import { sessionClient, tokenAnswer, type SessionClient } from "./ads-session.js";

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri?: string;
}

const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";
const b64url = (v: string | Buffer) => Buffer.from(v).toString("base64url");

export function serviceAccountOf(ctx: ConnectorContext, platform: string): ServiceAccountKey {
  const extra = ctx.app?.extra ?? {};
  let key: Partial<ServiceAccountKey> = {};
  try {
    if (extra.serviceAccountKey) key = JSON.parse(extra.serviceAccountKey) as ServiceAccountKey;
  } catch {
    key = {};
  }
  const email = key.client_email ?? extra.serviceAccountEmail;
  const privateKey = (key.private_key ?? extra.serviceAccountPrivateKey)?.replace(/\\n/g, "\n");
  if (!email || !privateKey) {
    throw new ConnectorError({ kind: "system", platform, message: `The ${platform} service account is not configured on this server (${platform.toUpperCase().replace(/-/g, "_")}_SERVICE_ACCOUNT_KEY).` });
  }
  return { client_email: email, private_key: privateKey, private_key_id: key.private_key_id, token_uri: key.token_uri };
}

export function serviceAccountAssertion(key: ServiceAccountKey, scopes: string[], audience: string, now = new Date()): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", ...(key.private_key_id ? { kid: key.private_key_id } : {}) }));
  const claims = b64url(JSON.stringify({ iss: key.client_email, scope: scopes.join(" "), aud: audience, iat, exp: iat + 3600 }));
  return `${header}.${claims}.${b64url(sign("RSA-SHA256", Buffer.from(`${header}.${claims}`), key.private_key))}`;
}

/** A Bearer session of the service account; with a base URL override the token endpoint is the fake's /token. */
export function serviceAccountSession(platform: string, scopes: string[]): SessionClient {
  return sessionClient({
    platform,
    async login(ctx) {
      const key = serviceAccountOf(ctx, platform);
      const tokenUri = ctx.baseUrl ? `${ctx.baseUrl.replace(/\/$/, "")}/token` : (key.token_uri ?? GOOGLE_TOKEN_URI);
      const body = await ctx.http.json(
        {
          method: "POST",
          url: tokenUri,
          auth: false,
          form: { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: serviceAccountAssertion(key, scopes, key.token_uri ?? GOOGLE_TOKEN_URI) },
        },
        tokenAnswer,
      );
      if (!body.access_token) throw new ConnectorError({ kind: "system", platform, message: `${platform}: Google answered the service account token request without an access_token.` });
      return { token: body.access_token, expiresIn: body.expires_in == null ? undefined : Number(body.expires_in) };
    },
    headers: (token) => ({ authorization: `Bearer ${token}` }),
  });
}
