// A local Google Ads API (REST) for connector tests: customers:listAccessibleCustomers,
// googleAds:search (customer_client hierarchy, paged by nextPageToken), googleAds:searchStream
// (GAQL over every report resource and any column of the generated catalogue, answered as a JSON
// array of batches: fake-report.ts) and googleAdsFields:search (the field metadata with the
// compatibility rules of fake-metadata.ts), with the developer-token and login-customer-id checks
// and Google's error envelope.
// Wire format: https://developers.google.com/google-ads/api/rest/reference/rest
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2, type FakeOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { chunk, daysBetween } from "../../../tests/fakes/support/seeded.js";
import { FAKE_FIELD_BY_GAQL, metricValue } from "./fake-data.js";
import { fakeFieldMetadata, type FakeFieldMeta } from "./fake-metadata.js";
import { runReportGaql, setPath, type ReportWorld } from "./fake-report.js";

export const VERSION = "v25";
export const DEVELOPER_TOKEN = "fake-dev-token-5c1f0a";
export const CLIENT = { clientId: "fake-google-client.apps.googleusercontent.com", clientSecret: "fake-google-client-secret-91b2" };
export const REFRESH_TOKEN = "1//fake-google-refresh-token-7d3e";
export const ACCESS_TOKEN = "ya29.fake-google-ads-access-token";

export interface FakeCustomer {
  id: string;
  name: string;
  timeZone: string;
  currency: string;
  manager: boolean;
  status: string;
  /** Children (for managers). */
  clients?: string[];
}

export const CUSTOMERS: Record<string, FakeCustomer> = {
  "1112223333": { id: "1112223333", name: "Agency MCC", timeZone: "Europe/Paris", currency: "EUR", manager: true, status: "ENABLED", clients: ["1234567890", "2345678901", "4445556666"] },
  "1234567890": { id: "1234567890", name: "Shop FR", timeZone: "Europe/Paris", currency: "EUR", manager: false, status: "ENABLED" },
  "2345678901": { id: "2345678901", name: "Shop US", timeZone: "America/New_York", currency: "USD", manager: false, status: "ENABLED" },
  "4445556666": { id: "4445556666", name: "Closed shop", timeZone: "Europe/Berlin", currency: "EUR", manager: false, status: "CANCELED" },
  "3456789012": { id: "3456789012", name: "Solo Tokyo", timeZone: "Asia/Tokyo", currency: "JPY", manager: false, status: "ENABLED" },
};

export const ACCESSIBLE = ["1112223333", "3456789012"];

export function campaignsOf(customerId: string) {
  return [
    { id: `${customerId}01`, name: "Brand", status: "ENABLED", type: "SEARCH", budgetMicros: 50_000_000, adGroups: [{ id: `${customerId}0101`, name: "Brand exact", status: "ENABLED" }] },
    { id: `${customerId}02`, name: "Generic", status: "PAUSED", type: "PERFORMANCE_MAX", budgetMicros: 120_500_000, adGroups: [{ id: `${customerId}0201`, name: "All products", status: "ENABLED" }] },
  ];
}

/** Metrics of one ad group for one hour of one day: the fake's ground truth (the generic generator's cells). */
export function hourMetrics(adGroupId: string, date: string, hour: number) {
  const scope = { adGroups: [adGroupId], days: [date], hours: [hour], cell: [] };
  const value = (gaql: string) => Number(metricValue(FAKE_FIELD_BY_GAQL.get(gaql)!, scope, adGroupId) ?? 0);
  return {
    impressions: value("metrics.impressions"),
    clicks: value("metrics.clicks"),
    costMicros: value("metrics.cost_micros"),
    // Hours without conversions are left out of the JSON (proto3 default), read back as 0.
    conversions: value("metrics.conversions"),
    conversionsValue: value("metrics.conversions_value"),
  };
}

export interface GoogleAdsFake {
  server: FakeServer;
  oauth: FakeOAuth2;
  baseUrl: string;
  tokenUrl: string;
  /** Rows per searchStream batch and per search page (the real API: 10,000). */
  options: { batchSize: number; pageSize: number };
  /** The next searchStream answers 200 with this {error} element after `afterBatches` batches (the rest dropped). */
  failMidStream(error: unknown, afterBatches?: number): void;
  close(): Promise<void>;
}

export function googleError(status: number, canonical: string, message: string, errorCode?: Record<string, string>, quotaDelay?: string): FakeReply {
  const details = errorCode
    ? [
        {
          "@type": `type.googleapis.com/google.ads.googleads.${VERSION}.errors.GoogleAdsFailure`,
          errors: [{ errorCode, message, ...(quotaDelay ? { details: { quotaErrorDetails: { rateScope: "DEVELOPER", rateName: "Number of operations for basic access", retryDelay: quotaDelay } } } : {}) }],
          requestId: "fake-request-id",
        },
      ]
    : [];
  return { status, json: { error: { code: status, message, status: canonical, details } } };
}

/** Scriptable failures in Google's own shapes. */
export const failures = {
  expiredToken: () => googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token.", { authenticationError: "OAUTH_TOKEN_EXPIRED" }),
  quota: (retryDelay = "1s") => googleError(429, "RESOURCE_EXHAUSTED", "Too many requests. Retry in 1 seconds.", { quotaError: "RESOURCE_TEMPORARILY_EXHAUSTED" }, retryDelay),
  internal: () => googleError(500, "INTERNAL", "Internal error encountered.", { internalError: "INTERNAL_ERROR" }),
  permissionDenied: () => googleError(403, "PERMISSION_DENIED", "The caller does not have permission", { authorizationError: "USER_PERMISSION_DENIED" }),
};

/** The customer ids a login-customer-id may act on (itself and its tree). */
function reachableFrom(login: string): Set<string> {
  const out = new Set<string>([login]);
  for (const child of CUSTOMERS[login]?.clients ?? []) for (const id of reachableFrom(child)) out.add(id);
  return out;
}

// ---- automatic checks (engine/connectors/google-ads/checks.ts) --------------------------------

/** Two ads per ad group: the first enabled (its landing page), the second paused. */
export function adsOf(customerId: string, adGroupId: string) {
  return [
    { id: `${adGroupId}1`, status: "ENABLED", finalUrls: [`https://shop-${customerId}.example.com/${adGroupId}`, `https://m.shop-${customerId}.example.com/${adGroupId}`] },
    { id: `${adGroupId}2`, status: "PAUSED", finalUrls: [`https://shop-${customerId}.example.com/old/${adGroupId}`] },
  ];
}

const gaqlTime = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 19).replace("T", " ");

/** Conversion actions: a running tag, a silent one, an import, a hidden tag and a removed one. */
export function conversionActionsOf(customerId: string) {
  const day = 86_400_000;
  return [
    { id: `${customerId}9001`, name: "Purchase", status: "ENABLED", type: "WEBPAGE", last: gaqlTime(day) },
    { id: `${customerId}9002`, name: "Newsletter", status: "ENABLED", type: "WEBPAGE", last: gaqlTime(20 * day) },
    { id: `${customerId}9003`, name: "CRM import", status: "ENABLED", type: "UPLOAD_CLICKS", last: undefined },
    { id: `${customerId}9004`, name: "Old form", status: "HIDDEN", type: "WEBPAGE", last: gaqlTime(2 * day) },
    { id: `${customerId}9005`, name: "Removed", status: "REMOVED", type: "WEBPAGE", last: undefined },
  ];
}

/**
 * Shopping (product_available): an enabled Standard Shopping campaign next to campaignsOf's
 * paused Performance Max, and the Merchant Center products each includes. Trail jacket is out
 * of stock but still advertised (the anomaly), Wool socks is out of stock and only in the paused
 * campaign, Camping tent is on preorder and in no campaign.
 */
export const MERCHANT_ID = "998877";
export function shoppingCampaignsOf(customerId: string) {
  const pmax = campaignsOf(customerId).find((c) => c.type === "PERFORMANCE_MAX")!;
  return [
    { id: `${customerId}03`, status: "ENABLED", type: "SHOPPING" },
    { id: pmax.id, status: pmax.status, type: pmax.type },
  ];
}
export function shoppingProductsOf(customerId: string) {
  const [shopping, pmax] = shoppingCampaignsOf(customerId);
  return [
    { itemId: "sku-1", title: "Running shoes", availability: "IN_STOCK", status: "ELIGIBLE", campaigns: [shopping.id, pmax.id], costMicros: 12_340_000 },
    { itemId: "sku-2", title: "Trail jacket", availability: "OUT_OF_STOCK", status: "ELIGIBLE_LIMITED", campaigns: [shopping.id], costMicros: 4_500_000 },
    { itemId: "sku-3", title: "Wool socks", availability: "OUT_OF_STOCK", status: "ELIGIBLE_LIMITED", campaigns: [pmax.id], costMicros: 0 },
    { itemId: "sku-4", title: "Camping tent", availability: "PREORDER", status: "ELIGIBLE", campaigns: [] as string[], costMicros: 0 },
  ];
}

const CHECK_AD_COLUMNS = new Set(["ad_group_ad.ad.id", "ad_group_ad.ad.final_urls", "campaign.id", "metrics.cost_micros"]);
const CHECK_QUERY = /^SELECT (.+) FROM (ad_group_ad|conversion_action|shopping_product|campaign)(?: WHERE (.+))?$/;

/** The ad_group_ad and conversion_action queries, with their WHERE conditions applied. */
function runCheckGaql(customer: FakeCustomer, query: string): Record<string, unknown>[] | undefined {
  const m = CHECK_QUERY.exec(query.trim());
  if (!m) return undefined;
  const [, select, resource, where = ""] = m;
  const columns = select.split(",").map((c) => c.trim());
  const has = (condition: string) => where.includes(condition);
  const rows: Record<string, unknown>[] = [];
  const emit = (values: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const c of columns) setPath(row, c, values[c]);
    rows.push(row);
  };
  if (resource === "campaign") {
    // Only the Shopping campaign listing; the report queries on campaign are runGaql's.
    const types = /campaign\.advertising_channel_type IN \(([^)]*)\)/.exec(where);
    if (!types) return undefined;
    for (const c of shoppingCampaignsOf(customer.id)) {
      if (has("campaign.status = 'ENABLED'") && c.status !== "ENABLED") continue;
      if (!types[1].includes(`'${c.type}'`)) continue;
      emit({ "campaign.id": c.id });
    }
    return rows;
  }
  if (resource === "shopping_product") {
    // Account scope without a campaign filter; campaign scope with "campaign.id = N". Metrics
    // need a date filter here (the fake's spend is yesterday's, on any day asked), and rows
    // without spend are left out like the API's zero-metric rows.
    const campaign = /campaign\.id = (\d+)/.exec(where)?.[1];
    const dated = /segments\.date BETWEEN/.test(where);
    for (const p of shoppingProductsOf(customer.id)) {
      if (campaign && !p.campaigns.includes(campaign)) continue;
      if (columns.includes("metrics.cost_micros") && (!dated || p.costMicros === 0)) continue;
      emit({ "shopping_product.merchant_center_id": MERCHANT_ID, "shopping_product.item_id": p.itemId, "shopping_product.title": p.title, "shopping_product.availability": p.availability, "shopping_product.status": p.status, "metrics.cost_micros": String(p.costMicros) });
    }
    return rows;
  }
  if (resource === "conversion_action") {
    for (const a of conversionActionsOf(customer.id)) {
      if (has("conversion_action.status != 'REMOVED'") && a.status === "REMOVED") continue;
      emit({ "conversion_action.id": a.id, "conversion_action.name": a.name, "conversion_action.status": a.status, "conversion_action.type": a.type, "metrics.conversion_last_received_request_date_time": a.last });
    }
    return rows;
  }
  // The URL checker's own ad queries; every other ad_group_ad query is a report (runReportGaql).
  if (!columns.every((c) => CHECK_AD_COLUMNS.has(c))) return undefined;
  const range = /segments\.date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})'/.exec(where);
  for (const c of campaignsOf(customer.id)) {
    if (has("campaign.status = 'ENABLED'") && c.status !== "ENABLED") continue;
    for (const g of c.adGroups) {
      if (has("ad_group.status = 'ENABLED'") && g.status !== "ENABLED") continue;
      for (const [i, ad] of adsOf(customer.id, g.id).entries()) {
        if (has("ad_group_ad.status = 'ENABLED'") && ad.status !== "ENABLED") continue;
        // Only the enabled ad spends; metrics rows with nothing in them are left out.
        const costMicros = range && i === 0 ? daysBetween(range[1], range[2]).reduce((sum, d) => sum + Array.from({ length: 24 }, (_, h) => hourMetrics(g.id, d, h).costMicros).reduce((a, b) => a + b, 0), 0) : 0;
        if (columns.includes("metrics.cost_micros") && costMicros === 0) continue;
        emit({ "ad_group_ad.ad.id": ad.id, "ad_group_ad.ad.final_urls": ad.finalUrls, "campaign.id": c.id, "metrics.cost_micros": String(costMicros) });
      }
    }
  }
  return rows;
}

export async function startGoogleAdsFake(): Promise<GoogleAdsFake> {
  const server = await startFakeServer();
  const oauth = mountOAuth2(server, { path: "/token", ...CLIENT, refreshToken: REFRESH_TOKEN, accessToken: ACCESS_TOKEN });
  const options = { batchSize: 10_000, pageSize: 10_000 };

  /** Google's front end checks the bearer, then the Ads API the developer token and login. */
  function guard(req: RecordedRequest, customerId?: string): FakeReply | undefined {
    if (!oauth.bearer(req)) return googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.");
    if (req.headers["developer-token"] !== DEVELOPER_TOKEN) {
      return googleError(401, "UNAUTHENTICATED", "The developer token is not valid.", { authenticationError: "DEVELOPER_TOKEN_INVALID" });
    }
    if (!customerId) return undefined;
    const customer = CUSTOMERS[customerId];
    const login = String(req.headers["login-customer-id"] ?? customerId);
    if (!customer || !ACCESSIBLE.some((root) => reachableFrom(root).has(customerId)) || !reachableFrom(login).has(customerId) || !ACCESSIBLE.some((root) => reachableFrom(root).has(login))) {
      return googleError(403, "PERMISSION_DENIED", "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.", { authorizationError: "USER_PERMISSION_DENIED" });
    }
    if (customer.status !== "ENABLED") {
      return googleError(403, "PERMISSION_DENIED", "The customer account can't be accessed because it is not yet enabled or has been deactivated.", { authorizationError: "CUSTOMER_NOT_ENABLED" });
    }
    return undefined;
  }

  server.route("GET", new RegExp(`^/${VERSION}/customers:listAccessibleCustomers$`), (req) => {
    return guard(req) ?? { json: { resourceNames: ACCESSIBLE.map((id) => `customers/${id}`) } };
  });

  server.route("POST", new RegExp(`^/${VERSION}/customers/(?<customerId>\\d+)/googleAds:search$`), (req) => {
    const customerId = req.params.customerId;
    const denied = guard(req, customerId);
    if (denied) return denied;
    const { query, pageToken } = req.json<{ query: string; pageToken?: string }>();
    if (!/FROM customer_client$/.test(query)) return googleError(400, "INVALID_ARGUMENT", "Only customer_client is served by this fake's search.", { queryError: "UNEXPECTED_INPUT" });
    const tree: { id: string; level: number }[] = [];
    const walk = (id: string, level: number) => {
      tree.push({ id, level });
      for (const child of CUSTOMERS[id].clients ?? []) walk(child, level + 1);
    };
    walk(customerId, 0);
    const pages = chunk(tree, options.pageSize);
    const index = pageToken ? Number(pageToken.replace("page-", "")) : 0;
    const results = (pages[index] ?? []).map(({ id, level }) => {
      const c = CUSTOMERS[id];
      return {
        customerClient: {
          resourceName: `customers/${customerId}/customerClients/${id}`,
          clientCustomer: `customers/${id}`,
          id,
          descriptiveName: c.name,
          currencyCode: c.currency,
          timeZone: c.timeZone,
          manager: c.manager,
          status: c.status,
          level: String(level),
        },
      };
    });
    const next = index + 1 < pages.length ? { nextPageToken: `page-${index + 1}` } : {};
    return { json: { results, fieldMask: "customerClient.id,customerClient.descriptiveName", ...next } };
  });

  server.route("POST", new RegExp(`^/${VERSION}/customers/(?<customerId>\\d+)/googleAds:searchStream$`), (req) => {
    const customerId = req.params.customerId;
    const denied = guard(req, customerId);
    if (denied) return denied;
    const query = req.json<{ query: string }>().query;
    const result = runCheckGaql(CUSTOMERS[customerId], query) ?? runReportGaql(worldOf(CUSTOMERS[customerId]), query);
    if (!Array.isArray(result)) return googleError(400, "INVALID_ARGUMENT", result.message, { queryError: result.queryError });
    const batches: Record<string, unknown>[] = chunk(result, options.batchSize).map((results) => ({ results, fieldMask: "fake", requestId: "fake-request-id" }));
    // A stream that fails after it started: HTTP 200, an {error} element after some batches.
    const failure = streamFailures.shift();
    if (failure) return { json: [...batches.slice(0, failure.afterBatches), { error: failure.error }] };
    // An empty result is one batch without results, as the API answers.
    return { json: batches.length > 0 ? batches : [{ fieldMask: "fake", requestId: "fake-request-id" }] };
  });

  // GoogleAdsFieldService: the field metadata, with the compatibility rules of fake-metadata.ts.
  server.route("POST", new RegExp(`^/${VERSION}/googleAdsFields:search$`), (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const { query, pageSize, pageToken } = req.json<{ query: string; pageSize?: number; pageToken?: string }>();
    const answer = searchFields(query);
    if (!Array.isArray(answer)) return googleError(400, "INVALID_ARGUMENT", answer, { queryError: "UNEXPECTED_INPUT" });
    const size = Math.min(pageSize ?? 10_000, 10_000);
    const start = pageToken ? Number(pageToken) : 0;
    const results = answer.slice(start, start + size);
    return { json: { results, totalResultsCount: String(answer.length), ...(start + size < answer.length ? { nextPageToken: String(start + size) } : {}) } };
  });

  const streamFailures: { error: unknown; afterBatches: number }[] = [];

  return {
    server,
    oauth,
    baseUrl: `${server.url}/${VERSION}`,
    tokenUrl: oauth.tokenUrl,
    options,
    failMidStream(error, afterBatches = 1) {
      streamFailures.push({ error, afterBatches });
    },
    close: () => server.close(),
  };
}

/** The fake's world of one customer for report queries. */
function worldOf(customer: FakeCustomer): ReportWorld {
  return {
    customer,
    campaigns: campaignsOf(customer.id),
    ads: (adGroupId) => adsOf(customer.id, adGroupId),
    productIds: shoppingProductsOf(customer.id).map((p) => p.itemId),
  };
}

let metadata: FakeFieldMeta[] | undefined;
const SNAKE_TO_CAMEL: Record<string, keyof FakeFieldMeta> = {
  name: "name",
  category: "category",
  selectable: "selectable",
  filterable: "filterable",
  sortable: "sortable",
  data_type: "dataType",
  is_repeated: "isRepeated",
  enum_values: "enumValues",
  selectable_with: "selectableWith",
  attribute_resources: "attributeResources",
  metrics: "metrics",
  segments: "segments",
};

/** googleAdsFields:search's query language: SELECT <properties> [WHERE name|category =, IN, LIKE]. */
function searchFields(query: string): Record<string, unknown>[] | string {
  const m = /^SELECT (?<select>[a-z_, ]+?)(?: WHERE (?<where>.+?))?(?: ORDER BY [a-z_]+(?: (?:ASC|DESC))?)?(?: LIMIT (?<limit>\d+))?$/i.exec(query.trim());
  if (!m?.groups) return "Error in query: unexpected input.";
  const properties = m.groups.select.split(",").map((p) => p.trim());
  const unknown = properties.find((p) => !(p in SNAKE_TO_CAMEL));
  if (unknown) return `Unrecognized field in the query: '${unknown}'.`;
  metadata ??= fakeFieldMetadata();
  let rows = metadata;
  for (const condition of (m.groups.where ?? "").split(/\s+AND\s+/i).filter(Boolean)) {
    const c = /^(name|category)\s+(=|IN|LIKE)\s+(.+)$/i.exec(condition.trim());
    if (!c) return `Unsupported condition: ${condition}`;
    const values = [...c[3].matchAll(/'([^']*)'|"([^"]*)"/g)].map((v) => v[1] ?? v[2]);
    const key = c[1] as "name" | "category";
    if (c[2].toUpperCase() === "LIKE") {
      const re = new RegExp(`^${values[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/%/g, ".*")}$`);
      rows = rows.filter((r) => re.test(r[key]));
    } else rows = rows.filter((r) => values.includes(r[key]));
  }
  if (m.groups.limit) rows = rows.slice(0, Number(m.groups.limit));
  return rows.map((r) => ({ resourceName: `googleAdsFields/${r.name}`, ...Object.fromEntries(properties.map((p) => [SNAKE_TO_CAMEL[p], r[SNAKE_TO_CAMEL[p]]])) }));
}
