// Acme Shop's API on 127.0.0.1: the store, and orders newest first, two to a page.
import { replies, startFakeServer, type FakeServer } from "../../../tests/fakes/support/fake-server.js";

export const ACME_SHOP_TOKEN = "acme-shop-token-4d1e";

export const ACME_SHOP_ORDERS = [
  { id: "o-5", created_at: "2025-01-08T16:30:00Z", status: "paid", total: 40 },
  { id: "o-4", created_at: "2025-01-07T09:00:00Z", status: "refunded", total: 15.5 },
  { id: "o-3", created_at: "2025-01-07T08:10:00Z", status: "paid", total: 20 },
  { id: "o-2", created_at: "2025-01-06T12:00:00Z", status: "paid", total: 30 },
  { id: "o-1", created_at: "2025-01-06T10:00:00Z", status: "paid", total: 10 },
];

export async function startAcmeShopFake(): Promise<FakeServer> {
  const fake = await startFakeServer();
  const authorized = (headers: Record<string, string | string[] | undefined>) => headers.authorization === `Bearer ${ACME_SHOP_TOKEN}`;
  fake.route("GET", "/v1/store", (req) =>
    authorized(req.headers) ? replies.ok({ id: "store-1", name: "Acme Outfitters", timezone: "UTC", currency: "EUR" }) : replies.unauthorized({ error: "invalid token" }),
  );
  fake.route("GET", "/v1/orders", (req) => {
    if (!authorized(req.headers)) return replies.unauthorized({ error: "invalid token" });
    const from = req.query.get("created_from") ?? "";
    const to = req.query.get("created_to") ?? "\uffff";
    const inRange = ACME_SHOP_ORDERS.filter((o) => Date.parse(o.created_at) >= Date.parse(from) && Date.parse(o.created_at) < Date.parse(to));
    const start = Number(req.query.get("cursor") ?? 0);
    const next = start + 2 < inRange.length ? String(start + 2) : null;
    return replies.ok({ orders: inRange.slice(start, start + 2), next_cursor: next });
  });
  return fake;
}
