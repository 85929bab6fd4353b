// The Graph API mechanics the Meta connectors share (Facebook Ads, Facebook Pages, Instagram,
// Facebook and Instagram public data): the error envelope and its codes, rate-limit headers,
// cursor paging through paging.next, Page access tokens from /me/accounts, and the daily
// insights series whose end_time marks the end of a Pacific-time day.
// https://developers.facebook.com/docs/graph-api/guides/error-handling
// https://developers.facebook.com/docs/graph-api/results (cursor-based pagination)
import { DateTime } from "luxon";
import { z } from "zod";
import { memoForContext } from "../../core/context-cache.js";
import { ConnectorError } from "../../core/errors.js";
import type { HttpResponse, PreparedRequest, QueryValue } from "../../core/http-types.js";
import { parseRetryAfter } from "../../core/http.js";
import { collectItems, paginate } from "../../core/paginate.js";
import { redact } from "../../core/redact.js";
import { errorBody } from "./answers.js";
import type { ConnectorContext, DateRange, OAuth2Config } from "../../core/types.js";

export const GRAPH_VERSION = "v26.0";
export const GRAPH_BASE_URL = `https://graph.facebook.com/${GRAPH_VERSION}`;
/** Facebook Login for a Meta connector: comma-separated scopes, client secret in the body. */
export function graphOAuth2(scopes: string[]): OAuth2Config {
  return { authorizeUrl: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`, tokenUrl: `${GRAPH_BASE_URL}/oauth/access_token`, scopes, scopeSeparator: ",", clientAuth: "body" };
}

/** Page and Instagram insights count days in Pacific time, whatever the page's own zone. */
export const INSIGHTS_ZONE = "America/Los_Angeles";

const graphErrorSchema = z.looseObject({
  message: z.string().nullish(),
  type: z.string().nullish(),
  code: z.number(),
  error_subcode: z.number().nullish(),
  is_transient: z.boolean().nullish(),
  fbtrace_id: z.string().nullish(),
});
export type GraphError = z.infer<typeof graphErrorSchema>;
const graphErrorBody = z.object({ error: graphErrorSchema });

/** 4 app, 17 user, 32 page, 613 custom, 80000-80014 business-use-case limits. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const isRateLimit = (code: number) => RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014);

/** The marker the ads reader looks for to fall back to an async report run. */
export const TOO_MUCH_DATA = /reduce the amount of data/i;

/**
 * Minutes until the throttled object may call again. Graph puts it in X-Business-Use-Case-Usage
 * ({"<id>":[{"type":"ads_insights"|"pages",...,"estimated_time_to_regain_access":N}]}) and, for
 * the ads management tier, X-Ad-Account-Usage ({"reset_time_duration":seconds}).
 */
export function regainAccessMs(headers: Headers): number | undefined {
  let best: number | undefined;
  const buc = headers.get("x-business-use-case-usage");
  if (buc) {
    try {
      for (const entries of Object.values(JSON.parse(buc) as Record<string, { estimated_time_to_regain_access?: number }[]>)) {
        for (const entry of entries ?? []) {
          const minutes = Number(entry.estimated_time_to_regain_access ?? 0);
          if (minutes > 0) best = Math.max(best ?? 0, minutes * 60_000);
        }
      }
    } catch {
      // A malformed usage header only loses the hint; the backoff still applies.
    }
  }
  const account = headers.get("x-ad-account-usage");
  if (account) {
    try {
      const seconds = Number((JSON.parse(account) as { reset_time_duration?: number }).reset_time_duration ?? 0);
      if (seconds > 0) best = Math.max(best ?? 0, seconds * 1000);
    } catch {
      // As above.
    }
  }
  return best;
}

export interface GraphErrorWording {
  platform: string;
  /** The source's name in "Reconnect the ... source." */
  source: string;
  /** What the connected user needs, e.g. "the ads_read permission and a role on this ad account". */
  permission: string;
  /** What the rate limit applies to, e.g. "this ad account". */
  limitScope: string;
}

export function classifyGraphErrorAs(wording: GraphErrorWording, response: HttpResponse, request: PreparedRequest, now = new Date()): ConnectorError | undefined {
  const error = errorBody(response, graphErrorBody)?.error;
  if (!error) return undefined;
  const code = error.code;
  const sub = error.error_subcode ? `/${error.error_subcode}` : "";
  const said = redact(String(error.message ?? "").slice(0, 300));
  const base = {
    platform: wording.platform,
    status: response.status,
    request: { method: request.method, url: redact(request.url.toString()) },
    bodyExcerpt: redact(response.text.slice(0, 500)),
  };
  if (code === 190 || code === 102) {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `Facebook no longer accepts this connection's access token (code ${code}${sub}: ${said}). Reconnect the ${wording.source} source.`,
    });
  }
  // (#100) "Missing permissions", and 100/33 "Object with ID ... does not exist, cannot be loaded
  // due to missing permissions": the object exists for Graph but not for this login.
  if (code === 100 && (error.error_subcode === 33 || /missing permission/i.test(said))) {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `Facebook says the connected user can no longer read this object (code ${code}${sub}: ${said}). The user needs ${wording.permission}; grant it or reconnect the ${wording.source} source with a user who has it.`,
    });
  }
  if (code === 10 || (code >= 200 && code <= 299)) {
    return new ConnectorError({
      ...base,
      kind: "config",
      message: `Facebook denied access (code ${code}${sub}: ${said}). The connected user needs ${wording.permission}; reconnect after granting it.`,
    });
  }
  if (isRateLimit(code)) {
    const retryAfterMs = regainAccessMs(response.headers) ?? parseRetryAfter(response.headers.get("retry-after"), now);
    const at = retryAfterMs ? ` Retrying at ${new Date(now.getTime() + retryAfterMs).toISOString()}.` : " Retrying with backoff.";
    return new ConnectorError({
      ...base,
      kind: "transient",
      retryAfterMs,
      message: `Facebook's rate limit for ${wording.limitScope} was reached (code ${code}${sub}).${at}`,
    });
  }
  // is_transient is Graph's own verdict: false means retrying cannot help (e.g. subcode 2853001),
  // whatever the code; codes 1 and 2 are otherwise the documented "retry later" errors.
  if (error.is_transient === false && !isRateLimit(code)) {
    return new ConnectorError({ ...base, kind: "system", message: `Facebook rejected the request and says retrying will not help (code ${code}${sub}: ${said}).` });
  }
  if ((code === 1 || code === 2 || error.is_transient) && !TOO_MUCH_DATA.test(said)) {
    return new ConnectorError({
      ...base,
      kind: "transient",
      message: `Facebook had a temporary problem (code ${code}${sub}: ${said}). The extraction will be retried.`,
    });
  }
  return new ConnectorError({ ...base, kind: "system", message: `Facebook rejected the request (code ${code}${sub}: ${said}).` });
}

/** classifyError for a Meta connector. */
export const graphErrors = (wording: GraphErrorWording) => (response: HttpResponse, request: PreparedRequest) => classifyGraphErrorAs(wording, response, request);

/** One page of an edge: its items and the cursor link to the next. */
export const graphPage = <T>(item: z.ZodType<T>) => z.object({ data: z.array(item).nullish(), paging: z.object({ cursors: z.object({ after: z.string().nullish() }).nullish(), next: z.string().nullish() }).nullish() });

export interface EdgeOptions {
  platform: string;
  query?: Record<string, QueryValue>;
  /** The rate budget (page or account id). */
  account?: string;
  /** A Page access token instead of the user's (Page insights and posts want one). */
  token?: string;
}

/** /me?fields=id,name: the connected user, the identity a check shows. */
export const graphMe = z.object({ id: z.string(), name: z.string().nullish() });

/** Headers of a request made with a Page access token rather than the stored user token. */
export const withToken = (token: string | undefined) => (token ? { auth: false, headers: { authorization: `Bearer ${token}` } } : {});

/** Pages of an edge, following paging.next (an absolute URL Graph builds with the `after` cursor). */
export function graphEdge<T>(ctx: ConnectorContext, path: string, item: z.ZodType<T>, opts: EdgeOptions): AsyncGenerator<T[]> {
  const page = graphPage(item);
  return paginate<T, string>(
    async (next) => {
      const body = await ctx.http.json(next ? { url: next, account: opts.account, ...withToken(opts.token) } : { url: path, query: opts.query, account: opts.account, ...withToken(opts.token) }, page);
      return { items: body?.data ?? [], next: body?.paging?.next ?? undefined };
    },
    { platform: opts.platform },
  );
}

const managedPage = z.object({
  id: z.string(),
  name: z.string(),
  access_token: z.string().nullish(),
  tasks: z.array(z.string()).nullish(),
  instagram_business_account: z.object({ id: z.string(), username: z.string().nullish(), name: z.string().nullish() }).nullish(),
});
export type ManagedPage = z.infer<typeof managedPage>;

/** The Pages the user manages, with their Page access tokens and linked Instagram accounts. */
export function managedPages(ctx: ConnectorContext, platform: string): Promise<ManagedPage[]> {
  return memoForContext(ctx, "meta:managed-pages", () =>
    collectItems(graphEdge(ctx, "/me/accounts", managedPage, { platform, query: { fields: "id,name,access_token,tasks,instagram_business_account{id,username,name}", limit: 100 } })),
  );
}

/** The Page access token of a page; a page no longer managed is a config error. */
export async function pageToken(ctx: ConnectorContext, platform: string, pageId: string): Promise<string> {
  const page = (await managedPages(ctx, platform)).find((p) => p.id === pageId);
  if (!page?.access_token) {
    throw new ConnectorError({ kind: "config", platform, message: `The connected Facebook user no longer manages page ${pageId} (no Page access token). Reconnect with a user who has a task on the page.` });
  }
  return page.access_token;
}

/** A day of a daily insights series: Graph stamps values with the end of the Pacific-time day. */
export function insightDay(endTime: string): string | null {
  const at = DateTime.fromISO(endTime, { setZone: true });
  return at.isValid ? at.setZone(INSIGHTS_ZONE).minus({ milliseconds: 1 }).toFormat("yyyy-MM-dd") : null;
}

/** since/until (Unix seconds) covering the Pacific-time days of a range. */
export function insightBounds(range: DateRange): { since: number; until: number } {
  const from = DateTime.fromISO(range.start, { zone: INSIGHTS_ZONE }).startOf("day");
  const to = DateTime.fromISO(range.end, { zone: INSIGHTS_ZONE }).plus({ days: 1 }).startOf("day");
  return { since: Math.floor(from.toSeconds()), until: Math.floor(to.toSeconds()) };
}

/** One metric of an insights answer (also nested in posts and media as insights.data). */
export const insightMetric = z.object({
  name: z.string(),
  period: z.string().optional(),
  values: z.array(z.object({ value: z.unknown(), end_time: z.string().optional() })).optional(),
  total_value: z.object({ value: z.unknown() }).optional(),
});
const insightSeries = z.object({ data: z.array(insightMetric) });
export type InsightSeries = z.infer<typeof insightSeries>["data"];

/** One GET of an insights edge (never following paging: its previous/next walk the calendar). */
export function insights(ctx: ConnectorContext, path: string, query: Record<string, QueryValue>, opts: { account?: string; token?: string } = {}): Promise<InsightSeries> {
  return ctx.http.json({ url: path, query, account: opts.account, ...withToken(opts.token) }, insightSeries).then((b) => b.data);
}

/** Daily values keyed by day then metric; object values (reactions by type) are summed. */
export function byDay(series: InsightSeries): Map<string, Record<string, number>> {
  const days = new Map<string, Record<string, number>>();
  for (const metric of series) {
    for (const point of metric.values ?? []) {
      const day = point.end_time ? insightDay(point.end_time) : null;
      if (!day) continue;
      const row = days.get(day) ?? {};
      row[metric.name] = numeric(point.value);
      days.set(day, row);
    }
  }
  return days;
}

export function numeric(value: unknown): number {
  if (typeof value === "number") return value;
  if (value && typeof value === "object") return Object.values(value as Record<string, unknown>).reduce<number>((s, v) => s + numeric(v), 0);
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}
