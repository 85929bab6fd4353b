// Klaviyo's JSON:API conventions: `data` arrays of {type, id, attributes}, cursor paging through
// the absolute URL in links.next (https://developers.klaviyo.com/en/docs/api_overview#pagination),
// and error bodies {errors: [{status, code, title, detail}]}.
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { paginate } from "../../core/paginate.js";
import { redact } from "../../core/redact.js";
import type { HttpRequest, HttpResponse } from "../../core/http-types.js";
import type { ConnectorContext } from "../../core/types.js";
import { errorBody } from "../shared/answers.js";

export const PLATFORM = "klaviyo";

/** A JSON:API resource whose attributes the caller describes. */
export const resource = <A>(attributes: z.ZodType<A>) => z.object({ type: z.string(), id: z.string(), attributes });
export type Resource<A> = z.infer<ReturnType<typeof resource<A>>>;

/** A listing page: the data list is required (an answer without it is the client's system error). */
const listBody = <A>(attributes: z.ZodType<A>) => z.object({ data: z.array(resource(attributes)), links: z.object({ next: z.string().nullish() }).nullish() });

/** Every resource of a listing, following links.next. */
export function listAll<A>(ctx: ConnectorContext, path: string, attributes: z.ZodType<A>, query: HttpRequest["query"], account?: string) {
  const page = listBody(attributes);
  return paginate<Resource<A>, string>(
    async (next) => {
      const body = await ctx.http.json(next ? { url: next, account } : { url: path, query, account }, page);
      return { items: body.data, next: body.links?.next ?? null };
    },
    { platform: PLATFORM },
  );
}

// Every field only words the message (the status decides the kind): a field of another type is left out.
const text = z.string().nullish().catch(undefined);
const klaviyoErrorBody = z.object({ errors: z.array(z.object({ code: text, title: text, detail: text })).nullish() });

const SCOPES = "accounts:read, metrics:read, campaigns:read and flows:read";

export function classifyKlaviyoError(response: HttpResponse): ConnectorError | undefined {
  const first = errorBody(response, klaviyoErrorBody)?.errors?.[0];
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
