import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replies, startFakeServer, type FakeServer } from "../../tests/fakes/support/fake-server.js";
import { createConnectorContext } from "./context.js";
import { ConnectorError } from "./errors.js";
import { memoryLogger } from "./logger.js";
import type { Connector, Credential } from "./types.js";

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());

function connector(overrides: Partial<Connector> = {}): Connector {
  return {
    id: "ctx-test",
    authMethod: "oauth2",
    timezone: "account",
    currency: "account",
    restatementDays: 0,
    allowedHosts: ["api.example.com", "oauth.example.com"],
    defaultBaseUrl: "https://api.example.com/v2",
    oauth2: { authorizeUrl: "https://oauth.example.com/authorize", tokenUrl: "https://oauth.example.com/oauth/token", scopes: [] },
    check: async () => ({ ok: true }),
    listAccounts: async () => [],
    listReports: async () => [],
    listConfigFields: async () => [],
    listFields: async () => [],
    read: async function* () {},
    ...overrides,
  };
}

describe("createConnectorContext", () => {
  it("with a base URL override, allows only the override's host", async () => {
    const ctx = createConnectorContext(connector(), { credential: { type: "oauth2", accessToken: "a" }, baseUrl: `${fake.url}/v2` });
    expect(ctx.http.baseUrl).toBe(`${fake.url}/v2`);
    const error = await ctx.http.request({ url: "https://api.example.com/v2/me" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toMatch(/allowed hosts/);
  });

  it("moves the token URL onto the override's origin and refreshes through it", async () => {
    const refreshed: Credential[] = [];
    fake.once("GET", "/v2/me", replies.unauthorized());
    fake.route("GET", "/v2/me", replies.ok({ id: 1 }));
    fake.route("POST", "/oauth/token", replies.ok({ access_token: "new-token", expires_in: 60 }));
    const ctx = createConnectorContext(connector(), {
      credential: { type: "oauth2", accessToken: "old-token", refreshToken: "refresh-token-1" },
      app: { clientId: "id", clientSecret: "secret-123456" },
      baseUrl: `${fake.url}/v2`,
      retry: { minTimeoutMs: 1 },
      onCredentialRefreshed: async (c) => void refreshed.push(c),
    });
    await expect(ctx.http.json({ url: "/me" })).resolves.toEqual({ id: 1 });
    expect(fake.requestsTo("/oauth/token")).toHaveLength(1);
    expect(refreshed).toMatchObject([{ accessToken: "new-token", refreshToken: "refresh-token-1" }]);
  });

  it("uses the credential's own host for customer-hosted platforms", () => {
    const ctx = createConnectorContext(
      connector({ authMethod: "api-key", baseUrlFor: (c) => (c.type === "api-key" ? `https://${c.options?.shop}/admin/api` : undefined) }),
      { credential: { type: "api-key", key: "k", options: { shop: "acme.myshopify.com" } } },
    );
    expect(ctx.http.baseUrl).toBe("https://acme.myshopify.com/admin/api");
  });

  it("gives connectors a redacting logger", () => {
    const lines = memoryLogger();
    const ctx = createConnectorContext(connector(), { credential: { type: "oauth2", accessToken: "access-token-value" }, log: lines });
    ctx.log?.info("calling with access-token-value", { url: "https://api.example.com/x?access_token=access-token-value" });
    expect(JSON.stringify(lines.lines)).not.toContain("access-token-value");
  });
});

describe("createConnectorContext input checks", () => {
  it("refuses a malformed credential or one of the wrong kind with InvalidCredentialError", async () => {
    const { InvalidCredentialError } = await import("./errors.js");
    expect(() => createConnectorContext(connector(), { credential: { type: "oauth2", accessToken: "" } })).toThrow(InvalidCredentialError);
    expect(() => createConnectorContext(connector(), { credential: { type: "api-key", key: "k" } })).toThrow(/connects with oauth2/);
  });
  it("accepts the kinds a connector also reads (alsoAccepts), and only those", () => {
    const both = { ...connector(), alsoAccepts: ["api-key"] as const };
    expect(createConnectorContext(both, { credential: { type: "api-key", key: "k" } }).credential).toEqual({ type: "api-key", key: "k" });
    expect(() => createConnectorContext(both, { credential: { type: "oauth1", token: "t", tokenSecret: "s" } })).toThrow(/connects with oauth2 or api-key/);
  });
});
