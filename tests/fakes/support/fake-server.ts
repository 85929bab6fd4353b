// A tiny scriptable HTTP API on 127.0.0.1 for connector tests. Each platform's fake
// (engine/connectors/<platform>/fake.ts) registers routes that speak its wire format; tests then
// script one-off answers (a 429 with Retry-After, a 500, an expired-token 401) in front of them.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Named segments of the matched route (":id"). */
  params: Record<string, string>;
  json<T = unknown>(): T;
  form(): URLSearchParams;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** Serialised as JSON with content-type application/json. */
  json?: unknown;
  /** Bytes for binary answers (gzipped report files). */
  body?: string | Uint8Array;
  delayMs?: number;
}

export type FakeHandler = (req: RecordedRequest) => FakeReply | Promise<FakeReply>;

type Matcher = { method: string; pattern: string | RegExp };

interface Route extends Matcher {
  handler: FakeHandler;
}

interface Scripted extends Matcher {
  reply: FakeReply | FakeHandler;
}

export interface FakeServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** 127.0.0.1:<port>, for allowedHosts. */
  readonly host: string;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  /** A standing route. `pattern` is a path with ":name" segments or a RegExp on the path. */
  route(method: string, pattern: string | RegExp, handler: FakeHandler | FakeReply): FakeServer;
  /** A one-shot answer consumed by the next matching request, before standing routes. */
  once(method: string, pattern: string | RegExp, reply: FakeReply | FakeHandler): FakeServer;
  /** Requests received on a path (and method). */
  requestsTo(pattern: string | RegExp, method?: string): RecordedRequest[];
  /** Forgets recorded requests and pending one-shot answers; standing routes stay. */
  reset(): void;
  close(): Promise<void>;
}

/** Ready-made answers for the behaviours every connector test covers. */
export const replies = {
  ok: (json: unknown, headers?: Record<string, string>): FakeReply => ({ status: 200, json, headers }),
  rateLimited: (retryAfterSeconds = 1, json: unknown = { error: "rate limited" }): FakeReply => ({
    status: 429,
    headers: { "retry-after": String(retryAfterSeconds) },
    json,
  }),
  serverError: (status = 500, json: unknown = { error: "internal error" }): FakeReply => ({ status, json }),
  unauthorized: (json: unknown = { error: "invalid_token" }): FakeReply => ({ status: 401, json }),
  forbidden: (json: unknown = { error: "forbidden" }): FakeReply => ({ status: 403, json }),
};

function matchPath(pattern: string | RegExp, path: string): Record<string, string> | undefined {
  if (pattern instanceof RegExp) {
    const m = pattern.exec(path);
    return m ? { ...(m.groups ?? {}) } : undefined;
  }
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(":")) params[want[i].slice(1)] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

function matches(m: Matcher, method: string, path: string): Record<string, string> | undefined {
  if (m.method !== "*" && m.method.toUpperCase() !== method) return undefined;
  return matchPath(m.pattern, path);
}

export async function startFakeServer(): Promise<FakeServer> {
  const routes: Route[] = [];
  const scripted: Scripted[] = [];
  const requests: RecordedRequest[] = [];

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = (req.method ?? "GET").toUpperCase();
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      params: {},
      json: <T>() => JSON.parse(body) as T,
      form: () => new URLSearchParams(body),
    };
    requests.push(recorded);

    let reply: FakeReply;
    try {
      const index = scripted.findIndex((s) => matches(s, method, url.pathname));
      if (index >= 0) {
        const [one] = scripted.splice(index, 1);
        recorded.params = matches(one, method, url.pathname) ?? {};
        reply = typeof one.reply === "function" ? await one.reply(recorded) : one.reply;
      } else {
        const route = routes.find((r) => matches(r, method, url.pathname));
        if (route) {
          recorded.params = matches(route, method, url.pathname) ?? {};
          reply = await route.handler(recorded);
        } else {
          reply = { status: 404, json: { error: `no fake route for ${method} ${url.pathname}` } };
        }
      }
    } catch (error) {
      reply = { status: 500, json: { error: `fake handler failed: ${(error as Error).message}` } };
    }

    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const headers: Record<string, string> = { ...(reply.headers ?? {}) };
    let payload: string | Uint8Array = reply.body ?? "";
    if (reply.json !== undefined) {
      headers["content-type"] ??= "application/json";
      payload = JSON.stringify(reply.json);
    }
    res.writeHead(reply.status ?? 200, headers);
    res.end(payload);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;

  const fake: FakeServer = {
    url: `http://${host}`,
    host,
    requests,
    route(method, pattern, handler) {
      routes.push({ method, pattern, handler: typeof handler === "function" ? handler : () => handler });
      return fake;
    },
    once(method, pattern, reply) {
      scripted.push({ method, pattern, reply });
      return fake;
    },
    requestsTo(pattern, method) {
      return requests.filter((r) => (!method || r.method === method.toUpperCase()) && matchPath(pattern, r.path));
    },
    reset() {
      requests.length = 0;
      scripted.length = 0;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      });
    },
  };
  return fake;
}
