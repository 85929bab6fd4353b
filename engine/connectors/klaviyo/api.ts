// Klaviyo's JSON:API conventions: `data` arrays of {type, id, attributes}, cursor paging through
// the absolute URL in links.next (https://developers.klaviyo.com/en/docs/api_overview#pagination),
// and error bodies {errors: [{status, code, title, detail}]}.
import { ConnectorError } from "../../core/errors.js";
import { paginate } from "../../core/paginate.js";
import { redact } from "../../core/redact.js";
import type { HttpRequest, HttpResponse } from "../../core/http-types.js";
import type { ConnectorContext } from "../../core/types.js";

export const PLATFORM = "klaviyo";

export interface Resource<A> {
  type: string;
  id: string;
  attributes: A;
}

export interface ListBody<A> {
  data: Resource<A>[];
  links?: { self?: string; next?: string | null; prev?: string | null };
}

/** Every resource of a listing, following links.next. */
export function listAll<A>(ctx: ConnectorContext, path: string, query: HttpRequest["query"], account?: string) {
  return paginate<Resource<A>, string>(
    async (next) => {
      const body = await ctx.http.json<ListBody<A>>(next ? { url: next, account } : { url: path, query, account });
      if (!body || !Array.isArray(body.data)) {
        throw new ConnectorError({ kind: "system", platform: PLATFORM, bodyExcerpt: ctx.http.redact(JSON.stringify(body)).slice(0, 300), message: `Klaviyo answered ${path} without a data list.` });
      }
      return { items: body.data, next: body.links?.next ?? null };
    },
    { platform: PLATFORM },
  );
}

interface KlaviyoErrorBody {
  errors?: { status?: number | string; code?: string; title?: string; detail?: string }[];
}

const SCOPES = "accounts:read, metrics:read, campaigns:read and flows:read";

export function classifyKlaviyoError(response: HttpResponse): ConnectorError | undefined {
  let body: KlaviyoErrorBody;
  try {
    body = response.json<KlaviyoErrorBody>();
  } catch {
    return undefined;
  }
  const first = body?.errors?.[0];
  if (!first) return undefined;
  const detail = redact(first.detail ?? first.title ?? first.code ?? "").slice(0, 300);
  const base = { platform: PLATFORM, status: response.status, bodyExcerpt: `${first.code ?? ""}: ${detail}` };
  if (response.status === 401) {
    return new ConnectorError({ ...base, kind: "config", message: `Klaviyo rejected the private API key (${detail}). Create a new private key with ${SCOPES} and reconnect.` });
  }
  if (response.status === 403) {
    return new ConnectorError({ ...base, kind: "config", message: `The Klaviyo private key may not read this (${detail}). Give the key read access to ${SCOPES}, then reconnect.` });
  }
  if (response.status === 429) {
    // Retry-After is the rule; without it the detail says "Expected available in N second(s)".
    const header = response.headers.get("retry-after");
    const seconds = header ? Number(header) : Number(/available in (\d+) second/i.exec(first.detail ?? "")?.[1] ?? NaN);
    const retryAfterMs = Number.isFinite(seconds) ? seconds * 1000 : undefined;
    const at = retryAfterMs !== undefined ? ` retrying at ${new Date(Date.now() + retryAfterMs).toISOString()}` : " retrying later";
    return new ConnectorError({ ...base, kind: "transient", retryAfterMs, message: `Klaviyo's rate limit for this key is reached (${detail});${at}.` });
  }
  if (response.status >= 500) return undefined;
  return new ConnectorError({ ...base, kind: "system", message: `Klaviyo rejected the request: ${detail}` });
}
