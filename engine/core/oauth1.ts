// OAuth 1.0a (RFC 5849) with HMAC-SHA1, as X/Twitter Ads still requires: the three-legged dance
// and per-request signing. The signature itself comes from the oauth-1.0a package.
import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import { ConnectorError } from "./errors.js";
import { redact } from "./redact.js";
import type { OAuth1Config, OAuth1Credential } from "./types.js";

export interface OAuth1Consumer {
  key: string;
  secret: string;
}

function client(consumer: OAuth1Consumer): OAuth {
  return new OAuth({
    consumer: { key: consumer.key, secret: consumer.secret },
    signature_method: "HMAC-SHA1",
    hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
  });
}

/**
 * The Authorization header value for one request. Query parameters are read from the URL and
 * form parameters from `form`, because both enter the signature base string (RFC 5849 §3.4.1.3).
 */
export function signOAuth1(
  consumer: OAuth1Consumer,
  token: { token: string; tokenSecret: string } | undefined,
  request: { method: string; url: string; form?: Record<string, string>; extra?: Record<string, string> },
): string {
  const oauth = client(consumer);
  const data = { ...(request.form ?? {}), ...(request.extra ?? {}) };
  const authorization = oauth.authorize(
    { url: request.url, method: request.method, data },
    token ? { key: token.token, secret: token.tokenSecret } : undefined,
  );
  return oauth.toHeader(authorization).Authorization;
}

interface DanceOptions {
  platform: string;
  consumer: OAuth1Consumer;
  fetch?: typeof fetch;
  /** Overrides the config URLs' origin (fakes in tests). */
  baseUrl?: string;
}

function rebase(url: string, baseUrl?: string): string {
  if (!baseUrl) return url;
  const original = new URL(url);
  return new URL(original.pathname + original.search, baseUrl).toString();
}

async function postSigned(
  url: string,
  opts: DanceOptions,
  token: { token: string; tokenSecret: string } | undefined,
  extra: Record<string, string>,
): Promise<URLSearchParams> {
  const authorization = signOAuth1(opts.consumer, token, { method: "POST", url, extra });
  let response: Response;
  try {
    response = await (opts.fetch ?? fetch)(url, { method: "POST", headers: { authorization } });
  } catch (cause) {
    throw new ConnectorError({
      kind: "transient",
      platform: opts.platform,
      message: `Could not reach ${opts.platform}'s sign-in service. Try again in a few minutes.`,
      request: { method: "POST", url },
      cause,
    });
  }
  const text = await response.text();
  if (!response.ok) {
    const secrets = [opts.consumer.secret, token?.tokenSecret ?? ""];
    throw new ConnectorError({
      kind: response.status >= 500 || response.status === 429 ? "transient" : "config",
      platform: opts.platform,
      message: `${opts.platform} refused the authorization (HTTP ${response.status}). Start the connection again.`,
      request: { method: "POST", url: redact(url, secrets) },
      status: response.status,
      bodyExcerpt: redact(text.slice(0, 300), secrets),
    });
  }
  return new URLSearchParams(text);
}

/** Step 1: a temporary request token bound to our callback URL. */
export async function getRequestToken(
  config: OAuth1Config,
  opts: DanceOptions & { callbackUrl: string },
): Promise<{ token: string; tokenSecret: string }> {
  const url = rebase(config.requestTokenUrl, opts.baseUrl);
  const params = await postSigned(url, opts, undefined, { oauth_callback: opts.callbackUrl });
  const token = params.get("oauth_token");
  const tokenSecret = params.get("oauth_token_secret");
  if (!token || !tokenSecret) {
    throw new ConnectorError({ kind: "system", platform: opts.platform, message: `${opts.platform} sent no request token.` });
  }
  return { token, tokenSecret };
}

/** Step 2: where the user's browser goes to approve. */
export function buildOAuth1AuthorizeUrl(config: OAuth1Config, requestToken: string): string {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set("oauth_token", requestToken);
  return url.toString();
}

/** Step 3: trade the approved request token and verifier for the access token. */
export async function exchangeVerifier(
  config: OAuth1Config,
  opts: DanceOptions & { token: string; tokenSecret: string; verifier: string },
): Promise<OAuth1Credential> {
  const url = rebase(config.accessTokenUrl, opts.baseUrl);
  const params = await postSigned(url, opts, { token: opts.token, tokenSecret: opts.tokenSecret }, { oauth_verifier: opts.verifier });
  const token = params.get("oauth_token");
  const tokenSecret = params.get("oauth_token_secret");
  if (!token || !tokenSecret) {
    throw new ConnectorError({ kind: "system", platform: opts.platform, message: `${opts.platform} sent no access token.` });
  }
  return { type: "oauth1", token, tokenSecret };
}
