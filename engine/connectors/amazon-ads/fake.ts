// A local Amazon Ads API for connector tests: GET /v2/profiles, Reporting v3 POST /reporting/reports
// (with the 425 duplicate answer), GET /reporting/reports/{id} (PENDING/PROCESSING a scripted
// number of times, then COMPLETED with a url) and the gzipped JSON download, with the
// Amazon-Advertising-API-ClientId/Scope checks and Amazon's error bodies.
// Wire format: https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/get-started
import { gzipSync } from "node:zlib";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2, type FakeOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { daysBetween, seeded } from "../../../tests/fakes/support/seeded.js";
import { generatedValue } from "../../../tests/fakes/support/field-kinds.js";
import { allocate, fieldValues, type SplitOf } from "../../../tests/fakes/support/field-values.js";
import { fieldOf } from "../shared/column-catalogue.js";
import { AMAZON_COLUMNS, type AdProduct } from "./catalogue.data.js";

export const CLIENT = { clientId: "amzn1.application-oa2-client.fake0123456789", clientSecret: "fake-amazon-client-secret-5e2d" };
export const REFRESH_TOKEN = "Atzr|fake-amazon-refresh-token";
export const ACCESS_TOKEN = "Atza|fake-amazon-access-token";

export const PROFILES = [
  { profileId: 3210987654321, countryCode: "US", currencyCode: "USD", dailyBudget: 100, timezone: "America/Los_Angeles", accountInfo: { marketplaceStringId: "ATVPDKIKX0DER", id: "A1FAKESELLER", type: "seller", name: "Acme Store", validPaymentMethod: true } },
  { profileId: 4321098765432, countryCode: "DE", currencyCode: "EUR", dailyBudget: 50, timezone: "Europe/Berlin", accountInfo: { marketplaceStringId: "A1PA6795UKMFR9", id: "A1FAKESELLER", type: "seller", name: "Acme Store", validPaymentMethod: true } },
];

export function campaignsOf(profileId: number) {
  return [
    { campaignId: profileId * 10 + 1, campaignName: "SP - Auto", campaignStatus: "ENABLED" },
    { campaignId: profileId * 10 + 2, campaignName: "SP - Exact", campaignStatus: "PAUSED" },
  ];
}

export function dayStats(campaignId: number, date: string) {
  const r = seeded(`${campaignId}|${date}`);
  const impressions = Math.floor(500 + r * 2000);
  const clicks = Math.floor(impressions * 0.02);
  const cost = Math.round(clicks * 0.83 * 100) / 100;
  const purchases = Math.floor(clicks * 0.1);
  return { impressions, clicks, cost, purchases, sales: Math.round(purchases * 19.99 * 100) / 100 };
}

export const failures = {
  unauthorized: (): FakeReply => ({ status: 401, json: { code: "UNAUTHORIZED", details: "Not authorized to access this advertiser" } }),
  throttled: (retryAfter = 1): FakeReply => ({ status: 429, headers: { "retry-after": String(retryAfter) }, json: { code: "429", details: "Too Many Requests" } }),
  internal: (): FakeReply => ({ status: 500, json: { code: "INTERNAL_ERROR", details: "An internal error occurred" } }),
  scopeForbidden: (): FakeReply => ({ status: 403, json: { code: "403", detail: "Forbidden: profile scope not allowed for this login" } }),
};

interface Job {
  body: Record<string, any>;
  profileId: number;
  polls: number;
  completed: boolean;
}

export interface AmazonAdsFake {
  server: FakeServer;
  oauth: FakeOAuth2;
  baseUrl: string;
  tokenUrl: string;
  options: { pendingPolls: number };
  jobs: Map<string, Job>;
  close(): Promise<void>;
}

const METRIC_COLUMNS: Record<string, (s: ReturnType<typeof dayStats>) => number> = {
  impressions: (s) => s.impressions,
  clicks: (s) => s.clicks,
  cost: (s) => s.cost,
  purchases7d: (s) => s.purchases,
  sales7d: (s) => s.sales,
  purchases14d: (s) => s.purchases,
  sales14d: (s) => s.sales,
  unitsSoldClicks7d: (s) => s.purchases,
  purchases: (s) => s.purchases,
  sales: (s) => s.sales,
  unitsSold: (s) => s.purchases,
};

const gen = fieldValues("amazon-ads");

/**
 * The records a COMPLETED report holds: one per campaign and day with traffic, split in two rows per
 * campaign for the group-bys below it (ad groups, targets, search terms, products, placements), the
 * first row twice the second so the rows add up to the campaign.
 */
export function reportRows(job: Job): Record<string, string | number | null>[] {
  const rows: Record<string, string | number | null>[] = [];
  const { adProduct, groupBy, columns } = job.body.configuration as { adProduct: AdProduct; groupBy: string[]; columns: string[] };
  const catalogue = AMAZON_COLUMNS[adProduct] ?? AMAZON_COLUMNS.SPONSORED_PRODUCTS;
  const children = groupBy[0] === "campaign" ? [undefined] : ["1", "2"];
  for (const campaign of campaignsOf(job.profileId)) {
    for (const date of daysBetween(job.body.startDate, job.body.endDate)) {
      const stats = dayStats(campaign.campaignId, date);
      for (const child of children) {
        const split = (n: number, cents = false) => (child === undefined ? n : cents ? allocate(Math.round(n * 100), [2, 1])[Number(child) - 1] / 100 : allocate(n, [2, 1])[Number(child) - 1]);
        const cell: SplitOf[] = child === undefined ? [] : [{ dimension: "row", members: ["1", "2"], member: child }];
        const row: Record<string, string | number | null> = {};
        for (const column of columns) {
          if (column === "date") row.date = date;
          else if (column in campaign) row[column] = campaign[column as keyof typeof campaign];
          else if (column in METRIC_COLUMNS) row[column] = split(METRIC_COLUMNS[column](stats), column === "cost" || /^sales/.test(column));
          else if (catalogue[column]) {
            const value = generatedValue(gen, fieldOf(catalogue[column]), { entities: [String(campaign.campaignId)], days: [date], cell }, `${campaign.campaignId}/${child ?? ""}`, column);
            row[column] = typeof value === "boolean" ? String(value) : value;
          }
        }
        rows.push(row);
      }
    }
  }
  return rows;
}

export async function startAmazonAdsFake(): Promise<AmazonAdsFake> {
  const server = await startFakeServer();
  const oauth = mountOAuth2(server, { path: "/auth/o2/token", ...CLIENT, refreshToken: REFRESH_TOKEN, accessToken: ACCESS_TOKEN });
  const options = { pendingPolls: 0 };
  const jobs = new Map<string, Job>();
  let seq = 0;

  type Guarded = { denied: FakeReply; profileId?: undefined } | { denied?: undefined; profileId: number };
  function guard(req: RecordedRequest, needsScope: boolean): Guarded {
    if (!oauth.bearer(req)) return { denied: { status: 401, json: { code: "UNAUTHORIZED", details: "Access token is invalid or expired" } } };
    if (req.headers["amazon-advertising-api-clientid"] !== CLIENT.clientId) return { denied: { status: 401, json: { code: "UNAUTHORIZED", details: "Invalid Amazon-Advertising-API-ClientId" } } };
    if (!needsScope) return { profileId: 0 };
    const scope = Number(req.headers["amazon-advertising-api-scope"]);
    if (!PROFILES.some((p) => p.profileId === scope)) return { denied: { status: 401, json: { code: "UNAUTHORIZED", details: "Not authorized to access scope " + String(req.headers["amazon-advertising-api-scope"]) } } };
    return { profileId: scope };
  }

  server.route("GET", "/v2/profiles", (req) => {
    return guard(req, false).denied ?? { json: PROFILES };
  });

  server.route("POST", "/reporting/reports", (req) => {
    const g = guard(req, true);
    if (g.denied) return g.denied;
    if (!String(req.headers["content-type"]).startsWith("application/vnd.createasyncreportrequest.v3+json")) {
      return { status: 415, json: { code: "415", detail: "Unsupported Media Type" } };
    }
    const body = req.json<Record<string, any>>();
    const days = daysBetween(body.startDate, body.endDate).length;
    if (days > 31) return { status: 400, json: { code: "400", detail: "Report date range must be 31 days or less." } };
    // An identical request still in progress is refused with its id (HTTP 425 Too Early).
    for (const [id, job] of jobs) {
      if (job.profileId === g.profileId && JSON.stringify(job.body) === JSON.stringify(body) && !job.completed) {
        return { status: 425, json: { code: "425", detail: `The Request is a duplicate of : ${id}` } };
      }
    }
    const id = `0f1e2d3c-${String(++seq).padStart(4, "0")}-4b5a-9687-a1b2c3d4e5f6`;
    jobs.set(id, { body, profileId: g.profileId, polls: 0, completed: false });
    return { json: { reportId: id, status: "PENDING", name: body.name, startDate: body.startDate, endDate: body.endDate, configuration: body.configuration, createdAt: "2025-03-10T00:00:00Z" } };
  });

  server.route("GET", "/reporting/reports/:id", (req) => {
    const g = guard(req, true);
    if (g.denied) return g.denied;
    const job = jobs.get(req.params.id);
    if (!job || job.profileId !== g.profileId) return { status: 404, json: { code: "404", detail: "Report not found" } };
    job.polls += 1;
    if (job.polls <= options.pendingPolls) return { json: { reportId: req.params.id, status: job.polls === 1 ? "PENDING" : "PROCESSING", url: null } };
    job.completed = true;
    return { json: { reportId: req.params.id, status: "COMPLETED", url: `${server.url}/s3/${req.params.id}.json.gz?X-Amz-Signature=fakesig`, fileSize: 1000, urlExpiresAt: "2099-01-01T00:00:00Z" } };
  });

  server.route("GET", "/s3/:file", (req) => {
    if (req.headers.authorization) return { status: 400, body: "<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>" };
    const job = jobs.get(req.params.file.replace(/\.json\.gz$/, ""));
    if (!job) return { status: 404, body: "<Error><Code>NoSuchKey</Code></Error>" };
    return { status: 200, headers: { "content-type": "application/octet-stream" }, body: gzipSync(JSON.stringify(reportRows(job))) };
  });

  return { server, oauth, baseUrl: server.url, tokenUrl: oauth.tokenUrl, options, jobs, close: () => server.close() };
}
