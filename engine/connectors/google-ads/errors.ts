// Google Ads failures to ConnectorError kinds. Codes from
// https://developers.google.com/google-ads/api/reference/rpc/latest/AuthenticationErrorEnum.AuthenticationError,
// .../AuthorizationErrorEnum.AuthorizationError and .../QuotaErrorEnum.QuotaError; retry advice from
// https://developers.google.com/google-ads/api/docs/best-practices/error-types
import { ConnectorError } from "../../core/errors.js";
import { parseRetryAfter } from "../../core/http.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { redact } from "../../core/redact.js";
import { parseGoogleError, safeMessage } from "../shared/google-api.js";

const PLATFORM = "google-ads";

const RECONNECT = new Set([
  "authenticationError.OAUTH_TOKEN_INVALID",
  "authenticationError.OAUTH_TOKEN_EXPIRED",
  "authenticationError.OAUTH_TOKEN_REVOKED",
  "authenticationError.OAUTH_TOKEN_DISABLED",
  "authenticationError.GOOGLE_ACCOUNT_AUTHENTICATION_FAILED",
  "authenticationError.AUTHENTICATION_ERROR",
  "authorizationError.OAUTH_TOKEN_SCOPE_INSUFFICIENT",
]);

/**
 * The server's own Google setup is at fault (developer token, Google Cloud project): the operator
 * fixes it, not the user, whatever the user's permissions. CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION
 * is the OAuth client's Cloud project lacking production approval for the Ads API
 * (https://developers.google.com/google-ads/api/docs/api-policy/access-levels).
 */
const SERVER_SETUP = new Set([
  "authenticationError.DEVELOPER_TOKEN_INVALID",
  "authorizationError.DEVELOPER_TOKEN_NOT_APPROVED",
  "authorizationError.DEVELOPER_TOKEN_PROHIBITED",
  "authorizationError.DEVELOPER_TOKEN_NOT_ON_ALLOWLIST",
  "authorizationError.PROJECT_DISABLED",
  "authorizationError.API_DISABLED",
  "authorizationError.CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION",
  "authorizationError.CLOUD_PROJECT_NOT_UNDER_ORGANIZATION",
  "requestError.CLOUD_PROJECT_NOT_FOUND",
]);

export function customerOf(request: PreparedRequest): string | undefined {
  return /\/customers\/(\d+)/.exec(request.url.pathname)?.[1];
}

export function classifyGoogleAdsError(response: HttpResponse, request: PreparedRequest): ConnectorError | undefined {
  return classifyFailure({
    text: response.text,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    request: { method: request.method, url: redact(request.url.toString()) },
    customer: customerOf(request),
  });
}

/**
 * An {error} element of a 200 searchStream answer: the stream failed after it started. It is
 * classified like the same error as an HTTP status, so a quota is retried and a permission is
 * the user's to fix; in every case the read fails rather than keep the batches before it.
 */
export function classifyStreamError(error: unknown, request: { method: string; url: string; customerId: string }): ConnectorError {
  const text = JSON.stringify({ error });
  const code = typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "number" ? (error as { code: number }).code : 500;
  return (
    classifyFailure({ text, status: code, retryAfter: null, request: { method: request.method, url: request.url }, customer: request.customerId }) ??
    new ConnectorError({ kind: "system", platform: PLATFORM, status: 200, request, bodyExcerpt: redact(text.slice(0, 500)), message: "Google Ads failed while streaming the report (an error element in the answer)." })
  );
}

function classifyFailure(input: { text: string; status: number; retryAfter: string | null; request: { method: string; url: string }; customer?: string }): ConnectorError | undefined {
  const parsed = parseGoogleError(input.text);
  if (!parsed) return undefined;
  const response = { status: input.status };
  const base = {
    platform: PLATFORM,
    status: input.status,
    request: input.request,
    bodyExcerpt: redact(input.text.slice(0, 500)),
  };
  const customer = input.customer;
  const first = parsed.adsErrors[0];
  const code = first?.code ?? "";
  const detail = safeMessage(first?.message || parsed.message);

  if (RECONNECT.has(code)) {
    return new ConnectorError({ ...base, kind: "config", message: `Google Ads no longer accepts this login (${code.split(".")[1]}). Reconnect the source.` });
  }
  if (code === "authenticationError.NOT_ADS_USER") {
    return new ConnectorError({ ...base, kind: "config", message: "The connected Google login has no Google Ads account. Reconnect with a login that can open Google Ads." });
  }
  if (SERVER_SETUP.has(code)) {
    const what = code.includes("CLOUD_PROJECT") ? "Google Cloud project of this server's Google Ads OAuth client" : "Google Ads developer token configured on this server";
    return new ConnectorError({
      ...base,
      kind: "system",
      message: `The ${what} cannot be used (${code.split(".")[1]}). This is the service operator's setup, not your account's permissions: contact support.`,
    });
  }
  if (code === "authorizationError.USER_PERMISSION_DENIED" || code === "authorizationError.ACTION_NOT_PERMITTED") {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `Missing permission: the connected Google login cannot read Google Ads account ${customer ?? ""}. Ask an admin of the account (or of its manager account) to grant access, then refresh the connection.`,
    });
  }
  if (code === "authorizationError.CUSTOMER_NOT_ENABLED" || code === "authorizationError.CUSTOMER_NOT_FOUND") {
    return new ConnectorError({ ...base, kind: "config", message: `Google Ads account ${customer ?? ""} is not enabled (cancelled, suspended or not set up). Remove it from the source or reactivate it.` });
  }
  if (code.startsWith("quotaError.") || parsed.status === "RESOURCE_EXHAUSTED") {
    const retryAfterMs = first?.retryDelayMs ?? parseRetryAfter(input.retryAfter);
    const at = retryAfterMs !== undefined ? new Date(Date.now() + retryAfterMs).toISOString() : "later";
    return new ConnectorError({ ...base, kind: "transient", retryAfterMs, message: `Google Ads quota reached (${detail}), retrying at ${at}.` });
  }
  if (code.startsWith("internalError.") || parsed.status === "UNAVAILABLE" || parsed.status === "INTERNAL" || parsed.status === "DEADLINE_EXCEEDED") {
    return new ConnectorError({ ...base, kind: "transient", message: `Google Ads had an internal error (${detail}). The extraction will be retried.` });
  }
  if (parsed.status === "UNAUTHENTICATED") {
    return new ConnectorError({ ...base, kind: "config", message: "Google Ads rejected the credentials (UNAUTHENTICATED). Reconnect the source." });
  }
  if (parsed.status === "PERMISSION_DENIED") {
    return new ConnectorError({ ...base, kind: "config", message: `Missing permission on Google Ads ${customer ? `account ${customer}` : ""}: ${detail}` });
  }
  if (response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 408) {
    return new ConnectorError({ ...base, kind: "system", message: `Google Ads rejected the request (${code || parsed.status || response.status}): ${detail}` });
  }
  return undefined;
}
