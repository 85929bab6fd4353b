import { expect, it } from "vitest";
import { startZohoFake, ZOHO_UNAUTHORIZED } from "../../../tests/fakes/zoho-crm/index.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { zohoApiBase, zohoCrmConnector } from "./connector.js";

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
