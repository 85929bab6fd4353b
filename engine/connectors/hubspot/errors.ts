// HubSpot error bodies: {"status":"error","message","correlationId","category", ...}. A 429 names
// the limit it hit in policyName (SECONDLY, TEN_SECONDLY_ROLLING, DAILY); MISSING_SCOPES lists the
// scopes in errors[].context.requiredGranularScopes.
// https://developers.hubspot.com/docs/api/usage-details#rate-limits
// https://developers.hubspot.com/docs/api/error-handling
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { parseRetryAfter } from "../../core/http.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { redact } from "../../core/redact.js";
import { errorBody } from "../shared/answers.js";

export const PLATFORM = "hubspot";

// Every field only picks the wording or the wait: a field of another type is left out, never an error.
const text = z.string().nullish().catch(undefined);
const scopes = z.array(z.string()).nullish().catch(undefined);
const context = z.object({ requiredGranularScopes: scopes, requiredScopes: scopes }).nullish().catch(undefined);
const hubSpotError = z.object({
  status: text,
  message: text,
  category: text,
  policyName: text,
  errorType: text,
  errors: z.array(z.object({ context })).nullish().catch(undefined),
});

/** How long each policy's window lasts; DAILY resets at midnight in the account's timezone. */
const POLICY_WAIT_MS: Record<string, number> = { SECONDLY: 1_000, TEN_SECONDLY_ROLLING: 10_000, DAILY: 60 * 60_000 };

export function classifyHubSpotError(response: HttpResponse, request: PreparedRequest, now = new Date()): ConnectorError | undefined {
  const body = errorBody(response, hubSpotError);
  // Most bodies say status "error"; 429s of some gateways carry only policyName/errorType/message.
  if (!body || (body.status !== "error" && !body.policyName && !body.errorType && !body.category)) return undefined;
  const base = {
    platform: PLATFORM,
    status: response.status,
    request: { method: request.method, url: redact(request.url.toString()) },
    bodyExcerpt: redact(response.text.slice(0, 500)),
  };
  const said = redact(`${body.category ?? body.errorType ?? "error"}: ${(body.message ?? "").slice(0, 200)}`);
  if (response.status === 429) {
    const policy = body.policyName ?? "unknown";
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), now) ?? POLICY_WAIT_MS[policy] ?? 10_000;
    const daily = policy === "DAILY" ? " The daily API call limit is used up; it resets at midnight in the HubSpot account's timezone." : "";
    return new ConnectorError({
      ...base,
      kind: "transient",
      retryAfterMs,
      message: `HubSpot rate limit reached (policy ${policy}).${daily} Retrying at ${new Date(now.getTime() + retryAfterMs).toISOString()}.`,
    });
  }
  if (body.category === "MISSING_SCOPES") {
    const scopes = [...new Set((body.errors ?? []).flatMap((e) => e.context?.requiredGranularScopes ?? e.context?.requiredScopes ?? []))];
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `HubSpot denied access: the connection is missing the permission${scopes.length > 1 ? "s" : ""} ${scopes.join(", ") || "(unnamed)"}. Reconnect the HubSpot source and approve ${scopes.length > 1 ? "them" : "it"}.`,
    });
  }
  if (response.status === 401) {
    return new ConnectorError({ ...base, kind: "config", message: `HubSpot rejected the connection (${said}). Reconnect the HubSpot source.` });
  }
  if (response.status === 403) {
    return new ConnectorError({ ...base, kind: "config", message: `HubSpot denied access (${said}). Check that the connected user can see these CRM records, then reconnect.` });
  }
  if (response.status >= 500) return undefined;
  return new ConnectorError({ ...base, kind: "system", message: `HubSpot rejected the request (${said}).` });
}
