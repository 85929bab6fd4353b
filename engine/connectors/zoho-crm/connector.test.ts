import { expect, it } from "vitest";
import { startZohoFake, ZOHO_UNAUTHORIZED } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { createConnectorContext } from "../../core/context.js";
import { zohoApiBase, zohoCrmConnector, zohoTokenUrl } from "./connector.js";

behaviourSuite({
  connector: zohoCrmConnector,
  start: startZohoFake,
  dataPath: "/crm/v8/coql",
  read: { fields: ["date", "stage", "deals", "amount"], range: { start: "2025-01-06", end: "2025-01-06" } },
  unauthorized: ZOHO_UNAUTHORIZED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "70000001", name: "Signal Inc", timezone: "America/Los_Angeles", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    const day = fake.deals.filter((d) => d.Created_Time.startsWith("2025-01-06"));
    expect(rows).toEqual(
      ["Closed Won", "Qualification", "Closed Lost"].map((stage) => {
        const ds = day.filter((d) => d.Stage === stage);
        return { date: "2025-01-06", stage, deals: ds.length, amount: ds.reduce((s, d) => s + d.Amount, 0) };
      }),
    );
    const [request] = fake.server.requestsTo("/crm/v8/coql");
    expect(request.json<{ select_query: string }>().select_query).toContain("where Created_Time between '2025-01-06T00:00:00-08:00' and '2025-01-06T23:59:59-08:00' order by Created_Time asc limit 0, 200");
    expect(request.headers.authorization).toBe("Zoho-oauthtoken 1000.zohoaccess0123456789");
  },
  pagination: {
    // 279 deals: limit 0, 200 then limit 200, 200 while info.more_records.
    read: { fields: ["won_deals", "deals"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([{ won_deals: fake.deals.filter((d) => d.Stage === "Closed Won").length, deals: fake.deals.length }]);
    },
  },
  // COQL answers 204 No Content when nothing matches.
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
});

it("reads from the data center kept with the source", () => {
  expect(zohoApiBase({ type: "oauth2", accessToken: "x", options: { location: "eu" } } as never)).toBe("https://www.zohoapis.eu");
  expect(zohoApiBase({ type: "oauth2", accessToken: "x" })).toBe("https://www.zohoapis.com");
});

it("refreshes at the accounts server of the data center and keeps the data center on the new token", async () => {
  const calls: string[] = [];
  const stub: typeof fetch = async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push(url);
    if (url.includes("/oauth/v2/token")) return new Response(JSON.stringify({ access_token: "eu-token-2", expires_in: 3600, token_type: "Bearer" }), { headers: { "content-type": "application/json" } });
    return new Response(JSON.stringify({ org: [{ id: "1", company_name: "Acme EU", time_zone: "Europe/Berlin", currency: "EUR" }] }), { headers: { "content-type": "application/json" } });
  };
  const refreshed: unknown[] = [];
  const ctx = createConnectorContext(zohoCrmConnector, {
    credential: { type: "oauth2", accessToken: "eu-token-1", refreshToken: "eu-refresh", expiresAt: "2000-01-01T00:00:00Z", options: { location: "eu" } },
    app: { clientId: "zoho-client", clientSecret: "zoho-secret" },
    fetch: stub,
    onCredentialRefreshed: async (c) => void refreshed.push(c),
  });
  await zohoCrmConnector.listAccounts(ctx);
  expect(calls[0]).toBe("https://accounts.zoho.eu/oauth/v2/token");
  expect(calls[1]).toMatch(/^https:\/\/www\.zohoapis\.eu\/crm\/v8\/org/);
  expect(refreshed).toEqual([expect.objectContaining({ accessToken: "eu-token-2", options: { location: "eu" } })]);
  expect(zohoTokenUrl({ location: "ca" })).toBe("https://accounts.zohocloud.ca/oauth/v2/token");
  expect(zohoTokenUrl(undefined)).toBe("https://accounts.zoho.com/oauth/v2/token");
});
