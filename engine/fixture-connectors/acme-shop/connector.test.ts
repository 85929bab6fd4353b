import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeServer } from "../../../tests/fakes/support/fake-server.js";
import { replies } from "../../../tests/fakes/support/fake-server.js";
import { createConnectorContext } from "../../core/context.js";
import { ConnectorError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account } from "../../core/types.js";
import { acmeShopConnector } from "./connector.js";
import { ACME_SHOP_TOKEN, startAcmeShopFake } from "./fake.js";

let fake: FakeServer;
beforeAll(async () => {
  fake = await startAcmeShopFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const store: Account = { id: "store-1", name: "Acme Outfitters", timezone: "UTC", currency: "EUR" };
const ctx = (key = ACME_SHOP_TOKEN) =>
  createConnectorContext(acmeShopConnector, { credential: { type: "api-key", key }, baseUrl: fake.url, retry: { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 5 } });
const read = (fields: string[], range = { start: "2025-01-06", end: "2025-01-08" }) =>
  collectRows(acmeShopConnector.read(ctx(), { accounts: [store], fields, range }));

describe("acme-shop connector", () => {
  it("reads orders across pages and rolls them up by day", async () => {
    expect(await read(["date", "orders", "revenue", "average_order_value"])).toEqual([
      { date: "2025-01-08", orders: 1, revenue: 40, average_order_value: 40 },
      { date: "2025-01-07", orders: 2, revenue: 35.5, average_order_value: 17.75 },
      { date: "2025-01-06", orders: 2, revenue: 40, average_order_value: 20 },
    ]);
    expect(fake.requestsTo("/v1/orders").map((r) => r.query.get("cursor"))).toEqual([null, "2", "4"]);
  });

  it("maps a 401 to a config error", async () => {
    const error = (await acmeShopConnector.check(ctx("wrong-token-1234")).catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("config");
  });

  it("retries a 5xx", async () => {
    fake.once("GET", "/v1/orders", replies.serverError());
    expect(await read(["orders"])).toEqual([{ orders: 5 }]);
  });
});
