// A local DFA Reporting API v4 (Campaign Manager 360) for connector tests: user profiles,
// accounts.get (numeric currency and report time zone ids), reports insert/run/delete, report
// files (PROCESSING then REPORT_AVAILABLE) and the CSV served by files.get?alt=media.
// Wire format: https://developers.google.com/doubleclick-advertisers/rest/v4
import { accountMetrics, activeDays, campaignMetrics, csvLine, fakeCampaigns, GOOGLE_UNAUTHENTICATED, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";

export const PROFILES = [
  { profileId: "5501", accountId: "8101", accountName: "Signal Media FR", userName: "ops@signalpost.test", currencyId: "17", timeZoneId: "3" },
  { profileId: "5502", accountId: "8102", accountName: "Signal Media US", userName: "ops@signalpost.test", currencyId: "1", timeZoneId: "1" },
];

export interface CampaignManagerFake extends AdsFake {
  /** PROCESSING answers before a file is REPORT_AVAILABLE. */
  pendingPolls: number;
}

function csv(report: any, profileId: string): string {
  const { startDate, endDate } = report.criteria.dateRange;
  const byCampaign = report.criteria.dimensions.some((d: { name: string }) => d.name === "campaignId");
  const header = ["Date", ...(byCampaign ? ["Campaign ID", "Campaign"] : []), "Impressions", "Clicks", "Media Cost", "Total Conversions"];
  const lines = [csvLine([report.name]), csvLine(["Report Time:", "2025-03-03 10:00:00"]), csvLine(["Date Range:", `${startDate} - ${endDate}`]), "", "Report Fields", csvLine(header)];
  let clicks = 0;
  for (const day of activeDays(startDate, endDate)) {
    for (const c of byCampaign ? fakeCampaigns(profileId) : [undefined]) {
      const m = c ? campaignMetrics(c.id, day) : accountMetrics(profileId, day);
      clicks += m.clicks;
      lines.push(csvLine([day, ...(c ? [c.id, c.name] : []), m.impressions, m.clicks, m.cost.toFixed(2), m.conversions]));
    }
  }
  lines.push(csvLine(["Grand Total:", ...(byCampaign ? ["", ""] : []), "", clicks, "", ""]));
  return lines.join("\n");
}

export async function startCampaignManagerFake(): Promise<CampaignManagerFake> {
  const base = await startAdsFake({ name: "cm360", basePath: "/dfareporting/v4", tokenPath: "/token", unauthorized: () => GOOGLE_UNAUTHENTICATED });
  const fake: CampaignManagerFake = { ...base, pendingPolls: 0 };
  const reports = new Map<string, { profileId: string; body: any; polls: number; deleted: boolean }>();
  fake.route("GET", "/userprofiles", () => ({ json: { kind: "dfareporting#userProfileList", items: PROFILES.map(({ currencyId, timeZoneId, ...p }) => ({ kind: "dfareporting#userProfile", ...p })) } }));
  fake.route("GET", "/userprofiles/:p/accounts/:a", (req) => {
    const p = PROFILES.find((x) => x.profileId === req.params.p && x.accountId === req.params.a)!;
    return { json: { kind: "dfareporting#account", id: p.accountId, name: p.accountName, currencyId: p.currencyId, reportsConfiguration: { reportGenerationTimeZoneId: p.timeZoneId } } };
  });
  fake.route("POST", "/userprofiles/:p/reports", (req) => {
    const id = String(71000 + reports.size + 1);
    reports.set(id, { profileId: req.params.p, body: req.json(), polls: 0, deleted: false });
    return { json: { kind: "dfareporting#report", id, ownerProfileId: req.params.p, ...req.json<object>() } };
  });
  fake.route("POST", "/userprofiles/:p/reports/:r/run", (req) => ({ json: { kind: "dfareporting#file", id: `${req.params.r}9`, reportId: req.params.r, status: "PROCESSING" } }));
  fake.route("GET", "/userprofiles/:p/reports/:r/files/:f", (req) => {
    const r = reports.get(req.params.r)!;
    r.polls += 1;
    const status = r.polls <= fake.pendingPolls ? "PROCESSING" : "REPORT_AVAILABLE";
    return { json: { kind: "dfareporting#file", id: req.params.f, reportId: req.params.r, status, urls: { apiUrl: `${fake.baseUrl}/reports/${req.params.r}/files/${req.params.f}?alt=media` } } };
  });
  fake.route("GET", "/reports/:r/files/:f", (req) => {
    const r = reports.get(req.params.r);
    if (!r || req.query.get("alt") !== "media") return { status: 404, json: { error: { code: 404, message: "File not found", status: "NOT_FOUND" } } };
    return { headers: { "content-type": "text/csv" }, body: csv(r.body, r.profileId) };
  });
  fake.route("DELETE", "/userprofiles/:p/reports/:r", (req) => {
    reports.get(req.params.r)!.deleted = true;
    return { status: 204, body: "" };
  });
  return fake;
}
