// The pieces every Meta Graph API fake shares (Facebook Pages, Instagram, public data): a server
// under /v26.0 with Bearer checks for the user token and Page tokens, /me and /me/accounts,
// cursor paging (paging.cursors + paging.next) and daily insights series whose end_time is the
// end of a Pacific-time day, with Graph's {"error":{code,...}} bodies.
import { DateTime } from "luxon";
import type { PlatformFake } from "./behaviours.js";
import { startFakeServer, type FakeHandler, type FakeReply, type FakeServer, type RecordedRequest } from "./fake-server.js";
import { seeded } from "./seeded.js";

export const GRAPH_PREFIX = "/v26.0";
export const META_APP = { clientId: "meta-app-id-0001", clientSecret: "meta-app-secret-0123456789" };
/** Days before this hold no insights (the "empty" range). */
export const META_FIRST_DAY = "2024-01-01";
const PT = "America/Los_Angeles";

export const graphError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}): FakeReply => ({
  status,
  json: { error: { message, type: "OAuthException", code, fbtrace_id: "AbCdEf123", ...extra } },
});
export const GRAPH_UNAUTHORIZED = graphError(401, 190, "Error validating access token: Session has expired.", { error_subcode: 463 });
export const GRAPH_RATE_LIMITED: FakeReply = { ...graphError(429, 32, "(#32) Page request limit reached", { is_transient: true }), headers: { "retry-after": "1" } };
export const GRAPH_SERVER_ERROR = graphError(500, 2, "An unexpected error has occurred. Please retry your request later.", { is_transient: true });

export interface FakePage {
  id: string;
  name: string;
  token: string;
  instagram?: { id: string; username: string; name: string };
}

export interface MetaFake extends PlatformFake {
  userToken: string;
  pages: FakePage[];
  /** Items per page of edges (tests lower it to force paging). */
  options: { pageSize: number };
  /** A route under /v26.0 answering only the user token or a Page token. */
  route(method: string, path: string, handler: FakeHandler): void;
}

/** Deterministic daily value of a metric for an object. */
export const metricValue = (object: string, metric: string, day: string, scale = 1000): number => Math.floor(seeded(`${object}/${metric}/${day}`) * scale);

/** Graph's end_time of a Pacific-time day: the start of the next one, in UTC with +0000. */
export const endTimeOf = (day: string): string => DateTime.fromISO(day, { zone: PT }).plus({ days: 1 }).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'+0000'");

/** The Pacific-time days between since and until (Unix seconds, until exclusive) that hold data. */
export function insightDays(since: number, until: number): string[] {
  const out: string[] = [];
  for (let d = DateTime.fromSeconds(since, { zone: PT }).startOf("day"); d.toSeconds() < until; d = d.plus({ days: 1 })) {
    const day = d.toFormat("yyyy-MM-dd");
    if (day >= META_FIRST_DAY) out.push(day);
  }
  return out;
}

/** A daily insights answer: one series per metric with a value per day. */
export function dailySeries(object: string, metrics: string[], days: string[], value = metricValue): { data: unknown[] } {
  if (days.length === 0) return { data: [] };
  return {
    data: metrics.map((name) => ({
      name,
      period: "day",
      values: days.map((day) => ({ value: value(object, name, day), end_time: endTimeOf(day) })),
      title: name,
      id: `${object}/insights/${name}/day`,
    })),
  };
}

/** One page of an edge with Graph's cursors: `after` is the base64 offset. */
export function cursorPage<T>(server: FakeServer, req: RecordedRequest, items: readonly T[], size: number) {
  const limit = Math.min(size, Number(req.query.get("limit") ?? 25));
  const start = req.query.get("after") ? Number(Buffer.from(req.query.get("after")!, "base64").toString()) : 0;
  const data = items.slice(start, start + limit);
  const after = Buffer.from(String(start + limit)).toString("base64");
  const next = new URL(`${server.url}${req.path}`);
  for (const [k, v] of req.query) if (k !== "after") next.searchParams.set(k, v);
  next.searchParams.set("after", after);
  return { json: { data, paging: { cursors: { before: "MA==", after }, ...(start + limit < items.length ? { next: next.toString() } : {}) } } };
}

export async function startMetaFake(opts: { name: string; pages: FakePage[]; userName?: string }): Promise<MetaFake> {
  const server = await startFakeServer();
  const userToken = `EAAG${opts.name}-user-token-0123456789`;
  const tokens = new Set([userToken, ...opts.pages.map((p) => p.token)]);
  const fake: MetaFake = {
    server,
    baseUrl: `${server.url}${GRAPH_PREFIX}`,
    credential: { type: "oauth2", accessToken: userToken },
    app: META_APP,
    userToken,
    pages: opts.pages,
    options: { pageSize: 100 },
    route(method, path, handler) {
      server.route(method, `${GRAPH_PREFIX}${path}`, (req) => (tokens.has(String(req.headers.authorization ?? "").replace(/^Bearer /, "")) ? handler(req) : GRAPH_UNAUTHORIZED));
    },
    close: () => server.close(),
  };
  // fb_exchange_token: the short-lived user token traded for a long-lived one (no Bearer header).
  server.route("GET", `${GRAPH_PREFIX}/oauth/access_token`, (req) =>
    req.query.get("client_id") === META_APP.clientId && req.query.get("client_secret") === META_APP.clientSecret && req.query.get("fb_exchange_token") === userToken
      ? { json: { access_token: userToken, token_type: "bearer", expires_in: 5_183_944 } }
      : graphError(400, 101, "Error validating client secret."),
  );
  fake.route("GET", "/me", () => ({ json: { id: "4242", name: opts.userName ?? "Ada Social" } }));
  fake.route("GET", "/me/accounts", (req) => {
    if (req.headers.authorization !== `Bearer ${userToken}`) return graphError(400, 190, "A Page access token cannot list pages.");
    const data = opts.pages.map((p) => ({ id: p.id, name: p.name, access_token: p.token, category: "Bakery", tasks: ["ANALYZE", "CREATE_CONTENT"], ...(p.instagram ? { instagram_business_account: p.instagram } : {}) }));
    return cursorPage(server, req, data, fake.options.pageSize);
  });
  return fake;
}

/** Whether a request carries the Page token of `pageId` (Page insights refuse the user token). */
export const hasPageToken = (fake: MetaFake, req: RecordedRequest, pageId: string): boolean => req.headers.authorization === `Bearer ${fake.pages.find((p) => p.id === pageId)?.token}`;
