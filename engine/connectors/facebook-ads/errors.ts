// Graph API errors arrive as {"error":{"message","type","code","error_subcode","is_transient",
// "fbtrace_id"}} with HTTP 400 for most of them, so the status alone says little: the code does.
// https://developers.facebook.com/docs/graph-api/guides/error-handling
// https://developers.facebook.com/docs/marketing-api/overview/rate-limiting
import { ConnectorError } from "../../core/errors.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { parseRetryAfter } from "../../core/http.js";
import { redact } from "../../core/redact.js";

export const PLATFORM = "facebook-ads";

export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  fbtrace_id?: string;
}

/** 4 app, 17 user, 32 page, 613 custom, 80000-80014 business-use-case (80004: ads insights) limits. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const isRateLimit = (code: number) => RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014);

/** The marker the sync reader looks for to fall back to an async report run. */
export const TOO_MUCH_DATA = /reduce the amount of data/i;

function graphError(response: HttpResponse): GraphError | undefined {
  try {
    const body = response.json<{ error?: unknown }>();
    return body && typeof body.error === "object" && body.error !== null ? (body.error as GraphError) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Minutes until the throttled account may call again. Graph puts it in X-Business-Use-Case-Usage
 * ({"<business id>":[{"type":"ads_insights","estimated_time_to_regain_access":N,...}]}) and, for
 * the ads management tier, X-Ad-Account-Usage ({"reset_time_duration":seconds}).
 */
export function regainAccessMs(headers: Headers): number | undefined {
  let best: number | undefined;
  const buc = headers.get("x-business-use-case-usage");
  if (buc) {
    try {
      for (const entries of Object.values(JSON.parse(buc) as Record<string, { estimated_time_to_regain_access?: number }[]>)) {
        for (const entry of entries ?? []) {
          const minutes = Number(entry.estimated_time_to_regain_access ?? 0);
          if (minutes > 0) best = Math.max(best ?? 0, minutes * 60_000);
        }
      }
    } catch {
      // A malformed usage header only loses the hint; the backoff still applies.
    }
  }
  const account = headers.get("x-ad-account-usage");
  if (account) {
    try {
      const seconds = Number((JSON.parse(account) as { reset_time_duration?: number }).reset_time_duration ?? 0);
      if (seconds > 0) best = Math.max(best ?? 0, seconds * 1000);
    } catch {
      // As above.
    }
  }
  return best;
}

export function classifyGraphError(response: HttpResponse, request: PreparedRequest, now = new Date()): ConnectorError | undefined {
  const error = graphError(response);
  if (!error || typeof error.code !== "number") return undefined;
  const code = error.code;
  const sub = error.error_subcode ? `/${error.error_subcode}` : "";
  const said = redact(String(error.message ?? "").slice(0, 300));
  const base = {
    platform: PLATFORM,
    status: response.status,
    request: { method: request.method, url: redact(request.url.toString()) },
    bodyExcerpt: redact(response.text.slice(0, 500)),
  };
  if (code === 190 || code === 102) {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `Facebook no longer accepts this connection's access token (code ${code}${sub}: ${said}). Reconnect the Facebook Ads source.`,
    });
  }
  if (code === 10 || (code >= 200 && code <= 299)) {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `Facebook denied access (code ${code}${sub}: ${said}). The connected user needs the ads_read permission and a role on this ad account; reconnect after granting it.`,
    });
  }
  if (isRateLimit(code)) {
    const retryAfterMs = regainAccessMs(response.headers) ?? parseRetryAfter(response.headers.get("retry-after"), now);
    const at = retryAfterMs ? ` Retrying at ${new Date(now.getTime() + retryAfterMs).toISOString()}.` : " Retrying with backoff.";
    return new ConnectorError({
      ...base,
      kind: "transient",
      retryAfterMs,
      message: `Facebook's rate limit for this ad account was reached (code ${code}${sub}).${at}`,
    });
  }
  if ((code === 1 || code === 2 || error.is_transient) && !TOO_MUCH_DATA.test(said)) {
    return new ConnectorError({
      ...base,
      kind: "transient",
      message: `Facebook had a temporary problem (code ${code}${sub}: ${said}). The extraction will be retried.`,
    });
  }
  return new ConnectorError({
    ...base,
    kind: "system",
    message: `Facebook rejected the request (code ${code}${sub}: ${said}).`,
  });
}
