import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replies, startFakeServer, type FakeServer } from "../fakes/support/fake-server.js";

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());

describe("fake server", () => {
  it("listens on loopback with an ephemeral port", () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Number(fake.host.split(":")[1])).toBeGreaterThan(0);
  });

  it("routes by method and path parameters and records requests", async () => {
    fake.route("POST", "/v1/accounts/:id/reports", (req) => replies.ok({ id: req.params.id, got: req.json<{ n: number }>().n, q: req.query.get("x") }));
    const res = await fetch(`${fake.url}/v1/accounts/42/reports?x=y`, { method: "POST", body: JSON.stringify({ n: 7 }), headers: { "x-test": "1" } });
    expect(await res.json()).toEqual({ id: "42", got: 7, q: "y" });
    const [recorded] = fake.requestsTo("/v1/accounts/:id/reports", "POST");
    expect(recorded.headers["x-test"]).toBe("1");
    expect(await (await fetch(`${fake.url}/v1/accounts/42/reports`)).status).toBe(404);
  });

  it("serves one-shot answers before standing routes, in order", async () => {
    fake.route("GET", "/flaky", replies.ok({ ok: true }));
    fake.once("GET", "/flaky", replies.rateLimited(7));
    fake.once("GET", "/flaky", replies.serverError(503));
    const first = await fetch(`${fake.url}/flaky`);
    expect([first.status, first.headers.get("retry-after")]).toEqual([429, "7"]);
    expect((await fetch(`${fake.url}/flaky`)).status).toBe(503);
    expect((await fetch(`${fake.url}/flaky`)).status).toBe(200);
  });

  it("forgets requests and pending answers on reset, keeping routes", async () => {
    fake.route("GET", "/kept", replies.ok({}));
    fake.once("GET", "/kept", replies.unauthorized());
    fake.reset();
    expect(fake.requests).toHaveLength(0);
    expect((await fetch(`${fake.url}/kept`)).status).toBe(200);
  });

  it("answers 500 with the reason when a handler throws", async () => {
    fake.route("GET", "/broken", () => {
      throw new Error("boom");
    });
    const res = await fetch(`${fake.url}/broken`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "fake handler failed: boom" });
  });
});
