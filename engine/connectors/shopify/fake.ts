// A local Shopify Admin GraphQL API: POST /admin/api/{version}/graphql.json with
// X-Shopify-Access-Token, the shop, orders and order queries with cursor connections
// (pageInfo.endCursor / hasNextPage), extensions.cost on every answer, and scriptable failures:
// a THROTTLED answer, an HTTP 429 with Retry-After, a 5xx, a bad token, a missing scope.
import { replies, startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { buildOrders, FAKE_SHOP, type FakeLineItem, type FakeOrder } from "./fake-data.js";

export const SHOPIFY_FAKE_VERSION = "2026-10";
export const SHOPIFY_FAKE_TOKEN = "shpat_fake_0123456789abcdef0123";

export type ShopifyFailure = "unauthorized" | "throttled" | "rateLimited" | "serverError" | "accessDenied" | "paymentRequired";

export interface ShopifyFake {
  server: FakeServer;
  url: string;
  graphqlPath: string;
  token: string;
  orders: FakeOrder[];
  /** The next GraphQL request gets this failure instead of its answer. */
  failNext(failure: ShopifyFailure, opts?: { retryAfterSeconds?: number }): void;
  /** GraphQL requests received so far, with their operation's variables. */
  graphqlRequests(): { query: string; variables: Record<string, unknown>; headers: RecordedRequest["headers"] }[];
  close(): Promise<void>;
}

export interface ShopifyFakeOptions {
  token?: string;
  orders?: FakeOrder[];
  scopes?: string[];
}

const COST = (requested: number) => ({
  cost: { requestedQueryCost: requested, actualQueryCost: Math.ceil(requested / 3), throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 } },
});

const encodeCursor = (index: number) => Buffer.from(JSON.stringify({ last_id: index })).toString("base64");
const decodeCursor = (cursor: unknown) => (typeof cursor === "string" ? (JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as { last_id: number }).last_id : -1);

function connection<T>(items: T[], first: number, after: unknown) {
  const start = decodeCursor(after) + 1;
  const nodes = items.slice(start, start + first);
  const last = start + nodes.length - 1;
  return { nodes, pageInfo: { hasNextPage: last < items.length - 1, endCursor: nodes.length ? encodeCursor(last) : null } };
}

/** The created_at bounds of a search query such as created_at:>='2025-01-01T00:00:00-05:00' AND created_at:<'...'. */
function createdAtFilter(search: unknown): (order: FakeOrder) => boolean {
  const text = typeof search === "string" ? search : "";
  const from = /created_at:>=\s*'([^']+)'/.exec(text)?.[1];
  const to = /created_at:<\s*'([^']+)'/.exec(text)?.[1];
  return (order) => {
    const at = Date.parse(order.createdAt);
    return (!from || at >= Date.parse(from)) && (!to || at < Date.parse(to));
  };
}

function withoutLines(order: FakeOrder, query: string, linesFirst: number) {
  const { lineItems, ...rest } = order;
  if (!/lineItems\s*\(/.test(query)) return rest;
  return { ...rest, lineItems: connection<FakeLineItem>(lineItems, linesFirst, undefined) };
}

export async function startShopifyFake(options: ShopifyFakeOptions = {}): Promise<ShopifyFake> {
  const server = await startFakeServer();
  const token = options.token ?? SHOPIFY_FAKE_TOKEN;
  const orders = [...(options.orders ?? buildOrders())].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const scopes = options.scopes ?? ["read_orders", "read_all_orders", "read_products"];
  const graphqlPath = `/admin/api/${SHOPIFY_FAKE_VERSION}/graphql.json`;

  const invalidToken: FakeReply = { status: 401, json: { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" } };

  server.route("POST", graphqlPath, (req) => {
    if (req.headers["x-shopify-access-token"] !== token) return invalidToken;
    const { query, variables = {} } = req.json<{ query: string; variables?: Record<string, unknown> }>();
    if (/\border\s*\(\s*id:/.test(query)) {
      const order = orders.find((o) => o.id === variables.id);
      return replies.ok({ data: { order: order ? { lineItems: connection(order.lineItems, Number(variables.first), variables.after) } : null }, extensions: COST(10) });
    }
    if (/\borders\s*\(/.test(query)) {
      const first = Number(variables.first ?? 50);
      if (first > 250) return replies.ok({ errors: [{ message: "The page size must be at most 250.", extensions: { code: "BAD_REQUEST" } }] });
      const matching = orders.filter(createdAtFilter(variables.query));
      const page = connection(matching, first, variables.after);
      const linesFirst = Number(variables.lines ?? 0);
      return replies.ok({
        data: { orders: { pageInfo: page.pageInfo, nodes: page.nodes.map((o) => withoutLines(o, query, linesFirst)) } },
        extensions: COST(first * (linesFirst || 15)),
      });
    }
    if (/\bshop\s*\{/.test(query)) {
      return replies.ok({ data: { shop: FAKE_SHOP, currentAppInstallation: { accessScopes: scopes.map((handle) => ({ handle })) } }, extensions: COST(2) });
    }
    return replies.ok({ errors: [{ message: "Field doesn't exist on type 'QueryRoot'", extensions: { code: "undefinedField" } }] });
  });

  const failures: Record<ShopifyFailure, (retryAfter: number) => FakeReply> = {
    unauthorized: () => invalidToken,
    paymentRequired: () => ({ status: 402, json: { errors: "Unavailable Shop" } }),
    rateLimited: (retryAfter) => ({ status: 429, headers: { "retry-after": String(retryAfter) }, json: { errors: "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service." } }),
    serverError: () => ({ status: 503, json: { errors: "Service Unavailable" } }),
    throttled: () =>
      replies.ok({
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" } }],
        extensions: { cost: { requestedQueryCost: 752, actualQueryCost: null, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 742, restoreRate: 100 } } },
      }),
    accessDenied: () =>
      replies.ok({
        data: null,
        errors: [{ message: "Access denied for orders field. Required access: `read_orders` access scope.", extensions: { code: "ACCESS_DENIED", documentation: "https://shopify.dev/api/usage/access-scopes" } }],
      }),
  };

  return {
    server,
    url: server.url,
    graphqlPath,
    token,
    orders,
    failNext(failure, opts = {}) {
      server.once("POST", graphqlPath, failures[failure](opts.retryAfterSeconds ?? 1));
    },
    graphqlRequests() {
      return server.requestsTo(graphqlPath, "POST").map((r) => {
        const body = r.json<{ query: string; variables?: Record<string, unknown> }>();
        return { query: body.query, variables: body.variables ?? {}, headers: r.headers };
      });
    },
    close: () => server.close(),
  };
}
