// LinkedIn API errors: {"status": 401, "serviceErrorCode": 65600, "code": "INVALID_ACCESS_TOKEN",
// "message": "..."} (https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/error-handling).
// Throttling answers 429 without Retry-After; the daily application and member limits reset at
// midnight UTC (https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/rate-limits).
import { DateTime } from "luxon";
import { ConnectorError } from "../../core/errors.js";
import { parseRetryAfter } from "../../core/http.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { redact } from "../../core/redact.js";

const PLATFORM = "linkedin";

interface LinkedInErrorBody {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
}

export function untilUtcMidnightMs(now: Date = new Date()): number {
  const at = DateTime.fromJSDate(now, { zone: "UTC" });
  return at.plus({ days: 1 }).startOf("day").toMillis() - at.toMillis();
}

export interface LinkedInErrorWording {
  platform: string;
  /** The 403 message: what the member cannot read and what to grant. */
  missingPermission(request: PreparedRequest, detail: string): string;
}

const ADS_WORDING: LinkedInErrorWording = {
  platform: PLATFORM,
  missingPermission(request, detail) {
    const account = /sponsoredAccount%3A(\d+)|adAccounts\/(\d+)/.exec(request.url.toString());
    const accountId = account?.[1] ?? account?.[2];
    return `Missing permission: the connected LinkedIn member cannot read ${accountId ? `ad account ${accountId}` : "this ad data"} (${detail}). Give the member a role on the ad account (Viewer at least) and grant the r_ads_reporting scope, then reconnect.`;
  },
};

export function classifyLinkedInError(response: HttpResponse, request: PreparedRequest): ConnectorError | undefined {
  return classifyLinkedInErrorAs(ADS_WORDING, response, request);
}

/** The mapping above with another connector's platform id and permission advice (LinkedIn Pages). */
export function classifyLinkedInErrorAs(wording: LinkedInErrorWording, response: HttpResponse, request: PreparedRequest): ConnectorError | undefined {
  let body: LinkedInErrorBody;
  try {
    body = JSON.parse(response.text) as LinkedInErrorBody;
  } catch {
    return undefined;
  }
  if (!body || typeof body !== "object" || (body.code === undefined && body.serviceErrorCode === undefined)) return undefined;
  const code = body.code ?? String(body.serviceErrorCode);
  const detail = redact(body.message ?? "").slice(0, 300);
  const base = {
    platform: wording.platform,
    status: response.status,
    request: { method: request.method, url: redact(request.url.toString()) },
    bodyExcerpt: redact(response.text.slice(0, 500)),
  };
  if (response.status === 401) {
    return new ConnectorError({ ...base, kind: "config", message: `LinkedIn no longer accepts this login (${code}). Reconnect the source.` });
  }
  if (response.status === 403) {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: wording.missingPermission(request, detail || code),
    });
  }
  if (response.status === 429) {
    const now = new Date();
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), now) ?? (/day/i.test(detail) ? untilUtcMidnightMs(now) : 60_000);
    return new ConnectorError({ ...base, kind: "transient", retryAfterMs, message: `LinkedIn quota reached (${detail || code}), retrying at ${new Date(now.getTime() + retryAfterMs).toISOString()}.` });
  }
  if (response.status >= 500) return undefined;
  return new ConnectorError({ ...base, kind: "system", message: `LinkedIn rejected the request (${code}: ${detail}).` });
}
