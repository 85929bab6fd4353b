// A local Xandr API: POST /auth ({auth: {username, password}} -> {response: {token}}), the bare
// token in Authorization, GET /advertiser (start_element/num_elements, count), and the report
// service (POST /report, GET /report?id= -> execution_status, GET /report-download?id= -> CSV).
// Errors are {response: {status: "error", error_id, error}}.
// Wire format: https://learn.microsoft.com/en-us/xandr/digital-platform-api/report-service
import { DateTime } from "luxon";
import { csvLine } from "../../../tests/fakes/support/ads-family.js";
import { adsCells, startSessionFake, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const xandrError = (status: number, errorId: string, error: string): FakeReply => ({ status, json: { response: { status: "error", error_id: errorId, error } } });
export const XANDR_UNAUTHORIZED = xandrError(401, "NOAUTH", "Authentication failed - not logged in");
export const XANDR_REFUSAL = xandrError(401, "UNAUTH", "No match found for user/pass");
export const XANDR_LOGIN = { key: "signal-api", secret: "xandr-password-0001" };
export const XANDR_ADVERTISERS = [
  { id: 51001, name: "Signal Shoes", state: "active", timezone: "America/New_York", default_currency: "USD" },
  { id: 51002, name: "Signal Paris", state: "inactive", timezone: "Europe/Paris", default_currency: "EUR" },
];

interface Job {
  advertiser: string;
  columns: string[];
  start: string;
  endExclusive: string;
}

export async function startXandrFake(): Promise<SessionFake & { jobs: Map<string, Job> }> {
  const fake = await startSessionFake({
    name: "xandr",
    basePath: "",
    loginPath: "/auth",
    credential: { type: "api-key", key: XANDR_LOGIN.key, secret: XANDR_LOGIN.secret },
    accepts: (req) => {
      const b = req.json<{ auth?: { username?: string; password?: string } }>();
      return b.auth?.username === XANDR_LOGIN.key && b.auth?.password === XANDR_LOGIN.secret;
    },
    refusal: XANDR_REFUSAL,
    issue: (token) => ({ json: { response: { status: "OK", token } } }),
    tokenOf: (req) => req.headers.authorization as string | undefined,
    unauthorized: () => XANDR_UNAUTHORIZED,
  });
  const jobs = new Map<string, Job>();
  fake.route("GET", "/advertiser", (req) => {
    const start = Number(req.query.get("start_element") ?? 0);
    const size = Math.min(fake.options.pageSize, Number(req.query.get("num_elements") ?? 100));
    return { json: { response: { status: "OK", count: XANDR_ADVERTISERS.length, start_element: start, num_elements: size, advertisers: XANDR_ADVERTISERS.slice(start, start + size) } } };
  });
  fake.route("POST", "/report", (req) => {
    const { report } = req.json<{ report: { report_type: string; columns: string[]; start_date: string; end_date: string; format: string } }>();
    if (report.report_type !== "advertiser_analytics" || report.format !== "csv") return xandrError(400, "SYNTAX", "unsupported report");
    const id = `rep${jobs.size + 1}`;
    jobs.set(id, { advertiser: req.query.get("advertiser_id") ?? "", columns: report.columns, start: report.start_date.slice(0, 10), endExclusive: report.end_date.slice(0, 10) });
    return { json: { response: { status: "OK", report_id: id } } };
  });
  fake.route("GET", "/report", (req) => {
    const id = req.query.get("id") ?? "";
    return jobs.has(id) ? { json: { response: { status: "OK", execution_status: "ready", report: { id, url: `report-download?id=${id}` } } } } : xandrError(404, "NOTFOUND", "report not found");
  });
  fake.route("GET", "/report-download", (req) => {
    const job = jobs.get(req.query.get("id") ?? "");
    if (!job) return xandrError(404, "NOTFOUND", "report not found");
    const last = DateTime.fromISO(job.endExclusive).minus({ days: 1 }).toISODate()!;
    const hourly = job.columns.includes("hour");
    const lines = adsCells(job.advertiser, job.start, last, { hourly, byCampaign: job.columns.includes("campaign_id") }).map(({ day, hour, campaign: c, m }) => {
      const cells: Record<string, string | number> = {
        day,
        hour: `${day} ${String(hour ?? 0).padStart(2, "0")}:00`,
        campaign_id: c?.id ?? "",
        campaign_name: c?.name ?? "",
        imps: m.impressions,
        clicks: m.clicks,
        cost: m.cost.toFixed(2),
        total_convs: m.conversions,
        total_revenue: m.conversionValue.toFixed(2),
      };
      return csvLine(job.columns.map((col) => cells[col] ?? ""));
    });
    return { headers: { "content-type": "text/csv" }, body: [csvLine(job.columns), ...lines].join("\n") + "\n" };
  });
  return Object.assign(fake, { jobs });
}
