// WooCommerce: REST API v3 on the store's own WordPress site
// (https://woocommerce.github.io/woocommerce-rest-api-docs/). The store's consumer key and secret go
// in HTTP Basic auth, which WooCommerce accepts over HTTPS only (plain HTTP needs OAuth 1.0a
// signatures, which we do not offer). One credential = one store = one account.
import { DateTime } from "luxon";
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { credentialOption } from "../../core/credentials.js";
import { splitDateRange } from "../../core/dates.js";
import { ConnectorError, InvalidRequestError } from "../../core/errors.js";
import type { HttpResponse } from "../../core/http-types.js";
import { paginate } from "../../core/paginate.js";
import { redact } from "../../core/redact.js";
import type { Account, Connector, ConnectorContext, Credential, DateRange, ReadRequest, Row } from "../../core/types.js";
import { errorBody, numberOrString } from "../shared/answers.js";
import { recordsConnector, type RecordReport } from "../shared/records.js";
import { DEFAULT_STATUS_CHOICE, ORDER_STATUSES, REPORT_HELP, STATUS_PRESETS, WOO_CONFIG_FIELDS, WOO_FIELDS, WOO_REPORTS } from "./fields.js";

const PLATFORM = "woocommerce";
const API = "/wp-json/wc/v3";
/** per_page is capped at 100 by the WP REST API. */
const PAGE_SIZE = 100;
/** The legacy sales report groups by month beyond about a month; 31-day slices keep daily totals. */
const SALES_SLICE_DAYS = 31;

// Only what the reports use: https://developer.wordpress.org/rest-api/using-the-rest-api/global-parameters/#_fields
const ORDER_FIELDS = [
  "id",
  "number",
  "status",
  "currency",
  "date_created",
  "discount_total",
  "shipping_total",
  "total",
  "total_tax",
  "customer_id",
  "payment_method_title",
  "created_via",
  "billing",
  "line_items",
  "refunds",
  "coupon_lines",
].join(",");

// Amounts are decimal strings ("12.50"): https://woocommerce.github.io/woocommerce-rest-api-docs/#order-properties
const wooOrder = z.object({
  id: z.number(),
  number: z.string(),
  status: z.string(),
  currency: z.string(),
  /** Store-local time without offset, e.g. 2025-01-06T14:15:00. */
  date_created: z.string(),
  discount_total: numberOrString,
  shipping_total: numberOrString,
  total: numberOrString,
  total_tax: numberOrString,
  customer_id: z.number(),
  payment_method_title: z.string().nullish(),
  created_via: z.string().nullish(),
  billing: z.object({ country: z.string().nullish() }).nullish(),
  line_items: z.array(z.object({ product_id: z.number(), variation_id: z.number(), name: z.string(), sku: z.string().nullish(), quantity: z.number(), subtotal: numberOrString, total: numberOrString })),
  refunds: z.array(z.object({ id: z.number(), total: numberOrString })),
  coupon_lines: z.array(z.object({ code: z.string() })),
});
type WooOrder = z.infer<typeof wooOrder>;

/** The legacy sales report: one entry whose totals are keyed by day. */
const salesReports = z.array(
  z.object({
    totals: z.record(z.string(), z.object({ sales: numberOrString, orders: z.number(), items: z.number(), tax: numberOrString, shipping: numberOrString, discount: numberOrString, customers: z.number() })),
    totals_grouped_by: z.string().nullish(),
  }),
);

/** The WordPress REST index: the site's name and clock. */
const wpIndex = z.object({ name: z.string(), url: z.string().nullish(), home: z.string().nullish(), timezone_string: z.string().nullish(), gmt_offset: numberOrString.nullish() });
type WpIndex = z.infer<typeof wpIndex>;

const currentCurrency = z.object({ code: z.string() });

/** The store's base URL: https only, no trailing slash; a WordPress in a subfolder keeps its path. */
export function storeBaseUrl(credential: Credential): string | undefined {
  const raw = credentialOption(credential, "storeUrl")?.trim();
  if (!raw) return undefined;
  try {
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
    if (url.protocol !== "https:") return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, "").replace(/\/wp-json$/, "")}`;
  } catch {
    return undefined;
  }
}

function requireStore(ctx: ConnectorContext): void {
  if (ctx.baseUrl || storeBaseUrl(ctx.credential)) return;
  const given = credentialOption(ctx.credential, "storeUrl");
  throw new ConnectorError({
    kind: "config",
    platform: PLATFORM,
    message: given?.trim().toLowerCase().startsWith("http://")
      ? "WooCommerce only accepts API keys over HTTPS. Enter the store URL with https://."
      : "The WooCommerce store URL is missing or malformed. Enter it as https://your-store.com.",
  });
}

/** WordPress stores either a zone name or a bare UTC offset in hours ("5.5"); luxon reads "UTC+5:30". */
export function storeTimezone(index: WpIndex): string {
  if (index.timezone_string) return index.timezone_string;
  const offset = Number(index.gmt_offset ?? 0);
  if (!Number.isFinite(offset) || offset === 0) return "UTC";
  const minutes = Math.round(Math.abs(offset) * 60);
  const hh = Math.floor(minutes / 60);
  const mm = minutes % 60;
  return `UTC${offset < 0 ? "-" : "+"}${hh}${mm ? `:${String(mm).padStart(2, "0")}` : ""}`;
}

const num = (value: string | number | null | undefined) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

function orderDimensions(order: WooOrder): Row {
  const at = DateTime.fromISO(order.date_created);
  return {
    date: at.toFormat("yyyy-MM-dd"),
    hour: at.hour,
    order_id: String(order.id),
    order_number: order.number,
    status: order.status,
    currency: order.currency,
    payment_method: order.payment_method_title || null,
    created_via: order.created_via || null,
    billing_country: order.billing?.country || null,
    coupon_code: order.coupon_lines.map((c) => c.code).join(",") || null,
    customer_type: order.customer_id > 0 ? "registered" : "guest",
  };
}

function orderRecord(order: WooOrder): Row {
  const total = num(order.total);
  // Refund totals come negative ("-10.00") in the order's refunds list.
  const refunds = order.refunds.reduce((s, r) => s + Math.abs(num(r.total)), 0);
  return {
    ...orderDimensions(order),
    orders: order.id,
    items: order.line_items.reduce((s, l) => s + l.quantity, 0),
    gross_sales: order.line_items.reduce((s, l) => s + num(l.subtotal), 0),
    discounts: num(order.discount_total),
    shipping: num(order.shipping_total),
    taxes: num(order.total_tax),
    total_sales: total,
    refunds,
    net_total: total - refunds,
  };
}

function lineRecords(order: WooOrder): Row[] {
  const dims = orderDimensions(order);
  return order.line_items.map((line) => ({
    ...dims,
    product_id: String(line.product_id),
    variation_id: String(line.variation_id),
    product_name: line.name,
    sku: line.sku || null,
    orders: order.id,
    quantity: line.quantity,
    gross_sales: num(line.subtotal),
    discounts: num(line.subtotal) - num(line.total),
    net_sales: num(line.total),
  }));
}

/** The statuses option (a list or a comma-separated string of statuses and presets); unknown values are refused. */
export function statusesOf(req: ReadRequest): string[] {
  const option = req.options?.statuses;
  const chosen = (Array.isArray(option) ? option : (option ?? "").split(",")).map((s) => s.trim().toLowerCase()).filter(Boolean);
  const list = (chosen.length > 0 ? chosen : [DEFAULT_STATUS_CHOICE]).flatMap((s) => STATUS_PRESETS[s] ?? [s]);
  const unknown = list.filter((s) => s !== "any" && !(ORDER_STATUSES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new InvalidRequestError(`Unknown WooCommerce order status ${unknown.join(", ")}. Use ${[...Object.keys(STATUS_PRESETS), ...ORDER_STATUSES].join(", ")}.`);
  }
  return list.includes("any") ? ["any"] : [...new Set(list)];
}

/** after/before are exclusive and read in the store's timezone: https://woocommerce.github.io/woocommerce-rest-api-docs/#list-all-orders */
export function orderDateParams(range: { start: string; end: string }): { after: string; before: string } {
  const start = DateTime.fromISO(range.start, { zone: "UTC" });
  const end = DateTime.fromISO(range.end, { zone: "UTC" });
  return {
    after: start.minus({ seconds: 1 }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
    before: end.plus({ days: 1 }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
  };
}

/** {code, message}; any other JSON (an array, null, a plugin's own shape) leaves the status rules below. */
const wooErrorBody = z.object({ code: z.string().nullish().catch(undefined), message: z.string().nullish().catch(undefined) }).catch({});

export function classifyWooError(response: HttpResponse): ConnectorError | undefined {
  // An HTML error page (a host's firewall or PHP fatal error): the default rules apply.
  const body = errorBody(response, wooErrorBody);
  if (!body) return undefined;
  const code = body.code ?? "";
  const base = {
    kind: "config" as const,
    platform: PLATFORM,
    status: response.status,
    bodyExcerpt: redact(`${code}: ${body.message ?? ""}`.slice(0, 300)),
  };
  if (code === "woocommerce_rest_authentication_error" || (response.status === 401 && code.includes("authentication"))) {
    return new ConnectorError({ ...base, message: `WooCommerce rejected the consumer key or secret (${body.message ?? code}). Create a new REST API key in WooCommerce > Settings > Advanced and reconnect.` });
  }
  if (code === "woocommerce_rest_cannot_view" || response.status === 401 || response.status === 403) {
    return new ConnectorError({
      ...base,
      message:
        "WooCommerce did not let this key read the store (" +
        (body.message ?? code) +
        "). Give the key Read permission for a user who can manage WooCommerce; if it already has it, the web server may be dropping the Authorization header (ask the host to pass it to PHP).",
    });
  }
  if (code === "rest_no_route" || (response.status === 404 && !code)) {
    return new ConnectorError({ ...base, message: "No WooCommerce REST API at this store URL. Check the URL, that WooCommerce is active and that permalinks are not set to Plain." });
  }
  return undefined;
}

async function storeIndex(ctx: ConnectorContext): Promise<WpIndex> {
  requireStore(ctx);
  return ctx.http.json({ url: "/wp-json/", auth: false }, wpIndex);
}

/** The orders of the range with the chosen statuses, oldest first (orderby=date): each finished day is handed on at once. */
function orderPages(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest) {
  requireStore(ctx);
  const dates = orderDateParams(range);
  const statuses = statusesOf(req);
  return paginate<WooOrder, number>(
    async (page) => {
      const current = page ?? 1;
      const response = await ctx.http.request({
        url: `${API}/orders`,
        account: account.id,
        query: { ...dates, status: statuses, per_page: PAGE_SIZE, page: current, orderby: "date", order: "asc", _fields: ORDER_FIELDS },
      });
      const orders = response.json(z.array(wooOrder));
      const totalPages = Number(response.headers.get("x-wp-totalpages") ?? 0);
      return { items: orders, next: current < totalPages ? current + 1 : null };
    },
    { platform: PLATFORM },
  );
}

async function* salesRecords(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest): AsyncGenerator<Row[]> {
  requireStore(ctx);
  if (req.granularity === "hour") throw new InvalidRequestError("WooCommerce's sales report is daily only; read the orders report for hourly figures.");
  for (const slice of splitDateRange(range, SALES_SLICE_DAYS)) {
    const reports = await ctx.http.json(
      {
        url: `${API}/reports/sales`,
        account: account.id,
        query: { date_min: slice.start, date_max: slice.end },
      },
      salesReports,
    );
    const report = reports[0];
    if (!report) {
      throw new ConnectorError({ kind: "system", platform: PLATFORM, bodyExcerpt: ctx.http.redact(JSON.stringify(reports).slice(0, 300)), message: "WooCommerce's sales report had no totals." });
    }
    yield Object.entries(report.totals)
      .filter(([date]) => date >= slice.start && date <= slice.end)
      .map(([date, day]) => ({
        date,
        sales: num(day.sales),
        orders: day.orders,
        items: day.items,
        taxes: num(day.tax),
        shipping: num(day.shipping),
        discounts: num(day.discount),
        customers: day.customers,
      }));
  }
}

const report = (id: string, rest: Pick<RecordReport, "fetch" | "record"> & Partial<RecordReport>): RecordReport => ({ ...WOO_REPORTS.find((r) => r.id === id)!, fields: WOO_FIELDS[id], ...rest });

export function createWooCommerceConnector(): Connector {
  return recordsConnector({
    id: PLATFORM,
    authMethod: "api-key",
    timezone: "account",
    currency: "account",
    // Orders keep changing after they are placed: refunds, cancellations and status changes
    // (processing -> completed -> refunded). 30 days covers the usual return window.
    restatementDays: 30,
    // The real host is the store's own (baseUrlFor), allowed by the http client as the base URL;
    // this placeholder is never called because requireStore refuses to run without a store URL.
    allowedHosts: ["store.woocommerce.invalid"],
    defaultBaseUrl: "https://store.woocommerce.invalid",
    baseUrlFor: storeBaseUrl,
    supportsHourly: true,
    // WooCommerce itself has no REST quota, but most stores run on shared hosting.
    rateLimit: { maxConcurrent: 2 },

    authorize(request, credential) {
      if (credential.type !== "api-key") return;
      const pair = `${credential.key}:${credential.secret ?? ""}`;
      request.headers.authorization = `Basic ${Buffer.from(pair, "utf8").toString("base64")}`;
    },
    classifyError: classifyWooError,

    async check(ctx) {
      const index = await storeIndex(ctx);
      // The one permission the reports need: reading orders.
      await ctx.http.request({ url: `${API}/orders`, query: { per_page: 1, _fields: "id" } });
      return { ok: true, identity: index.name };
    },

    async listAccounts(ctx): Promise<Account[]> {
      const index = await storeIndex(ctx);
      const currency = await ctx.http.json({ url: `${API}/data/currencies/current` }, currentCurrency);
      const base = new URL(ctx.http.baseUrl);
      return [
        {
          id: `${base.host}${base.pathname.replace(/\/+$/, "")}`,
          name: index.name,
          timezone: storeTimezone(index),
          currency: currency.code,
          status: "active",
        },
      ];
    },
    reportHelp: REPORT_HELP,
    configFields: WOO_CONFIG_FIELDS,
    reports: [
      report("orders", { ordered: true, fetch: orderPages, record: orderRecord, derived: { average_order_value: (g) => ratio(g.total_sales, g.orders) } }),
      report("products", { ordered: true, fetch: orderPages, record: lineRecords }),
      report("sales", { fetch: salesRecords, record: (row: Row) => row }),
    ],
  });
}

export const wooCommerceConnector = createWooCommerceConnector();
