// X Ads API errors: {"errors":[{"code":"UNAUTHORIZED_ACCESS","message":...,"parameter"?}],"request":{...}}.
// On 429 the docs require waiting until x-rate-limit-reset (or the per-account
// x-account-rate-limit-reset), epoch seconds; on 503 until Retry-After.
// https://developer.x.com/en/docs/x-ads-api/introduction (error codes)
// https://developer.x.com/en/docs/ads/analytics/overview/best-practices
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { redact } from "../../core/redact.js";
import { errorBody } from "../shared/answers.js";

export const PLATFORM = "twitter-ads";

// The code picks the kind; message and parameter only refine the wording.
const adsApiError = z.object({ code: z.string().nullish(), message: z.string().nullish().catch(undefined), parameter: z.string().nullish().catch(undefined) });
const adsApiErrors = z.object({ errors: z.array(adsApiError) });

function firstError(response: HttpResponse): z.infer<typeof adsApiError> | undefined {
  return errorBody(response, adsApiErrors)?.errors[0];
}

const WINDOWS = [
  { remaining: "x-account-rate-limit-remaining", reset: "x-account-rate-limit-reset" },
  { remaining: "x-rate-limit-remaining", reset: "x-rate-limit-reset" },
];

/** True when a window has no calls left (the next call would be refused with a 429). */
export function rateLimitExhausted(headers: Headers): boolean {
  return WINDOWS.some((w) => headers.get(w.remaining) === "0");
}

/**
 * Milliseconds until the exhausted window (account or user) resets; when none says it is
 * exhausted (a bare 429), the later of the two.
 */
export function rateLimitResetMs(headers: Headers, now: Date): number | undefined {
  const exhausted = WINDOWS.filter((w) => headers.get(w.remaining) === "0");
  const resets = (exhausted.length > 0 ? exhausted : WINDOWS).map((w) => Number(headers.get(w.reset))).filter((n) => Number.isFinite(n) && n > 0);
  if (resets.length === 0) return undefined;
  return Math.max(0, Math.max(...resets) * 1000 - now.getTime());
}

export function classifyAdsApiError(response: HttpResponse, request: PreparedRequest, now = new Date()): ConnectorError | undefined {
  const error = firstError(response);
  if (!error?.code) return undefined;
  const said = redact(`${error.code}${error.message ? `: ${error.message.slice(0, 200)}` : ""}`);
  const base = {
    platform: PLATFORM,
    status: response.status,
    request: { method: request.method, url: redact(request.url.toString()) },
    bodyExcerpt: redact(response.text.slice(0, 500)),
  };
  if (response.status === 429) {
    const retryAfterMs = rateLimitResetMs(response.headers, now);
    return new ConnectorError({
      ...base,
      kind: "transient",
      retryAfterMs,
      message: `X Ads rate limit reached (${error.code}).${retryAfterMs !== undefined ? ` Retrying at ${new Date(now.getTime() + retryAfterMs).toISOString()}.` : ""}`,
    });
  }
  if (response.status === 401) {
    return new ConnectorError({ ...base, kind: "config", message: `X rejected the connection's tokens (${said}). Reconnect the X Ads source.` });
  }
  if (error.code === "UNAUTHORIZED_CLIENT_APPLICATION") {
    return new ConnectorError({ ...base, kind: "system", message: `This server's X app is not approved for the Ads API (${said}).` });
  }
  if (response.status === 403 || response.status === 404) {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `X denied access to this ad account (${said}). The connected X user needs a role on the ad account (Ads manager access); reconnect after granting it.`,
    });
  }
  if (response.status >= 500) return undefined;
  return new ConnectorError({ ...base, kind: "system", message: `X Ads rejected the request (${said}${error.parameter ? `, parameter ${error.parameter}` : ""}).` });
}
