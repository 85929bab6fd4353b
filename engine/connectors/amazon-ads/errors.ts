// Amazon Ads error bodies: {"code": "UNAUTHORIZED", "details": "..."} on v2 endpoints and
// {"code": "400", "detail": "..."} on Reporting v3
// (https://advertising.amazon.com/API/docs/en-us/reference/concepts/errors,
// https://advertising.amazon.com/API/docs/en-us/reference/concepts/rate-limiting: 429 with Retry-After).
import { ConnectorError } from "../../core/errors.js";
import { parseRetryAfter } from "../../core/http.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { redact } from "../../core/redact.js";

const PLATFORM = "amazon-ads";

export function amazonErrorDetail(text: string): { code?: string; detail: string } {
  try {
    const body = JSON.parse(text) as { code?: string | number; details?: string; detail?: string; message?: string };
    return { code: body.code === undefined ? undefined : String(body.code), detail: redact(body.detail ?? body.details ?? body.message ?? "").slice(0, 300) };
  } catch {
    return { detail: "" };
  }
}

export function classifyAmazonError(response: HttpResponse, request: PreparedRequest): ConnectorError | undefined {
  const { code, detail } = amazonErrorDetail(response.text);
  const profile = request.headers["amazon-advertising-api-scope"];
  const base = {
    platform: PLATFORM,
    status: response.status,
    request: { method: request.method, url: redact(request.url.toString()) },
    bodyExcerpt: redact(response.text.slice(0, 500)),
  };
  if (response.status === 401 && profile && /scope|profile|advertiser/i.test(detail)) {
    return new ConnectorError({ ...base, kind: "config", message: `Missing permission: the connected Amazon login cannot read profile ${profile} (${detail}). Ask the account's admin for access, then refresh the connection.` });
  }
  if (response.status === 401) {
    return new ConnectorError({ ...base, kind: "config", message: `Amazon Ads rejected the login (${code ?? 401}${detail ? `: ${detail}` : ""}). Reconnect the source.` });
  }
  if (response.status === 403) {
    return new ConnectorError({ ...base, kind: "config", message: `Missing permission on Amazon Ads${profile ? ` profile ${profile}` : ""} (${detail || "forbidden"}). Check the login's role on the advertiser account.` });
  }
  if (response.status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    return new ConnectorError({
      ...base,
      kind: "transient",
      retryAfterMs,
      message: `Amazon Ads quota reached, retrying at ${retryAfterMs !== undefined ? new Date(Date.now() + retryAfterMs).toISOString() : "a later time"}.`,
    });
  }
  if (response.status >= 500) return undefined;
  return new ConnectorError({ ...base, kind: "system", message: `Amazon Ads rejected the request (${code ?? response.status}${detail ? `: ${detail}` : ""}).` });
}
