import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { replies, startFakeServer, type FakeServer } from "../../tests/fakes/support/fake-server.js";
import { ConnectorError } from "./errors.js";
import { createHttpClient, hostAllowed, parseRetryAfter, resolveUrl, type HttpClientOptions } from "./http.js";
import { memoryLogger } from "./logger.js";
import type { Credential } from "./types.js";

let fake: FakeServer;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => fake.reset());

function client(overrides: Partial<HttpClientOptions> = {}) {
  // A fresh platform name per client: rate limiters are shared per platform and account.
  seq += 1;
  return createHttpClient({
    platform: `test-${seq}`,
    allowedHosts: [],
    baseUrl: `${fake.url}/v1`,
    credential: { type: "api-key", key: "key-abcdef123456" },
    retry: { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5 },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    return error as ConnectorError;
  }
  throw new Error("expected the request to fail");
}

const oauth2Config = { authorizeUrl: "https://auth.example/authorize", tokenUrl: "", scopes: ["read"] };

describe("createHttpClient", () => {
  it("resolves relative URLs under the base path and sends the bearer key", async () => {
    fake.route("GET", "/v1/things", replies.ok({ items: [1] }));
    const data = await client().json<{ items: number[] }>({ url: "/things", query: { a: 1, list: ["x", "y"] } });
    expect(data.items).toEqual([1]);
    const [req] = fake.requestsTo("/v1/things");
    expect(req.query.get("list")).toBe("x,y");
    expect(req.headers.authorization).toBe("Bearer key-abcdef123456");
  });

  it("retries a 429 after the Retry-After delay", async () => {
    fake.once("GET", "/v1/limited", replies.rateLimited(1));
    fake.route("GET", "/v1/limited", replies.ok({ ok: true }));
    const started = Date.now();
    const data = await client().json<{ ok: boolean }>({ url: "/limited" });
    expect(data.ok).toBe(true);
    expect(fake.requestsTo("/v1/limited")).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("does not wait in-process for a Retry-After beyond the cap and surfaces it", async () => {
    fake.route("GET", "/v1/long-limit", replies.rateLimited(3600));
    const error = await client({ retry: { retries: 3, minTimeoutMs: 1, maxRetryAfterMs: 10_000 } })
      .request({ url: "/long-limit" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("transient");
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(fake.requestsTo("/v1/long-limit")).toHaveLength(1);
  });

  it("retries 5xx and succeeds", async () => {
    fake.once("GET", "/v1/flaky", replies.serverError(500));
    fake.once("GET", "/v1/flaky", replies.serverError(503));
    fake.route("GET", "/v1/flaky", replies.ok({ n: 3 }));
    const data = await client().json<{ n: number }>({ url: "/flaky" });
    expect(data.n).toBe(3);
    expect(fake.requestsTo("/v1/flaky")).toHaveLength(3);
  });

  it("gives up after the retry budget with a transient error", async () => {
    fake.route("GET", "/v1/down", replies.serverError(502));
    const error = await client().request({ url: "/down" }).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("transient");
    expect(error.status).toBe(502);
    expect(fake.requestsTo("/v1/down")).toHaveLength(4);
  });

  it("refreshes an expired token on 401, retries, and persists the new credential", async () => {
    const persisted: Credential[] = [];
    fake.route("GET", "/v1/me", (req) =>
      req.headers.authorization === "Bearer new-access-token" ? replies.ok({ id: "me" }) : replies.unauthorized(),
    );
    fake.route("POST", "/oauth/token", (req) => {
      const form = req.form();
      if (form.get("grant_type") !== "refresh_token" || form.get("refresh_token") !== "refresh-123456") {
        return { status: 400, json: { error: "invalid_grant" } };
      }
      return replies.ok({ access_token: "new-access-token", expires_in: 3600 });
    });
    const http = client({
      credential: { type: "oauth2", accessToken: "old-access-token", refreshToken: "refresh-123456" },
      oauth2: { ...oauth2Config, tokenUrl: `${fake.url}/oauth/token` },
      app: { clientId: "cid", clientSecret: "client-secret-xyz" },
      onCredentialRefreshed: async (c) => {
        persisted.push(c);
      },
    });
    const data = await http.json<{ id: string }>({ url: "/me" });
    expect(data.id).toBe("me");
    expect(fake.requestsTo("/v1/me")).toHaveLength(2);
    expect(persisted).toHaveLength(1);
    expect(persisted[0]).toMatchObject({ type: "oauth2", accessToken: "new-access-token", refreshToken: "refresh-123456" });
    expect(http.credential).toEqual(persisted[0]);
    expect(fake.requestsTo("/oauth/token")[0].form().get("client_secret")).toBe("client-secret-xyz");
  });

  it("refreshes before the request when the token is about to expire", async () => {
    const persisted: Credential[] = [];
    fake.route("GET", "/v1/soon", (req) =>
      req.headers.authorization === "Bearer fresh-token" ? replies.ok({}) : replies.unauthorized(),
    );
    fake.route("POST", "/oauth/token-ahead", replies.ok({ access_token: "fresh-token", expires_in: 3600 }));
    await client({
      credential: { type: "oauth2", accessToken: "stale-token", refreshToken: "refresh-abcdef", expiresAt: "2020-01-01T00:00:00Z" },
      oauth2: { ...oauth2Config, tokenUrl: `${fake.url}/oauth/token-ahead` },
      app: { clientId: "cid", clientSecret: "client-secret-xyz" },
      onCredentialRefreshed: async (c) => void persisted.push(c),
    }).request({ url: "/soon" });
    expect(fake.requestsTo("/v1/soon")).toHaveLength(1);
    expect(persisted).toHaveLength(1);
  });

  it("turns a 401 without a refresh token into a config error, without retrying", async () => {
    fake.route("GET", "/v1/private", replies.unauthorized());
    const error = await client({ credential: { type: "oauth2", accessToken: "token-without-refresh" } })
      .request({ url: "/private" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("config");
    expect(error.message).toMatch(/Reconnect/);
    expect(fake.requestsTo("/v1/private")).toHaveLength(1);
  });

  it("turns a 403 into a config error", async () => {
    fake.route("GET", "/v1/forbidden", replies.forbidden());
    const error = await client().request({ url: "/forbidden" }).catch((e) => e);
    expect(error.kind).toBe("config");
    expect(error.status).toBe(403);
  });

  it("refuses hosts that are not allowed, before any request", async () => {
    const error = await client({ allowedHosts: ["api.example.com"] })
      .request({ url: "http://169.254.169.254/latest/meta-data" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.message).toMatch(/not one of .* allowed hosts/);
    expect(fake.requests).toHaveLength(0);
  });

  it("reports a non-JSON or unexpected payload as a system error with a redacted excerpt", async () => {
    fake.route("GET", "/v1/html", { status: 200, body: "<html>oops key-abcdef123456</html>" });
    const notJson = await failure(client().json({ url: "/html" }));
    expect(notJson.kind).toBe("system");
    expect(notJson.bodyExcerpt).toContain("<html>oops");
    expect(notJson.bodyExcerpt).not.toContain("key-abcdef123456");

    fake.route("GET", "/v1/shape", replies.ok({ items: "nope" }));
    const parser = {
      parse(data: unknown) {
        if (!Array.isArray((data as { items?: unknown }).items)) throw new Error("items must be an array");
        return data;
      },
    };
    const badShape = await failure(client().json({ url: "/shape" }, parser));
    expect(badShape.kind).toBe("system");
    expect(badShape.message).toContain("items must be an array");
    expect(badShape.request?.url).toContain("/v1/shape");
  });

  it("checks a buffered answer's JSON with a parser the same way, naming where a schema failed", async () => {
    fake.route("GET", "/v1/orders", replies.ok({ orders: [{ total: 5 }, { total: "many" }] }));
    const response = await client().request({ url: "/orders" });
    const schema = z.object({ orders: z.array(z.object({ total: z.number() })) });
    const error = (() => {
      try {
        response.json(schema);
      } catch (e) {
        return e as ConnectorError;
      }
      throw new Error("the parser accepted a string total");
    })();
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("system");
    expect(error.message).toContain("orders.1.total");
    expect(error.bodyExcerpt).toContain('"many"');
    expect(response.json(z.object({ orders: z.array(z.unknown()) })).orders).toHaveLength(2);
  });

  it("never writes the credential into log lines or error excerpts", async () => {
    const secret = "sk_live_SUPERSECRET_987654";
    fake.route("GET", "/v1/echo", (req) => ({
      status: 400,
      json: { error: "bad", echoed: req.headers.authorization, token: secret },
    }));
    const log = memoryLogger();
    const error = await client({
      credential: { type: "api-key", key: secret },
      log,
    })
      .request({ url: "/echo", query: { api_key: secret, access_token: "other-token-1234567" } })
      .catch((e) => e);
    expect(error.kind).toBe("system");
    const everything = JSON.stringify(log.lines) + JSON.stringify(error) + error.message;
    expect(log.lines.length).toBeGreaterThan(0);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain("other-token-1234567");
    expect(everything).toContain("[REDACTED]");
  });

  it("signs OAuth 1.0a requests verifiably", async () => {
    const consumer = { key: "consumer-key", secret: "consumer-secret" };
    const token = { key: "user-token", secret: "user-token-secret" };
    fake.route("GET", "/v1/signed", (req) => {
      const header = String(req.headers.authorization);
      const params = Object.fromEntries(
        [...header.replace(/^OAuth /, "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], decodeURIComponent(m[2])]),
      );
      const oauth = new OAuth({
        consumer,
        signature_method: "HMAC-SHA1",
        hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
      });
      const { oauth_signature, ...data } = params;
      const expected = oauth.getSignature(
        { url: `${fake.url}${req.path}?${req.query.toString()}`, method: "GET" },
        token.secret,
        data as unknown as OAuth.Data,
      );
      return expected === oauth_signature && params.oauth_token === token.key ? replies.ok({ ok: true }) : replies.unauthorized();
    });
    const http = client({
      credential: { type: "oauth1", token: token.key, tokenSecret: token.secret },
      app: { clientId: consumer.key, clientSecret: consumer.secret },
    });
    await expect(http.json({ url: "/signed", query: { q: "a b" } })).resolves.toEqual({ ok: true });
  });

  it("keeps to the per-account concurrency budget", async () => {
    let inFlight = 0;
    let peak = 0;
    fake.route("GET", "/v1/slow", async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 30));
      inFlight -= 1;
      return replies.ok({});
    });
    const http = client({ rateLimit: { maxConcurrent: 1 } });
    await Promise.all([1, 2, 3, 4].map(() => http.request({ url: "/slow", account: "acc-1" })));
    expect(peak).toBe(1);
    expect(fake.requestsTo("/v1/slow")).toHaveLength(4);
  });

  it("returns expected non-2xx statuses to the caller", async () => {
    fake.route("GET", "/v1/missing", { status: 404, json: { error: "not found" } });
    const res = await client().request({ url: "/missing", expect: [404] });
    expect(res.status).toBe(404);
    expect(res.json<{ error: string }>().error).toBe("not found");
  });
});

describe("http helpers", () => {
  it("parses Retry-After seconds and HTTP dates", () => {
    const now = new Date("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("5", now)).toBe(5000);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("garbage", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("matches allowed hosts exactly, by wildcard and with ports", () => {
    expect(hostAllowed(new URL("https://api.x.com/a"), ["api.x.com"])).toBe(true);
    expect(hostAllowed(new URL("https://evil-api.x.com/a"), ["api.x.com"])).toBe(false);
    expect(hostAllowed(new URL("https://shop.myshopify.com/a"), ["*.myshopify.com"])).toBe(true);
    expect(hostAllowed(new URL("https://myshopify.com.evil.io/a"), ["*.myshopify.com"])).toBe(false);
    expect(hostAllowed(new URL("http://127.0.0.1:4000/a"), ["127.0.0.1:4001"])).toBe(false);
  });

  it("keeps the base path for relative URLs", () => {
    expect(resolveUrl("/campaigns?x=1", "https://api.x.com/v17").toString()).toBe("https://api.x.com/v17/campaigns?x=1");
    expect(resolveUrl("campaigns", "https://api.x.com/v17/").toString()).toBe("https://api.x.com/v17/campaigns");
    expect(resolveUrl("https://other.x.com/p", "https://api.x.com/v17").toString()).toBe("https://other.x.com/p");
  });
});

describe("createHttpClient edge cases", () => {
  it("retries when the token endpoint is briefly down instead of calling the credential bad", async () => {
    fake.route("GET", "/v1/edge-me", (req) => (req.headers.authorization === "Bearer edge-new" ? replies.ok({ ok: 1 }) : replies.unauthorized()));
    fake.once("POST", "/oauth/edge-token", replies.serverError(503));
    fake.route("POST", "/oauth/edge-token", replies.ok({ access_token: "edge-new", expires_in: 3600 }));
    const http = client({
      credential: { type: "oauth2", accessToken: "edge-old", refreshToken: "edge-refresh-1" },
      oauth2: { ...oauth2Config, tokenUrl: `${fake.url}/oauth/edge-token` },
      app: { clientId: "cid", clientSecret: "client-secret-xyz" },
    });
    await expect(http.json({ url: "/edge-me" })).resolves.toEqual({ ok: 1 });
    expect(fake.requestsTo("/oauth/edge-token")).toHaveLength(2);
  });

  it("refreshes once when parallel requests all hit 401", async () => {
    fake.route("GET", "/v1/parallel", (req) => (req.headers.authorization === "Bearer par-new" ? replies.ok({}) : replies.unauthorized()));
    fake.route("POST", "/oauth/par-token", { delayMs: 20, status: 200, json: { access_token: "par-new", expires_in: 3600 } });
    const http = client({
      credential: { type: "oauth2", accessToken: "par-old", refreshToken: "par-refresh-1" },
      oauth2: { ...oauth2Config, tokenUrl: `${fake.url}/oauth/par-token` },
      app: { clientId: "cid", clientSecret: "client-secret-xyz" },
    });
    await Promise.all([1, 2, 3].map(() => http.request({ url: "/parallel" })));
    expect(fake.requestsTo("/oauth/par-token")).toHaveLength(1);
  });

  it("times out a silent platform as a transient error", async () => {
    fake.route("GET", "/v1/silent", { delayMs: 300, json: {} });
    const error = await failure(client({ retry: { retries: 0 } }).request({ url: "/silent", timeoutMs: 50 }));
    expect(error.kind).toBe("transient");
    expect(error.message).toMatch(/did not answer in time/);
  });

  it("does not log a retry for an error it will not retry", async () => {
    fake.route("GET", "/v1/long-limit-2", replies.rateLimited(3600));
    const log = memoryLogger();
    await failure(client({ log, retry: { retries: 3, minTimeoutMs: 1, maxRetryAfterMs: 1000 } }).request({ url: "/long-limit-2" }));
    expect(log.lines.filter((l) => l.message === "http retry")).toHaveLength(0);
  });
});
