// Microsoft Advertising REST faults: {"TrackingId", "Type": "AdApiFaultDetail", "Errors": [...]}
// or {"Type": "ApiFaultDetail", "OperationErrors": [...], "BatchErrors": [...]}, each error with a
// numeric Code and an ErrorCode name (https://learn.microsoft.com/en-us/advertising/guides/operation-error-codes?view=bingads-13).
import { ConnectorError } from "../../core/errors.js";
import { parseRetryAfter } from "../../core/http.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { redact } from "../../core/redact.js";

const PLATFORM = "bing-ads";

interface BingFault {
  TrackingId?: string;
  Type?: string;
  Errors?: BingError[];
  OperationErrors?: BingError[];
  BatchErrors?: BingError[];
}
interface BingError {
  Code?: number;
  ErrorCode?: string;
  Message?: string;
}

export function parseBingFault(text: string): BingError[] | undefined {
  try {
    const fault = JSON.parse(text) as BingFault;
    if (!fault || typeof fault !== "object" || !/FaultDetail$/.test(fault.Type ?? "")) return undefined;
    return [...(fault.Errors ?? []), ...(fault.OperationErrors ?? []), ...(fault.BatchErrors ?? [])];
  } catch {
    return undefined;
  }
}

/** Codes documented as "renew the token" or "sign in again". */
const RECONNECT = new Set(["InvalidCredentials", "AuthenticationTokenExpired", "ExpiredCredentials", "InvalidOAuthAccessToken", "OAuthAccessTokenExpired"]);
const SERVER_SETUP = new Set(["InvalidDeveloperToken", "DeveloperTokenNotApproved", "DeveloperAccessNotGranted"]);
const PERMISSION = new Set(["UserIsNotAuthorized", "CustomerIdHeaderRequired", "InvalidAccount", "AccountNotFound", "CustomerNotFound"]);
const THROTTLED = new Set(["CallRateExceeded", "ConcurrentRequestOverLimit", "RequestQuotaExceeded"]);
const INTERNAL = new Set(["InternalError", "ServiceUnavailable", "ReportingServiceInternalError"]);

/** Microsoft asks callers to wait a minute after CallRateExceeded (code 117). */
const THROTTLE_WAIT_MS = 60_000;

export function classifyBingError(response: HttpResponse, request: PreparedRequest): ConnectorError | undefined {
  const errors = parseBingFault(response.text);
  if (!errors || errors.length === 0) return undefined;
  const first = errors[0];
  const code = first.ErrorCode ?? String(first.Code ?? "");
  const detail = redact(first.Message ?? "").slice(0, 300);
  const account = request.headers.customeraccountid;
  const base = {
    platform: PLATFORM,
    status: response.status,
    request: { method: request.method, url: redact(request.url.toString()) },
    bodyExcerpt: redact(response.text.slice(0, 500)),
  };
  if (RECONNECT.has(code)) {
    return new ConnectorError({ ...base, kind: "config", message: `Microsoft Advertising no longer accepts this login (${code}). Reconnect the source.` });
  }
  if (SERVER_SETUP.has(code)) {
    return new ConnectorError({ ...base, kind: "system", message: `The Microsoft Advertising developer token configured on this server cannot be used (${code}). Contact support.` });
  }
  if (PERMISSION.has(code)) {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `Missing permission: the connected Microsoft login cannot read ${account ? `account ${account}` : "this account"} (${code}). Ask a Super Admin of the account to grant access, then refresh the connection.`,
    });
  }
  if (THROTTLED.has(code) || response.status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after")) ?? THROTTLE_WAIT_MS;
    return new ConnectorError({
      ...base,
      kind: "transient",
      retryAfterMs,
      message: `Microsoft Advertising quota reached (${code}), retrying at ${new Date(Date.now() + retryAfterMs).toISOString()}.`,
    });
  }
  if (INTERNAL.has(code) || response.status >= 500) {
    return new ConnectorError({ ...base, kind: "transient", message: `Microsoft Advertising had an internal error (${code}: ${detail}). The extraction will be retried.` });
  }
  return new ConnectorError({ ...base, kind: "system", message: `Microsoft Advertising rejected the request (${code}: ${detail}).` });
}
