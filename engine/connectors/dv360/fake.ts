// A local Display & Video 360 API v4 (partners, advertisers with nextPageToken) and Bid Manager API
// v2 (queries create/run/get report/delete, the CSV on a signed storage URL) for connector tests.
// The Bid Manager routes live under /v4/bidmanager, where the connector maps that host for fakes.
// Wire format: https://developers.google.com/display-video/api/reference/rest/v4,
// https://developers.google.com/bid-manager/reference/rest/v2
import { accountMetrics, activeDays, campaignMetrics, csvLine, fakeCampaigns, GOOGLE_UNAUTHENTICATED, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import type { RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const PARTNER = { partnerId: "2580", displayName: "Signal Agency" };
export const ADVERTISERS = [
  { advertiserId: "7001", displayName: "Signal Shoes", entityStatus: "ENTITY_STATUS_ACTIVE", generalConfig: { currencyCode: "EUR", timeZone: "Europe/Paris", domainUrl: "https://shoes.test" } },
  { advertiserId: "7002", displayName: "Signal Hats", entityStatus: "ENTITY_STATUS_ACTIVE", generalConfig: { currencyCode: "USD", timeZone: "America/Chicago", domainUrl: "https://hats.test" } },
];

export interface Dv360Fake extends AdsFake {
  /** RUNNING answers before a report is DONE. */
  pendingPolls: number;
}

const page = (fake: AdsFake, req: RecordedRequest, key: string, items: unknown[]) => {
  const p = offsetPage(items, Number(req.query.get("pageToken") ?? 0), Math.min(fake.options.pageSize, Number(req.query.get("pageSize") ?? 100)));
  return { json: { [key]: p.items, ...(p.next === undefined ? {} : { nextPageToken: String(p.next) }) } };
};
const day = (d: { year: number; month: number; day: number }) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

function csv(query: any): string {
  const groupBys: string[] = query.params.groupBys;
  const advertiser = ADVERTISERS.find((a) => a.advertiserId === query.params.filters[0].value)!;
  const hourly = groupBys.includes("FILTER_TIME_OF_DAY");
  const byCampaign = groupBys.includes("FILTER_MEDIA_PLAN");
  const header = ["Date", ...(hourly ? ["Time of Day"] : []), "Advertiser ID", "Advertiser", ...(byCampaign ? ["Campaign ID", "Campaign"] : []), "Impressions", "Clicks", "Total Media Cost (Advertiser Currency)", "Total Conversions"];
  const lines = [csvLine(header)];
  const id = advertiser.advertiserId;
  for (const d of activeDays(day(query.metadata.dataRange.customStartDate), day(query.metadata.dataRange.customEndDate))) {
    for (const hour of hourly ? Array.from({ length: 24 }, (_, h) => h as number | undefined) : [undefined]) {
      for (const c of byCampaign ? fakeCampaigns(id) : [undefined]) {
        const m = c ? campaignMetrics(c.id, d, hour) : accountMetrics(id, d, hour);
        lines.push(csvLine([d.replace(/-/g, "/"), ...(hourly ? [hour!] : []), id, advertiser.displayName, ...(c ? [c.id, c.name] : []), m.impressions, m.clicks, m.cost.toFixed(2), m.conversions]));
      }
    }
  }
  // Bid Manager files end with a blank line, a totals row and the report's metadata.
  lines.push("", csvLine(header.map((_, i) => (i === header.length - 3 ? "123.45" : ""))), "Report Time:,2025/03/03 10:00 UTC", "Date Range:,custom");
  return lines.join("\n");
}

export async function startDv360Fake(): Promise<Dv360Fake> {
  const base = await startAdsFake({ name: "dv360", basePath: "/v4", tokenPath: "/token", unauthorized: () => GOOGLE_UNAUTHENTICATED });
  const fake: Dv360Fake = { ...base, pendingPolls: 0 };
  const queries = new Map<string, { body: any; polls: number; deleted: boolean }>();
  fake.route("GET", "/partners", (req) => page(fake, req, "partners", [PARTNER]));
  fake.route("GET", "/advertisers", (req) => (req.query.get("partnerId") === PARTNER.partnerId ? page(fake, req, "advertisers", ADVERTISERS) : page(fake, req, "advertisers", [])));
  fake.route("POST", "/bidmanager/queries", (req) => {
    const queryId = String(9000 + queries.size + 1);
    queries.set(queryId, { body: req.json(), polls: 0, deleted: false });
    return { json: { queryId, ...req.json<object>() } };
  });
  fake.route("POST", /^\/v4\/bidmanager\/queries\/(?<id>\d+):run$/, (req) => ({
    json: { key: { queryId: req.params.id, reportId: `${req.params.id}1` }, metadata: { status: { state: "QUEUED" } } },
  }));
  fake.route("GET", "/bidmanager/queries/:id/reports/:rid", (req) => {
    const q = queries.get(req.params.id)!;
    q.polls += 1;
    const key = { queryId: req.params.id, reportId: req.params.rid };
    if (q.polls <= fake.pendingPolls) return { json: { key, metadata: { status: { state: "RUNNING" } } } };
    return { json: { key, metadata: { status: { state: "DONE", format: "CSV" }, googleCloudStoragePath: `${fake.server.url}/dv360-storage/${req.params.id}.csv?GoogleAccessId=x&Signature=y` } } };
  });
  fake.route("DELETE", "/bidmanager/queries/:id", (req) => {
    queries.get(req.params.id)!.deleted = true;
    return { json: {} };
  });
  fake.server.route("GET", "/dv360-storage/:file", (req) => {
    const q = queries.get(req.params.file.replace(/\.csv$/, ""));
    return q ? { headers: { "content-type": "text/csv" }, body: csv(q.body) } : { status: 403, body: "<Error><Code>AccessDenied</Code></Error>" };
  });
  return fake;
}
