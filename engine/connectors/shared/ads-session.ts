// The api-key ads platforms whose stored credential is not what API calls carry: client
// credentials (Criteo, Taboola, Outbrain DSP) or a login (Outbrain, The Trade Desk, Xandr) are
// exchanged for a short-lived token first. The token lives with the connector context (never
// persisted: the stored credential can always mint another); a 401 on an API call means it
// expired, so it is minted again once and the call repeated before the 401 counts as "reconnect".
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import type { HttpRequest, PayloadParser } from "../../core/http-types.js";
import type { ConnectorContext } from "../../core/types.js";
import { numberOrString } from "./answers.js";

export interface SessionToken {
  token: string;
  /** Seconds the token lives, when the platform says. */
  expiresIn?: number;
}

export interface SessionSpec {
  platform: string;
  /** Mints a token from ctx.credential (requests with auth: false). */
  login(ctx: ConnectorContext): Promise<SessionToken>;
  /** The headers that carry the token on API calls. */
  headers(token: string): Record<string, string>;
}

export interface SessionClient {
  /** The answer checked by `parser` (decision 0940). */
  json<T>(ctx: ConnectorContext, req: HttpRequest, parser: PayloadParser<T>): Promise<T>;
  text(ctx: ConnectorContext, req: HttpRequest): Promise<string>;
  /** The current token (minted on first use). */
  token(ctx: ConnectorContext): Promise<string>;
  /** A new token, for platforms that say "expired" in a body rather than with a 401. */
  renew(ctx: ConnectorContext): Promise<string>;
  /** Tokens minted so far for this context (tests). */
  logins(ctx: ConnectorContext): number;
}

interface Held {
  token?: Promise<SessionToken & { at: number }>;
  logins: number;
}

/** Renew this long before the announced expiry, so a page never leaves with a dying token. */
const MARGIN_MS = 60_000;

export function sessionClient(spec: SessionSpec): SessionClient {
  const held = new WeakMap<object, Held>();
  const state = (ctx: ConnectorContext): Held => {
    let h = held.get(ctx.http);
    if (!h) held.set(ctx.http, (h = { logins: 0 }));
    return h;
  };
  async function current(ctx: ConnectorContext, renew: boolean): Promise<string> {
    const h = state(ctx);
    if (h.token && !renew) {
      const t = await h.token;
      if (t.expiresIn === undefined || Date.now() < t.at + t.expiresIn * 1000 - MARGIN_MS) return t.token;
    }
    h.logins += 1;
    h.token = spec.login(ctx).then((t) => ({ ...t, at: Date.now() }));
    h.token.catch(() => (h.token = undefined));
    return (await h.token).token;
  }
  async function withToken<T>(ctx: ConnectorContext, req: HttpRequest, send: (req: HttpRequest) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await current(ctx, attempt > 0);
      try {
        return await send({ ...req, auth: false, headers: { ...req.headers, ...spec.headers(token) } });
      } catch (error) {
        if (attempt === 0 && error instanceof ConnectorError && error.status === 401) continue;
        throw error;
      }
    }
  }
  return {
    json: (ctx, req, parser) => withToken(ctx, req, (r) => ctx.http.json(r, parser)),
    text: (ctx, req) => withToken(ctx, req, async (r) => (await ctx.http.request(r)).text),
    token: (ctx) => current(ctx, false),
    renew: (ctx) => current(ctx, true),
    logins: (ctx) => state(ctx).logins,
  };
}

/** RFC 6749 §5.1: expires_in is a number, though some servers send it as a string. */
export const tokenAnswer = z.looseObject({ access_token: z.string().nullish(), expires_in: numberOrString.nullish() });

/** RFC 6749 §4.4 client credentials grant, answered {access_token, expires_in}. */
export async function clientCredentialsToken(ctx: ConnectorContext, platform: string, url: string, clientId: string, clientSecret: string, extra: Record<string, string> = {}, clientAuth: "body" | "basic" = "body"): Promise<SessionToken> {
  const basic = clientAuth === "basic";
  const body = await ctx.http.json(
    {
      method: "POST",
      url,
      auth: false,
      headers: basic ? { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}` } : undefined,
      form: { grant_type: "client_credentials", ...(basic ? {} : { client_id: clientId, client_secret: clientSecret }), ...extra },
    },
    tokenAnswer,
  );
  if (!body.access_token) throw new ConnectorError({ kind: "system", platform, message: `${platform} answered the token request without an access_token.` });
  return { token: body.access_token, expiresIn: body.expires_in == null ? undefined : Number(body.expires_in) };
}

/** OAuth 2.0 token-endpoint refusals that mean the stored client id/secret or login is wrong. */
export const isTokenRefusal = (body: any): boolean => ["invalid_client", "invalid_grant", "unauthorized_client"].includes(String(body?.error ?? ""));

/**
 * A Bearer session minted by the client credentials grant from the stored client id and secret
 * (`credentials` reads them from the form's slots), at `tokenPath` on the API's origin.
 */
export function clientCredentialsSession(opts: {
  platform: string;
  displayName: string;
  tokenPath: string;
  credentials(ctx: ConnectorContext): { clientId?: string; clientSecret?: string };
}): SessionClient {
  return sessionClient({
    platform: opts.platform,
    login(ctx) {
      const { clientId, clientSecret } = opts.credentials(ctx);
      if (!clientId || !clientSecret) {
        throw new ConnectorError({ kind: "config", platform: opts.platform, message: `${opts.displayName} needs the API client id and secret. Reconnect the source.` });
      }
      return clientCredentialsToken(ctx, opts.platform, new URL(opts.tokenPath, ctx.http.baseUrl).toString(), clientId, clientSecret);
    },
    headers: (token) => ({ authorization: `Bearer ${token}` }),
  });
}
