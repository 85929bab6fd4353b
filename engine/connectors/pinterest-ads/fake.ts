// A local Pinterest API v5 for connector tests: /user_account, /ad_accounts (bookmark paging),
// /ad_accounts/{id}/analytics (array of rows in UTC days or hours), asynchronous campaign reports
// (POST .../reports -> token, GET .../reports?token= IN_PROGRESS then FINISHED with a url, the JSON
// file keyed by campaign id) and Pinterest's {code, message} error bodies.
// Wire format: https://developers.pinterest.com/docs/api/v5/
import { accountMetrics, activeDays, campaignMetrics, fakeCampaigns, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const PINTEREST_UNAUTHORIZED: FakeReply = { status: 401, json: { code: 2, message: "Authentication failed." } };

export const AD_ACCOUNTS = [
  { id: "549755885175", name: "Signal Home", currency: "EUR", country: "FR" },
  { id: "549755885176", name: "Signal US", currency: "USD", country: "US" },
];

export interface PinterestFake extends AdsFake {
  /** IN_PROGRESS answers before a report is FINISHED. */
  reportPolls: { pending: number };
}

const micros = (n: number) => Math.round(n * 1_000_000);

function periods(start: string, end: string, granularity: string): { DATE: string; hour?: number; day: string }[] {
  return activeDays(start, end).flatMap((day) =>
    granularity === "HOUR" ? Array.from({ length: 24 }, (_, h) => ({ DATE: `${day} ${String(h).padStart(2, "0")}:00:00`, hour: h, day })) : [{ DATE: day, day }],
  );
}

function columns(m: ReturnType<typeof campaignMetrics>) {
  return {
    SPEND_IN_MICRO_DOLLAR: micros(m.cost),
    IMPRESSION_1: m.impressions,
    CLICKTHROUGH_1: m.clicks,
    TOTAL_CONVERSIONS: m.conversions,
    TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR: micros(m.conversionValue),
  };
}

export async function startPinterestFake(): Promise<PinterestFake> {
  const base = await startAdsFake({ name: "pin", basePath: "/v5", tokenPath: "/v5/oauth/token", clientAuth: "basic", unauthorized: () => PINTEREST_UNAUTHORIZED });
  const fake: PinterestFake = { ...base, reportPolls: { pending: 1 } };
  const jobs = new Map<string, { account: string; body: Record<string, any>; polls: number }>();

  fake.route("GET", "/user_account", () => ({ json: { username: "signalpost-ads", account_type: "BUSINESS" } }));
  fake.route("GET", "/ad_accounts", (req) => {
    const page = offsetPage(AD_ACCOUNTS, Number(req.query.get("bookmark") ?? 0), Math.min(fake.options.pageSize, Number(req.query.get("page_size") ?? 25)));
    return { json: { items: page.items.map((a) => ({ ...a, owner: { username: "signalpost-ads" }, permissions: ["ADMIN"] })), bookmark: page.next === undefined ? null : String(page.next) } };
  });
  fake.route("GET", "/ad_accounts/:id/analytics", (req) => {
    const start = req.query.get("start_date")!;
    const end = req.query.get("end_date")!;
    const rows = periods(start, end, req.query.get("granularity")!).map((p) => ({ AD_ACCOUNT_ID: req.params.id, DATE: p.DATE, ...columns(accountMetrics(req.params.id, p.day, p.hour)) }));
    return { json: rows };
  });
  fake.route("POST", "/ad_accounts/:id/reports", (req) => {
    const token = `report-${jobs.size + 1}`;
    jobs.set(token, { account: req.params.id, body: req.json(), polls: 0 });
    return { json: { report_status: "IN_PROGRESS", token, message: null } };
  });
  fake.route("GET", "/ad_accounts/:id/reports", (req) => {
    const job = jobs.get(req.query.get("token") ?? "");
    if (!job) return { json: { report_status: "DOES_NOT_EXIST", url: null, size: null } };
    job.polls += 1;
    if (job.polls <= fake.reportPolls.pending) return { json: { report_status: "IN_PROGRESS", url: null, size: null } };
    return { json: { report_status: "FINISHED", url: `${fake.server.url}/pinterest-reports/${req.query.get("token")}.json?X-Amz-Signature=abc`, size: 1024 } };
  });
  // The pre-signed download: no Bearer check (storage hosts ignore it).
  fake.server.route("GET", "/pinterest-reports/:file", (req) => {
    const job = jobs.get(req.params.file.replace(/\.json$/, ""));
    if (!job) return { status: 403, body: "AccessDenied" };
    const { start_date, end_date, granularity } = job.body;
    const out: Record<string, unknown[]> = {};
    for (const c of fakeCampaigns(job.account)) {
      const rows = periods(start_date, end_date, granularity).map((p) => ({
        DATE: p.DATE,
        CAMPAIGN_ID: Number(c.id),
        CAMPAIGN_NAME: c.name,
        CAMPAIGN_STATUS: c.status,
        ...columns(campaignMetrics(c.id, p.day, p.hour)),
      }));
      out[c.id] = rows;
    }
    return { json: out };
  });
  return fake;
}
