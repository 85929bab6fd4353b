// A local Ad Manager API v1 for connector tests: networks, reports.create, reports:run as a
// long-running operation (not done, then done with a reportResult) and results:fetchRows paged by
// nextPageToken, with typed values ({intValue}, {stringValue}) and micros revenue.
// Wire format: https://developers.google.com/ad-manager/api/beta/reference/rest
import { accountMetrics, activeDays, campaignMetrics, fakeCampaigns, GOOGLE_UNAUTHENTICATED, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";

export const NETWORKS = [
  { name: "networks/21700001", networkCode: "21700001", displayName: "Signal News", timeZone: "Europe/Paris", currencyCode: "EUR" },
  { name: "networks/21700002", networkCode: "21700002", displayName: "Signal Sports", timeZone: "America/Los_Angeles", currencyCode: "USD" },
];

export interface AdManagerFake extends AdsFake {
  /** Operation answers with done false before the run is done. */
  pendingPolls: number;
}

export const FETCH_ROWS = /^\/v1\/networks\/(?<code>\d+)\/reports\/(?<id>\d+)\/results\/(?<result>\d+):fetchRows$/;

export async function startAdManagerFake(): Promise<AdManagerFake> {
  const base = await startAdsFake({ name: "gam", basePath: "/v1", tokenPath: "/token", unauthorized: () => GOOGLE_UNAUTHENTICATED });
  const fake: AdManagerFake = { ...base, pendingPolls: 0 };
  const reports = new Map<string, { code: string; definition: any }>();
  const runs = new Map<string, { report: string; polls: number }>();
  fake.route("GET", "/networks", () => ({ json: { networks: NETWORKS } }));
  fake.route("POST", "/networks/:code/reports", (req) => {
    const id = String(5000 + reports.size + 1);
    reports.set(id, { code: req.params.code, definition: req.json<{ reportDefinition: unknown }>().reportDefinition });
    return { json: { name: `networks/${req.params.code}/reports/${id}`, reportId: id, ...req.json<object>() } };
  });
  fake.route("POST", /^\/v1\/networks\/(?<code>\d+)\/reports\/(?<id>\d+):run$/, (req) => {
    const run = String(800 + runs.size + 1);
    runs.set(run, { report: req.params.id, polls: 0 });
    return { json: { name: `networks/${req.params.code}/operations/reports/runs/${run}`, metadata: { percentComplete: 0 }, done: false } };
  });
  fake.route("GET", "/networks/:code/operations/reports/runs/:run", (req) => {
    const run = runs.get(req.params.run)!;
    run.polls += 1;
    if (run.polls <= fake.pendingPolls) return { json: { name: req.path.slice(4), metadata: { percentComplete: 50 }, done: false } };
    return { json: { name: req.path.slice(4), done: true, response: { "@type": "type.googleapis.com/google.ads.admanager.v1.RunReportResponse", reportResult: `networks/${req.params.code}/reports/${run.report}/results/${req.params.run}` } } };
  });
  fake.route("GET", FETCH_ROWS, (req) => {
    const { code, definition } = reports.get(req.params.id)!;
    const { startDate: s, endDate: e } = definition.dateRange.fixed;
    const iso = (d: { year: number; month: number; day: number }) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
    const hourly = definition.dimensions.includes("HOUR");
    const byOrder = definition.dimensions.includes("ORDER_ID");
    const rows = activeDays(iso(s), iso(e)).flatMap((day) =>
      (hourly ? Array.from({ length: 24 }, (_, h) => h as number | undefined) : [undefined]).flatMap((hour) =>
        (byOrder ? fakeCampaigns(code) : [undefined]).map((order) => {
          const m = order ? campaignMetrics(order.id, day, hour) : accountMetrics(code, day, hour);
          return {
            dimensionValues: [{ intValue: day.replace(/-/g, "") }, ...(hourly ? [{ intValue: String(hour) }] : []), ...(order ? [{ intValue: order.id }, { stringValue: order.name }] : [])],
            metricValueGroups: [{ primaryValues: [{ intValue: String(m.impressions) }, { intValue: String(m.clicks) }, { intValue: String(Math.round(m.cost * 1_000_000)) }] }],
          };
        }),
      ),
    );
    const page = offsetPage(rows, Number(req.query.get("pageToken") ?? 0), Math.min(fake.options.pageSize, Number(req.query.get("pageSize") ?? 1000)));
    return { json: { rows: page.items, totalRowCount: rows.length, ...(page.next === undefined ? {} : { nextPageToken: String(page.next) }) } };
  });
  return fake;
}
