// The Admin GraphQL transport: versioned endpoint, errors that arrive inside a 200, and the
// calculated-cost throttle. https://shopify.dev/docs/api/admin-graphql and
// https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits
import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import type { PayloadParser } from "../../core/http-types.js";
import type { ConnectorContext } from "../../core/types.js";

/** Stable since 2026-10-01 and supported until 2027-10 (https://shopify.dev/changelog/release-notes/2026-10). */
export const SHOPIFY_API_VERSION = "2026-10";
export const GRAPHQL_PATH = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

const PLATFORM = "shopify";
/** THROTTLED answers are retried this many times in-process, each after the wait the bucket needs. */
const MAX_THROTTLE_RETRIES = 5;
/** A wait longer than this goes back to the caller (Temporal retries the activity later). */
const MAX_THROTTLE_WAIT_MS = 60_000;

const throttleStatus = z.object({ maximumAvailable: z.number(), currentlyAvailable: z.number(), restoreRate: z.number() });
export type ThrottleStatus = z.infer<typeof throttleStatus>;

// Errors only word the message; `extensions.code` picks THROTTLED and ACCESS_DENIED.
const graphqlErrorEntry = z.object({ message: z.string().nullish(), extensions: z.object({ code: z.string().nullish() }).nullish() });

/** The envelope; `data` is checked against the query's schema only in an answer without errors. */
const envelope = z.object({
  data: z.unknown().optional(),
  errors: z.union([z.array(graphqlErrorEntry), z.string()]).nullish(),
  extensions: z.object({ cost: z.object({ requestedQueryCost: z.number().nullish(), throttleStatus: throttleStatus.nullish() }).nullish() }).nullish(),
});
type GraphqlBody<T> = Omit<z.infer<typeof envelope>, "data"> & { data?: T };

const hasErrors = (body: z.infer<typeof envelope>) => typeof body.errors === "string" || (Array.isArray(body.errors) && body.errors.length > 0);

/**
 * An answer with errors (THROTTLED, ACCESS_DENIED) carries partial or null data: it is read for its
 * errors; an answer without them must carry the query's data (null or missing data is a mismatch).
 */
function answer<T>(data: z.ZodType<T>): PayloadParser<GraphqlBody<T>> {
  const clean = z.object({ data });
  return {
    parse(raw) {
      const body = envelope.parse(raw);
      if (hasErrors(body)) return { ...body, data: undefined };
      return { ...body, data: clean.parse(body).data };
    },
  };
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

  async function query<T>(document: string, data: z.ZodType<T>, variables: Record<string, unknown> = {}): Promise<T> {
    if (last) {
      const wait = throttleWaitMs(last.cost, last.status);
      if (wait > 0) {
        ctx.log?.debug("shopify bucket low, waiting", { waitMs: wait });
        await delay(wait, undefined, { signal: ctx.signal });
      }
    }
    for (let attempt = 0; ; attempt++) {
      const body = await ctx.http.json({ method: "POST", url: GRAPHQL_PATH, json: { query: document, variables } }, answer(data));
      const cost = body.extensions?.cost;
      if (cost?.throttleStatus && typeof cost.requestedQueryCost === "number") last = { cost: cost.requestedQueryCost, status: cost.throttleStatus };
      const errors = Array.isArray(body.errors) ? body.errors : [];
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
      if (hasErrors(body)) throw graphqlError(ctx, body);
      // answer() checked the data of an answer without errors; this only narrows the type.
      if (body.data === undefined || body.data === null) {
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
