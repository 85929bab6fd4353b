// GA4 Data/Admin API errors (Google's envelope) to ConnectorError kinds. Quota errors say which
// bucket ran out ("tokens per day", "per hour", "concurrent requests"); each refills on its own
// clock (https://developers.google.com/analytics/devguides/reporting/data/v1/quotas).
import { DateTime } from "luxon";
import { ConnectorError } from "../../core/errors.js";
import { parseRetryAfter } from "../../core/http.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { redact } from "../../core/redact.js";
import { parseGoogleError, safeMessage } from "../shared/google-api.js";

const PLATFORM = "google-analytics";

/** When the exhausted quota bucket refills. Daily quotas reset at midnight Pacific time. */
export function quotaRefillMs(message: string, now: Date = new Date()): number {
  const at = DateTime.fromJSDate(now);
  if (/per day|daily/i.test(message)) return at.setZone("America/Los_Angeles").plus({ days: 1 }).startOf("day").toMillis() - at.toMillis();
  if (/per hour|hourly/i.test(message)) return at.plus({ hours: 1 }).startOf("hour").toMillis() - at.toMillis();
  if (/concurrent/i.test(message)) return 10_000;
  return 60_000;
}

export function propertyOf(request: PreparedRequest): string | undefined {
  return /\/properties\/(\d+)/.exec(request.url.pathname)?.[1];
}

export function classifyGa4Error(response: HttpResponse, request: PreparedRequest): ConnectorError | undefined {
  const parsed = parseGoogleError(response.text);
  if (!parsed) return undefined;
  const property = propertyOf(request);
  const detail = safeMessage(parsed.message);
  const base = {
    platform: PLATFORM,
    status: response.status,
    request: { method: request.method, url: redact(request.url.toString()) },
    bodyExcerpt: redact(response.text.slice(0, 500)),
  };
  if (parsed.status === "RESOURCE_EXHAUSTED" || response.status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after")) ?? quotaRefillMs(parsed.message);
    return new ConnectorError({
      ...base,
      kind: "transient",
      retryAfterMs,
      message: `Google Analytics quota reached (${detail}), retrying at ${new Date(Date.now() + retryAfterMs).toISOString()}.`,
    });
  }
  if (parsed.status === "UNAUTHENTICATED") {
    return new ConnectorError({ ...base, kind: "config", message: "Google Analytics rejected the login (UNAUTHENTICATED). Reconnect the source." });
  }
  if (parsed.status === "PERMISSION_DENIED") {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `Missing permission: the connected Google login cannot read ${property ? `GA4 property ${property}` : "Google Analytics"} (${detail}). Ask an administrator of the property for Viewer access, then refresh the connection.`,
    });
  }
  if (parsed.status === "NOT_FOUND" && property) {
    return new ConnectorError({ ...base, kind: "config", message: `GA4 property ${property} does not exist or was deleted. Remove it from the source.` });
  }
  if (parsed.status === "UNAVAILABLE" || parsed.status === "INTERNAL" || parsed.status === "DEADLINE_EXCEEDED" || response.status >= 500) {
    return new ConnectorError({ ...base, kind: "transient", message: `Google Analytics is unavailable (${parsed.status ?? response.status}). The extraction will be retried.` });
  }
  return new ConnectorError({ ...base, kind: "system", message: `Google Analytics rejected the request (${parsed.status ?? response.status}: ${detail}).` });
}
