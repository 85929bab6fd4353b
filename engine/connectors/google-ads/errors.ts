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

/** The server's developer token is at fault: the operator fixes it, not the user. */
const SERVER_SETUP = new Set([
  "authenticationError.DEVELOPER_TOKEN_INVALID",
  "authorizationError.DEVELOPER_TOKEN_NOT_APPROVED",
  "authorizationError.DEVELOPER_TOKEN_PROHIBITED",
  "authorizationError.PROJECT_DISABLED",
  "authorizationError.API_DISABLED",
]);

export function customerOf(request: PreparedRequest): string | undefined {
  return /\/customers\/(\d+)/.exec(request.url.pathname)?.[1];
}

export function classifyGoogleAdsError(response: HttpResponse, request: PreparedRequest): ConnectorError | undefined {
  const parsed = parseGoogleError(response.text);
  if (!parsed) return undefined;
  const base = {
    platform: PLATFORM,
    status: response.status,
    request: { method: request.method, url: redact(request.url.toString()) },
    bodyExcerpt: redact(response.text.slice(0, 500)),
  };
  const customer = customerOf(request);
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
    return new ConnectorError({ ...base, kind: "system", message: `The Google Ads developer token configured on this server cannot be used (${code.split(".")[1]}). Contact support.` });
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
    const retryAfterMs = first?.retryDelayMs ?? parseRetryAfter(response.headers.get("retry-after"));
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
