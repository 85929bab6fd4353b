// The one way connectors talk to platforms. It owns the cross-cutting rules so that a connector
// only says what to ask: allowed hosts, auth, token refresh, rate budgets, retries with backoff
// and Retry-After, error classification and redacted logging.
import pRetry, { AbortError } from "p-retry";
import { ConnectorError } from "./errors.js";
import type { HttpClient, HttpRequest, HttpResponse, PayloadParser, PreparedRequest, QueryValue } from "./http-types.js";
import { redactingLogger, type Logger } from "./logger.js";
import { signOAuth1 } from "./oauth1.js";
import { expiresSoon, refreshToken } from "./oauth2.js";
import { outboundRefusal } from "./outbound.js";
import { limiterFor } from "./rate-limit.js";
import { redact, secretsOf } from "./redact.js";
import type { AppCredentials, Connector, Credential, OAuth2Config, RateLimitPolicy } from "./types.js";

export type { HttpClient, HttpRequest, HttpResponse, PayloadParser, PreparedRequest } from "./http-types.js";

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries?: number;
  minTimeoutMs?: number;
  maxTimeoutMs?: number;
  /** A Retry-After longer than this is not waited in-process: the error carries it to the caller. */
  maxRetryAfterMs?: number;
}

export interface HttpClientOptions {
  platform: string;
  allowedHosts: readonly string[];
  baseUrl: string;
  credential: Credential;
  app?: AppCredentials;
  authorize?: Connector["authorize"];
  classifyError?: Connector["classifyError"];
  /** Needed to refresh oauth2 credentials; tokenUrl may point at a fake. */
  oauth2?: OAuth2Config;
  onCredentialRefreshed?: (credential: Credential) => Promise<void>;
  rateLimit?: RateLimitPolicy;
  retry?: RetryPolicy;
  timeoutMs?: number;
  log?: Logger;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  now?: () => Date;
}

const DEFAULT_RETRY: Required<RetryPolicy> = {
  retries: 4,
  minTimeoutMs: 500,
  maxTimeoutMs: 30_000,
  maxRetryAfterMs: 120_000,
};
const DEFAULT_TIMEOUT_MS = 120_000;
const EXCERPT_LENGTH = 500;

/** "api.example.com", "*.example.com" (any subdomain) or "127.0.0.1:4000" (host with port). */
export function hostAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  const hostname = url.hostname.toLowerCase();
  const host = url.host.toLowerCase();
  return allowedHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    if (allowed.startsWith("*.")) return hostname.endsWith(allowed.slice(1));
    return allowed.includes(":") ? host === allowed : hostname === allowed;
  });
}

/** Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: Date = new Date()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

function appendQuery(url: URL, query: Record<string, QueryValue> | undefined): void {
  if (!query) return;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function defaultAuthorize(req: PreparedRequest, credential: Credential, app: AppCredentials | undefined, platform: string): void {
  switch (credential.type) {
    case "oauth2":
      req.headers.authorization = `Bearer ${credential.accessToken}`;
      return;
    case "api-key":
      req.headers.authorization = `Bearer ${credential.key}`;
      return;
    case "oauth1": {
      if (!app?.clientId || !app.clientSecret) {
        throw new ConnectorError({
          kind: "system",
          platform,
          message: `The ${platform} OAuth 1.0a consumer key and secret are not configured on this server.`,
        });
      }
      req.headers.authorization = signOAuth1(
        { key: app.clientId, secret: app.clientSecret },
        { token: credential.token, tokenSecret: credential.tokenSecret },
        { method: req.method, url: req.url.toString(), form: req.form },
      );
      return;
    }
  }
}

/** A buffered answer; `decode` checks its JSON against a parser, the way the client's json() does. */
function buffered(response: Response, text: string, decode?: <T>(parser: PayloadParser<T>) => T): HttpResponse {
  return {
    status: response.status,
    headers: response.headers,
    url: response.url,
    text,
    json<T>(parser?: PayloadParser<T>) {
      return parser && decode ? decode(parser) : (JSON.parse(text) as T);
    },
  };
}

/** "orders.0.total: Invalid input" from a zod error's issues; any other error's own message. */
function parserProblem(cause: unknown): string {
  const issues = (cause as { issues?: unknown } | null)?.issues;
  if (Array.isArray(issues) && issues.length > 0) {
    return issues
      .slice(0, 3)
      .map((issue: { path?: PropertyKey[]; message?: string }) => `${(issue.path ?? []).map(String).join(".") || "(the answer)"}: ${issue.message ?? "invalid"}`)
      .join("; ");
  }
  return cause instanceof Error ? cause.message : String(cause);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const platform = options.platform;
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  let credential = options.credential;
  let refreshing: Promise<void> | undefined;

  const secrets = () => secretsOf(credential, options.credential, options.app?.clientSecret ? { clientSecret: options.app.clientSecret } : {}, options.app?.extra ?? {});
  const log = redactingLogger(options.log, secrets);
  const scrub = <T>(value: T): T => redact(value, secrets());

  const baseHostEntries = (() => {
    try {
      return [new URL(options.baseUrl).host];
    } catch {
      return [];
    }
  })();
  const allowed = [...options.allowedHosts, ...baseHostEntries];
  const budgetKey = (req: HttpRequest) => req.account ?? "credential";

  function prepare(req: HttpRequest): PreparedRequest {
    let url: URL;
    try {
      url = resolveUrl(req.url, options.baseUrl);
    } catch (cause) {
      throw new ConnectorError({ kind: "system", platform, message: `Invalid URL for ${platform}: ${scrub(req.url)}`, cause });
    }
    appendQuery(url, req.query);
    if (!hostAllowed(url, allowed)) {
      throw new ConnectorError({
        kind: "system",
        platform,
        message: `Refused a request to ${url.host}: it is not one of ${platform}'s allowed hosts.`,
        request: { method: req.method ?? "GET", url: scrub(url.toString()) },
      });
    }
    const headers: Record<string, string> = { accept: "application/json", ...lowerKeys(req.headers) };
    let body = req.body;
    if (req.json !== undefined) {
      headers["content-type"] ??= "application/json";
      body = JSON.stringify(req.json);
    } else if (req.form) {
      headers["content-type"] ??= "application/x-www-form-urlencoded";
      body = new URLSearchParams(req.form).toString();
    }
    return { method: req.method ?? "GET", url, headers, body, form: req.form };
  }

  async function refresh(): Promise<void> {
    if (credential.type !== "oauth2" || !options.oauth2) return;
    if (!options.app?.clientId || !options.app.clientSecret) {
      throw new ConnectorError({
        kind: "system",
        platform,
        message: `Cannot renew the ${platform} token: the OAuth client id and secret are not configured on this server.`,
      });
    }
    // One refresh at a time: parallel requests hitting 401 together wait for the same new token.
    refreshing ??= (async () => {
      const previous = credential;
      if (previous.type !== "oauth2") return;
      const next = await refreshToken(options.oauth2!, previous, {
        platform,
        client: { clientId: options.app!.clientId!, clientSecret: options.app!.clientSecret! },
        fetch: doFetch,
        now,
        signal: options.signal,
      });
      credential = next;
      log.info("token refreshed", { platform, expiresAt: next.expiresAt });
      await options.onCredentialRefreshed?.(next);
    })().finally(() => {
      refreshing = undefined;
    });
    await refreshing;
  }

  const canRefresh = () => credential.type === "oauth2" && !!credential.refreshToken && !!options.oauth2;

  function classify(response: Response, text: string, prepared: PreparedRequest): ConnectorError {
    const request = { method: prepared.method, url: scrub(prepared.url.toString()) };
    const bodyExcerpt = scrub(text.slice(0, EXCERPT_LENGTH));
    const custom = options.classifyError?.(buffered(response, text), prepared);
    if (custom) return custom;
    const status = response.status;
    if (status === 401) {
      return new ConnectorError({
        kind: "config",
        platform,
        status,
        request,
        bodyExcerpt,
        message: `${platform} rejected the credentials (HTTP 401). Reconnect the source to authorize access again.`,
      });
    }
    if (status === 403) {
      return new ConnectorError({
        kind: "config",
        platform,
        status,
        request,
        bodyExcerpt,
        message: `${platform} denied access (HTTP 403). Check that the connected login can read this account, then refresh the connection.`,
      });
    }
    if (status === 429 || status === 408 || status >= 500) {
      return new ConnectorError({
        kind: "transient",
        platform,
        status,
        request,
        bodyExcerpt,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), now()),
        message:
          status === 429
            ? `${platform} is rate limiting requests (HTTP 429). The extraction will resume later.`
            : `${platform} is unavailable (HTTP ${status}). The extraction will be retried.`,
      });
    }
    return new ConnectorError({
      kind: "system",
      platform,
      status,
      request,
      bodyExcerpt,
      message: `${platform} rejected the request (HTTP ${status}).`,
    });
  }

  function retryable(error: Error): boolean {
    if (!(error instanceof ConnectorError) || error.kind !== "transient") return false;
    // A long Retry-After is the caller's to schedule (Temporal retries the activity later).
    return error.retryAfterMs === undefined || error.retryAfterMs <= retry.maxRetryAfterMs;
  }

  async function send(req: HttpRequest, mode: "buffer" | "stream"): Promise<{ response: Response; text: string }> {
    const base = prepare(req);
    const expect = new Set(req.expect ?? []);
    let refreshedThisRequest = false;

    const attemptOnce = async (attempt: number): Promise<{ response: Response; text: string }> => {
      // Once per request at most: a provider issuing very short-lived tokens must not loop us.
      if (req.auth !== false && !refreshedThisRequest && credential.type === "oauth2" && canRefresh() && expiresSoon(credential, now())) {
        await refresh();
        // Set only after success: a transient token-endpoint failure is retried, not turned into a 401.
        refreshedThisRequest = true;
      }
      const usedCredential = credential;
      const prepared: PreparedRequest = { ...base, url: new URL(base.url), headers: { ...base.headers } };
      if (req.auth !== false) {
        if (options.authorize) options.authorize(prepared, credential, options.app);
        else defaultAuthorize(prepared, credential, options.app, platform);
      }
      const started = Date.now();
      // The timeout covers the wait for headers and, when buffering, the body. A streamed body is
      // not cut by it (a large report may take minutes); ctx.signal still cancels it.
      const timeout = new AbortController();
      const timer = setTimeout(
        () => timeout.abort(new DOMException("request timed out", "TimeoutError")),
        req.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      );
      const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
      let response: Response;
      let text = "";
      try {
        response = await limiterFor(platform, budgetKey(req), options.rateLimit).schedule(() =>
          doFetch(prepared.url, { method: prepared.method, headers: prepared.headers, body: prepared.body, signal }),
        );
        if (mode === "buffer" || !(response.ok || expect.has(response.status))) text = await response.text();
      } catch (cause) {
        clearTimeout(timer);
        if (options.signal?.aborted) throw new AbortError(cause instanceof Error ? cause : String(cause));
        // The outbound guard refused the address (a store URL on a private network, a redirect to
        // one): the user must change it, retrying will not help.
        const refusal = outboundRefusal(cause);
        if (refusal) {
          throw new ConnectorError({ kind: "config", platform, request: { method: prepared.method, url: scrub(prepared.url.toString()) }, message: refusal.message, cause });
        }
        const timedOut = cause instanceof Error && cause.name === "TimeoutError";
        log.warn("http network error", { method: prepared.method, url: prepared.url.toString(), attempt, error: cause });
        throw new ConnectorError({
          kind: "transient",
          platform,
          request: { method: prepared.method, url: scrub(prepared.url.toString()) },
          message: timedOut
            ? `${platform} did not answer in time. The extraction will be retried.`
            : `Could not reach ${platform} (${scrub(cause instanceof Error ? cause.message : String(cause))}). The extraction will be retried.`,
          cause,
        });
      }
      clearTimeout(timer);
      log.debug("http", {
        method: prepared.method,
        url: prepared.url.toString(),
        status: response.status,
        ms: Date.now() - started,
        attempt,
      });
      if (response.ok || expect.has(response.status)) return { response, text };
      if (response.status === 401 && req.auth !== false && canRefresh() && !refreshedThisRequest) {
        // Another request may have refreshed while this one was in flight: then just resend.
        if (credential === usedCredential) await refresh();
        refreshedThisRequest = true;
        return attemptOnce(attempt);
      }
      throw classify(response, text, prepared);
    };

    return pRetry(attemptOnce, {
      retries: req.retries ?? retry.retries,
      factor: 2,
      minTimeout: retry.minTimeoutMs,
      maxTimeout: retry.maxTimeoutMs,
      randomize: true,
      signal: options.signal,
      shouldRetry: retryable,
      onFailedAttempt: async (error) => {
        // p-retry calls this even after shouldRetry said no; never sleep for an attempt that will not come.
        if (error.retriesLeft <= 0 || !retryable(error)) return;
        const wait = error instanceof ConnectorError ? error.retryAfterMs : undefined;
        log.warn("http retry", { platform, attempt: error.attemptNumber, retriesLeft: error.retriesLeft, waitMs: wait, error: error.message });
        if (wait) await sleep(wait, options.signal);
      },
    });
  }

  /** The answer's JSON, checked by the parser when one is given: a surprise is a system error with a redacted excerpt. */
  function decode<T>(response: Response, text: string, req: HttpRequest, parser?: PayloadParser<T>): T {
    const request = { method: req.method ?? "GET", url: scrub(response.url || req.url) };
    const failure = (message: string, cause: unknown) =>
      new ConnectorError({ kind: "system", platform, request, status: response.status, bodyExcerpt: scrub(text.slice(0, EXCERPT_LENGTH)), message, cause });
    let data: unknown;
    try {
      data = text === "" ? null : JSON.parse(text);
    } catch (cause) {
      throw failure(`${platform} answered with something that is not JSON. This is likely a temporary platform problem; contact support if it persists.`, cause);
    }
    if (!parser) return data as T;
    try {
      return parser.parse(data);
    } catch (cause) {
      throw failure(`${platform} answered with an unexpected payload (${scrub(parserProblem(cause).slice(0, 200))}).`, cause);
    }
  }

  return {
    get credential() {
      return credential;
    },
    baseUrl: options.baseUrl,
    async request(req) {
      const { response, text } = await send(req, "buffer");
      return buffered(response, text, (parser) => decode(response, text, req, parser));
    },
    async json<T>(req: HttpRequest, parser?: PayloadParser<T>): Promise<T> {
      const { response, text } = await send(req, "buffer");
      return decode(response, text, req, parser);
    },
    async stream(req) {
      const { response } = await send(req, "stream");
      return response;
    },
    redact: scrub,
  };
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v;
  return out;
}

/**
 * Relative URLs keep the base URL's path: "/campaigns" against https://api.x.com/v17 gives
 * https://api.x.com/v17/campaigns (plain `new URL` would drop /v17).
 */
export function resolveUrl(url: string, baseUrl: string): URL {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return new URL(url);
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, "");
  return new URL(basePath + (url.startsWith("/") ? url : `/${url}`), base.origin);
}
