// The Admin GraphQL transport: versioned endpoint, errors that arrive inside a 200, and the
// calculated-cost throttle. https://shopify.dev/docs/api/admin-graphql and
// https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits
import { setTimeout as delay } from "node:timers/promises";
import { ConnectorError } from "../../core/errors.js";
import type { ConnectorContext } from "../../core/types.js";

/** Stable since 2026-10-01 and supported until 2027-10 (https://shopify.dev/changelog/release-notes/2026-10). */
export const SHOPIFY_API_VERSION = "2026-10";
export const GRAPHQL_PATH = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

const PLATFORM = "shopify";
/** THROTTLED answers are retried this many times in-process, each after the wait the bucket needs. */
const MAX_THROTTLE_RETRIES = 5;
/** A wait longer than this goes back to the caller (Temporal retries the activity later). */
const MAX_THROTTLE_WAIT_MS = 60_000;

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface GraphqlError {
  message?: string;
  extensions?: { code?: string; [key: string]: unknown };
}

interface GraphqlBody<T> {
  data?: T | null;
  errors?: GraphqlError[] | string;
  extensions?: { cost?: { requestedQueryCost?: number; actualQueryCost?: number | null; throttleStatus?: ThrottleStatus } };
}

/**
 * The bucket refills at restoreRate points a second; a query needs its requested cost available.
 * The wait is what the deficit takes to refill, rounded up to whole 100 ms, at least 100 ms.
 */
export function throttleWaitMs(requestedCost: number, status: ThrottleStatus): number {
  const deficit = requestedCost - status.currentlyAvailable;
  if (deficit <= 0 || status.restoreRate <= 0) return 0;
  return Math.max(100, Math.ceil(((deficit / status.restoreRate) * 1000) / 100) * 100);
}

function excerpt(ctx: ConnectorContext, body: unknown): string {
  return ctx.http.redact(JSON.stringify(body)).slice(0, 500);
}

/**
 * A GraphQL client for one read: it remembers the last throttle status so that the next query
 * waits for the bucket to hold its cost instead of being THROTTLED.
 */
export function createShopifyGraphql(ctx: ConnectorContext) {
  let last: { cost: number; status: ThrottleStatus } | undefined;

  async function query<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
    if (last) {
      const wait = throttleWaitMs(last.cost, last.status);
      if (wait > 0) {
        ctx.log?.debug("shopify bucket low, waiting", { waitMs: wait });
        await delay(wait, undefined, { signal: ctx.signal });
      }
    }
    for (let attempt = 0; ; attempt++) {
      const body = await ctx.http.json<GraphqlBody<T>>({ method: "POST", url: GRAPHQL_PATH, json: { query: document, variables } });
      const cost = body?.extensions?.cost;
      if (cost?.throttleStatus && typeof cost.requestedQueryCost === "number") last = { cost: cost.requestedQueryCost, status: cost.throttleStatus };
      const errors = Array.isArray(body?.errors) ? body.errors : [];
      const throttled = errors.some((e) => e.extensions?.code === "THROTTLED");
      if (throttled) {
        const wait = cost?.throttleStatus ? throttleWaitMs(cost.requestedQueryCost ?? 0, cost.throttleStatus) : 1000;
        if (attempt >= MAX_THROTTLE_RETRIES || wait > MAX_THROTTLE_WAIT_MS) {
          const at = new Date(Date.now() + wait).toISOString();
          throw new ConnectorError({
            kind: "transient",
            platform: PLATFORM,
            retryAfterMs: wait,
            bodyExcerpt: excerpt(ctx, body),
            message: `Shopify's API quota for this shop is used up (query cost ${cost?.requestedQueryCost ?? "?"}, available ${cost?.throttleStatus?.currentlyAvailable ?? "?"}); retrying at ${at}.`,
          });
        }
        ctx.log?.warn("shopify throttled, waiting", { attempt, waitMs: wait });
        await delay(wait, undefined, { signal: ctx.signal });
        continue;
      }
      if (errors.length > 0 || typeof body?.errors === "string") throw graphqlError(ctx, body);
      if (!body || body.data === undefined || body.data === null) {
        throw new ConnectorError({
          kind: "system",
          platform: PLATFORM,
          bodyExcerpt: excerpt(ctx, body),
          message: "Shopify answered a GraphQL query without data or errors.",
        });
      }
      return body.data;
    }
  }

  return { query };
}

function graphqlError(ctx: ConnectorContext, body: GraphqlBody<unknown>): ConnectorError {
  const errors = Array.isArray(body.errors) ? body.errors : [{ message: String(body.errors) }];
  const denied = errors.find((e) => e.extensions?.code === "ACCESS_DENIED");
  if (denied) {
    // Access errors name the scope in their message, e.g. "Access denied for orders field. Required access: `read_orders` access scope."
    const scope = /`?(read_[a-z_]+)`?/.exec(denied.message ?? "")?.[1];
    return new ConnectorError({
      kind: "config",
      platform: PLATFORM,
      bodyExcerpt: excerpt(ctx, body),
      message: scope
        ? `The Shopify app is missing the ${scope} permission. Add the ${scope} Admin API scope to the custom app, reinstall it and paste the new token.`
        : `Shopify denied access (${denied.message ?? "ACCESS_DENIED"}). Check the custom app's Admin API scopes.`,
    });
  }
  return new ConnectorError({
    kind: "system",
    platform: PLATFORM,
    bodyExcerpt: excerpt(ctx, body),
    message: `Shopify rejected a GraphQL query: ${ctx.http.redact(errors.map((e) => e.message ?? e.extensions?.code ?? "error").join("; ")).slice(0, 300)}`,
  });
}
