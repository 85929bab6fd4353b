// Acme Shop, a made-up REST store API used to prove the one-folder rule (engine/one-folder.test.ts):
// a Bearer API token, one store per token (GET /v1/store), orders listed newest first with a
// cursor (GET /v1/orders). Written the way a new connector is: on the records builder.
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { dimension, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Connector } from "../../core/types.js";
import { platformErrors, rangeBounds, recordsConnector, stamp } from "../../connectors/shared/records.js";

const PLATFORM = "acme-shop";

const store = z.object({ id: z.string(), name: z.string(), timezone: z.string(), currency: z.string() });
const orders = z.object({
  orders: z.array(z.object({ id: z.string(), created_at: z.string(), status: z.string(), total: z.number() })),
  next_cursor: z.string().nullable(),
});
type Order = z.infer<typeof orders>["orders"][number];

export const acmeShopConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: "account",
  currency: "account",
  // Refunds change an order's status for two weeks.
  restatementDays: 14,
  allowedHosts: ["api.acme-shop.example"],
  defaultBaseUrl: "https://api.acme-shop.example",
  supportsHourly: true,
  rateLimit: { maxConcurrent: 2 },
  classifyError: platformErrors({ platform: PLATFORM, displayName: "Acme Shop", message: (body) => body?.error }),

  async check(ctx) {
    const s = await ctx.http.json({ url: "/v1/store" }, store);
    return { ok: true, identity: s.name };
  },
  async listAccounts(ctx) {
    const s = await ctx.http.json({ url: "/v1/store" }, store);
    return [{ id: s.id, name: s.name, timezone: s.timezone, currency: s.currency, status: "active" }];
  },
  reports: [
    {
      id: "orders",
      name: "Orders",
      description: "Orders placed, by day and status.",
      fields: [
        dimension("date", "Date", "YEAR_MONTH_DAY", "Day the order was placed, in the store's timezone."),
        dimension("hour", "Hour", "HOUR", "Hour the order was placed."),
        dimension("status", "Status", "TEXT", "paid, refunded or cancelled."),
        metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Orders placed."),
        metric("revenue", "Revenue", "CURRENCY", "SUM", "Order totals."),
        metric("average_order_value", "Average order value", "CURRENCY", "AVG", "Revenue divided by orders."),
      ],
      ordered: true,
      fetch(ctx, account, range) {
        const { from, to } = rangeBounds(range, account.timezone);
        return paginate<Order, string>(
          async (cursor) => {
            const page = await ctx.http.json({ url: "/v1/orders", account: account.id, query: { created_from: from.toISO(), created_to: to.toISO(), cursor } }, orders);
            return { items: page.orders, next: page.next_cursor };
          },
          { platform: PLATFORM },
        );
      },
      record: (order: Order, account) => ({ ...stamp(order.created_at, account.timezone), status: order.status, orders: order.id, revenue: order.total }),
      derived: { average_order_value: (g) => ratio(g.revenue, g.orders) },
    },
  ],
});
