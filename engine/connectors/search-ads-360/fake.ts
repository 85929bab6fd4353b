// A local Search Ads 360 Reporting API v0 for connector tests: customers:listAccessibleCustomers,
// searchAds360:search over customer_client (nextPageToken paging) and searchAds360:searchStream
// answering a JSON array of batches in proto3 JSON (lowerCamelCase, int64 as strings, zeros
// omitted), with the login-customer-id check. Wire format:
// https://developers.google.com/search-ads/reporting/api/reference/rest
import { accountMetrics, activeDays, campaignMetrics, fakeCampaigns, GOOGLE_UNAUTHENTICATED, googleStatus, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";

export const MANAGER = { id: "4100000001", descriptiveName: "Signal SA360 Manager", currencyCode: "EUR", timeZone: "Europe/Paris", manager: true, status: "ENABLED" };
export const CLIENTS = [
  { id: "4100000011", descriptiveName: "Signal Search FR", currencyCode: "EUR", timeZone: "Europe/Paris", manager: false, status: "ENABLED" },
  { id: "4100000012", descriptiveName: "Signal Search US", currencyCode: "USD", timeZone: "America/New_York", manager: false, status: "ENABLED" },
];

const QUERY = /^SELECT (.+) FROM (customer|campaign) WHERE segments\.date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})'$/;
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function put(target: Record<string, any>, column: string, value: unknown) {
  if (value === undefined || value === 0 || value === "0") return; // proto3 JSON leaves defaults out
  const [resource, field] = column.split(".").map(camel);
  (target[resource] ??= {})[field] = value;
}

export async function startSearchAds360Fake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "sa360", basePath: "/v0", tokenPath: "/token", unauthorized: () => GOOGLE_UNAUTHENTICATED });
  const denied = googleStatus(403, "PERMISSION_DENIED", "The caller does not have permission: login-customer-id does not manage this customer");
  fake.route("GET", "/customers:listAccessibleCustomers", () => ({ json: { resourceNames: [`customers/${MANAGER.id}`] } }));
  fake.route("POST", "/customers/:id/searchAds360:search", (req) => {
    if (req.params.id !== MANAGER.id || req.headers["login-customer-id"] !== MANAGER.id) return denied;
    const body = req.json<{ query: string; pageToken?: string }>();
    if (!body.query.includes("FROM customer_client")) return googleStatus(400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    const page = offsetPage([MANAGER, ...CLIENTS], Number(body.pageToken ?? 0), fake.options.pageSize);
    return { json: { results: page.items.map((c) => ({ customerClient: c })), ...(page.next === undefined ? {} : { nextPageToken: String(page.next) }), fieldMask: "customerClient.id" } };
  });
  fake.route("POST", "/customers/:id/searchAds360:searchStream", (req) => {
    const client = CLIENTS.find((c) => c.id === req.params.id);
    if (!client || req.headers["login-customer-id"] !== MANAGER.id) return denied;
    const m = QUERY.exec(req.json<{ query: string }>().query);
    if (!m) return googleStatus(400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    const columns = m[1].split(", ");
    const hourly = columns.includes("segments.hour");
    const results: Record<string, any>[] = [];
    for (const day of activeDays(m[3], m[4])) {
      for (const hour of hourly ? Array.from({ length: 24 }, (_, h) => h as number | undefined) : [undefined]) {
        for (const c of m[2] === "campaign" ? fakeCampaigns(client.id) : [undefined]) {
          const x = c ? campaignMetrics(c.id, day, hour) : accountMetrics(client.id, day, hour);
          const values: Record<string, unknown> = {
            "segments.date": day,
            "segments.hour": hour,
            "customer.id": client.id,
            "customer.descriptive_name": client.descriptiveName,
            "customer.currency_code": client.currencyCode,
            "campaign.id": c?.id,
            "campaign.name": c?.name,
            "campaign.status": c ? (c.status === "ACTIVE" ? "ENABLED" : c.status) : undefined,
            "metrics.impressions": String(x.impressions),
            "metrics.clicks": String(x.clicks),
            "metrics.cost_micros": String(Math.round(x.cost * 1_000_000)),
            "metrics.conversions": x.conversions,
            "metrics.conversions_value": x.conversionValue,
          };
          const row: Record<string, any> = {};
          for (const column of columns) put(row, column, values[column]);
          results.push(row);
        }
      }
    }
    return { json: results.length ? [{ results, fieldMask: columns.map((c) => c.split(".").map(camel).join(".")).join(","), requestId: "sa360-req" }] : [] };
  });
  return fake;
}
