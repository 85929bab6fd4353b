// A local Microsoft Advertising REST API (v13) for connector tests: Customer Management
// User/Query and Accounts/Search (PageInfo paging), Reporting GenerateReport/Submit and /Poll
// (Pending a scripted number of times, then Success with a download URL), and the zipped CSV
// download, with DeveloperToken and bearer checks and AdApiFaultDetail error bodies.
// Wire format: https://learn.microsoft.com/en-us/advertising/guides/get-started-rest?view=bingads-13
import { writeZip } from "../../core/zip.js";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2, type FakeOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { chunk, daysBetween, seeded } from "../../../tests/fakes/support/seeded.js";
import { allocate, fieldValues, type SplitOf } from "../../../tests/fakes/support/field-values.js";
import { dimensionFieldOf, metricFieldOf } from "../../../tests/fakes/support/field-kinds.js";
import { fieldOf } from "../shared/column-catalogue.js";
import type { FieldDef } from "../../core/types.js";
import { BING_COLUMNS } from "./catalogue.generated.js";

export const DEVELOPER_TOKEN = "fake-bing-dev-token-88aa1c";
export const CLIENT = { clientId: "00000000-fake-4bing-client-000000000000", clientSecret: "fake-bing-client-secret-42f7" };
export const REFRESH_TOKEN = "M.C5-fake-bing-refresh-token";
export const ACCESS_TOKEN = "EwB-fake-bing-access-token";
export const USER = { Id: 7001, UserName: "ads.owner", ContactInfo: { Email: "ads.owner@example.com" } };

export const ACCOUNTS = [
  { Id: 150001, Name: "Contoso FR", CurrencyCode: "EUR", TimeZone: "BrusselsCopenhagenMadridParis", AccountLifeCycleStatus: "Active", ParentCustomerId: 9001, Number: "F1500011" },
  { Id: 150002, Name: "Contoso US", CurrencyCode: "USD", TimeZone: "EasternTimeUSCanada", AccountLifeCycleStatus: "Active", ParentCustomerId: 9001, Number: "F1500022" },
  { Id: 150003, Name: "Old account", CurrencyCode: "GBP", TimeZone: "GreenwichMeanTimeDublinEdinburghLisbonLondon", AccountLifeCycleStatus: "Inactive", ParentCustomerId: 9002, Number: "F1500033" },
];

export function campaignsOf(accountId: number) {
  return [
    { CampaignId: accountId * 10 + 1, CampaignName: "Search - Brand", CampaignStatus: "Active", CampaignType: "Search" },
    { CampaignId: accountId * 10 + 2, CampaignName: "Shopping, all", CampaignStatus: "Paused", CampaignType: "Shopping" },
  ];
}

/** Campaign Management: an active and a paused ad group per campaign, an active and a paused ad per group. */
export function adGroupsOf(campaignId: number) {
  return [
    { Id: campaignId * 10 + 1, Name: "Main", Status: "Active" },
    { Id: campaignId * 10 + 2, Name: "Paused group", Status: "Paused" },
  ];
}

export function adsOf(accountId: number, adGroupId: number) {
  return [
    { Id: adGroupId * 10 + 1, Type: "ResponsiveSearch", Status: "Active", FinalUrls: [`https://contoso-${accountId}.example.com/${adGroupId}`] },
    { Id: adGroupId * 10 + 2, Type: "ResponsiveSearch", Status: "Paused", FinalUrls: [`https://contoso-${accountId}.example.com/old/${adGroupId}`] },
  ];
}

/** The customer's UET tags (shared by its accounts). */
export const UET_TAGS = [
  { Id: 26000001, Name: "Contoso site", Description: null, TrackingStatus: "Active", CustomerShare: null },
  { Id: 26000002, Name: "Old microsite", Description: null, TrackingStatus: "Inactive", CustomerShare: null },
  { Id: 26000003, Name: "New checkout", Description: null, TrackingStatus: "Unverified", CustomerShare: null },
];

export function hourStats(campaignId: number, date: string, hour: number) {
  const r = seeded(`${campaignId}|${date}|${hour}`);
  const impressions = Math.floor(r * 80);
  const clicks = Math.floor(impressions / 8);
  return { impressions, clicks, spend: Math.round(clicks * 0.37 * 100) / 100, conversions: r > 0.7 ? 1 : 0, revenue: r > 0.7 ? 25 : 0 };
}

export function fault(status: number, code: number, errorCode: string, message: string): FakeReply {
  return { status, json: { TrackingId: "00000000-fake-track", Type: "AdApiFaultDetail", Errors: [{ Code: code, Details: null, ErrorCode: errorCode, FieldPath: null, ForwardCompatibilityMap: null, Message: message, Type: "AdApiError" }] } };
}

export const failures = {
  expiredToken: () => fault(401, 109, "AuthenticationTokenExpired", "Authentication token expired. Please renew it or obtain a new token."),
  callRate: (retryAfter = 1) => ({ ...fault(429, 117, "CallRateExceeded", "You have exceeded the number of calls that you are allowed to make in a minute."), headers: { "retry-after": String(retryAfter) } }),
  internal: () => fault(500, 0, "InternalError", "An internal error has occurred."),
  notAuthorized: () => fault(403, 106, "UserIsNotAuthorized", "You do not have permission to access this account."),
};

interface Job {
  request: Record<string, unknown>;
  polls: number;
  /** Written once when the job finishes, served by the download. */
  csv?: string;
}

export interface BingAdsFake {
  server: FakeServer;
  oauth: FakeOAuth2;
  baseUrl: string;
  tokenUrl: string;
  options: { pendingPolls: number };
  jobs: Map<string, Job>;
  close(): Promise<void>;
}

type Col = Record<string, string>;

function csvLine(values: (string | number)[]): string {
  return values.map((v) => `"${String(v).replace(/"/g, '""')}"`).join(",");
}

/** Any column of the generated catalogue that the hand model below does not cover comes from here. */
const gen = fieldValues("bing-ads");

/** Columns the hand model answers (the figures the connector tests assert exactly). */
const MODELLED = new Set(["Impressions", "Clicks", "Spend", "Conversions", "Revenue", "AllConversions", "ViewThroughConversions", "Ctr", "AverageCpc"]);

/** Attributes of the account or of the campaign a row belongs to: every other attribute splits a campaign's rows. */
const ENTITY_ATTRIBUTE = /^(Account|Campaign|CurrencyCode$|Currency$|TimeZone$|Customer|AdId$|AdGroupId$|AdGroupName$)/;

/** Members of the split of a campaign's cells when a report has attributes below the campaign (keywords, devices, queries, ...). */
const ROWS = ["1", "2"];

const iso = (d: { Year: number; Month: number; Day: number }) => `${d.Year}-${String(d.Month).padStart(2, "0")}-${String(d.Day).padStart(2, "0")}`;

/** How a generated statistic is written: percentages with "%", money with two decimals, counts whole. */
function statistic(def: FieldDef, value: number | null): string {
  if (value === null) return "--";
  if (def.fieldType === "PERCENT") return `${(value * 100).toFixed(2)}%`;
  if (def.fieldType === "CURRENCY") return value.toFixed(2);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

type Scope = Parameters<typeof gen.metric>[1];

/** The writer of one generated column, built once per report. */
function generatedColumn(name: string): (scope: Scope, key: string, day: string) => string {
  const column = BING_COLUMNS[name];
  if (!column) return () => "";
  const def = fieldOf(column);
  if (column.kind === "metric") {
    const field = metricFieldOf(def, name);
    return (scope) => statistic(def, gen.metric(field, scope));
  }
  const field = dimensionFieldOf(def, undefined, name);
  return (_scope, key, day) => String(gen.dimension(field, key, day));
}

/** The CSV the Reporting service would write for one job (no header/footer, column headers on). */
export function reportCsv(request: Record<string, any>): string {
  const columns: string[] = request.Columns;
  const accountId: number = request.Scope.AccountIds[0];
  const account = ACCOUNTS.find((a) => a.Id === accountId)!;
  // Report types without a Time (the conflict reports) describe the account as it is: one day of figures.
  const days = request.Time ? daysBetween(iso(request.Time.CustomDateRangeStart), iso(request.Time.CustomDateRangeEnd)) : ["2025-03-01"];
  const aggregation: string = request.Aggregation ?? "Summary";
  const entities = request.Type === "AccountPerformanceReportRequest" ? [null] : campaignsOf(accountId);
  const splits = columns.filter((c) => c !== "TimePeriod" && BING_COLUMNS[c]?.kind === "dimension" && !ENTITY_ATTRIBUTE.test(c));
  const members = splits.length > 0 ? ROWS : [null];
  const answered = new Set(["TimePeriod", "AccountId", "AccountName", "AccountNumber", "CurrencyCode", "CampaignId", "CampaignName", "CampaignStatus", "CampaignType", "AdId", "AdGroupId", "AdGroupName"]);
  const modelled = (c: string) => MODELLED.has(c) || answered.has(c);
  const writers = new Map(columns.filter((c) => !modelled(c)).map((c) => [c, generatedColumn(c)]));
  const lines = [csvLine(columns)];
  for (const campaign of entities) {
    const ids = campaign ? [campaign.CampaignId] : campaignsOf(accountId).map((c) => c.CampaignId);
    const slots: { period?: string; dates: string[]; hours: number[] }[] =
      aggregation === "Hourly"
        ? days.flatMap((d) => Array.from({ length: 24 }, (_, h) => ({ period: `${d}|${String(h).padStart(2, "0")}`, dates: [d], hours: [h] })))
        : aggregation === "Daily"
          ? days.map((d) => ({ period: d, dates: [d], hours: Array.from({ length: 24 }, (_, h) => h) }))
          : [{ dates: days, hours: Array.from({ length: 24 }, (_, h) => h) }];
    for (const slot of slots) {
      for (const member of members) {
        const split: SplitOf[] = member === null ? [] : [{ dimension: "row", members: ROWS, member }];
        const t = { impressions: 0, clicks: 0, spend: 0, conversions: 0, revenue: 0 };
        for (const id of ids) for (const d of slot.dates) for (const h of slot.hours) {
          const s = hourStats(id, d, h);
          // A campaign's hour is split over its rows by whole units, so the rows add up to it.
          const part = (n: number) => (member === null ? n : allocate(n, [1, 2])[ROWS.indexOf(member)]);
          t.impressions += part(s.impressions);
          t.clicks += part(s.clicks);
          t.spend = Math.round((t.spend + part(Math.round(s.spend * 100)) / 100) * 100) / 100;
          t.conversions += part(s.conversions);
          t.revenue += part(s.revenue);
        }
        if (t.impressions === 0) continue;
        const key = `${campaign?.CampaignId ?? accountId}/${member ?? ""}`;
        const values: Col = {
          TimePeriod: slot.period ?? "",
          AccountId: String(account.Id),
          AccountName: account.Name,
          AccountNumber: account.Number,
          CurrencyCode: account.CurrencyCode,
          CampaignId: campaign ? String(campaign.CampaignId) : "",
          CampaignName: campaign?.CampaignName ?? "",
          CampaignStatus: campaign?.CampaignStatus ?? "",
          CampaignType: campaign?.CampaignType ?? "",
          // Ad reports: each campaign's spend is its active ad's (see adGroupsOf / adsOf).
          AdId: campaign ? String(adsOf(accountId, adGroupsOf(campaign.CampaignId)[0].Id)[0].Id) : "",
          AdGroupId: campaign ? String(adGroupsOf(campaign.CampaignId)[0].Id) : "",
          AdGroupName: campaign ? adGroupsOf(campaign.CampaignId)[0].Name : "",
          Impressions: String(t.impressions),
          Clicks: String(t.clicks),
          Spend: t.spend.toFixed(2),
          Conversions: String(t.conversions),
          Revenue: t.revenue.toFixed(2),
          AllConversions: String(t.conversions),
          ViewThroughConversions: "0",
          Ctr: `${((t.clicks / t.impressions) * 100).toFixed(2)}%`,
          AverageCpc: t.clicks ? (t.spend / t.clicks).toFixed(2) : "0.00",
        };
        const scope = { entities: ids.map(String), days: slot.dates, hours: slot.hours, cell: split };
        lines.push(
          csvLine(
            columns.map((c) => writers.get(c)?.(scope, key, slot.dates[0]) ?? values[c] ?? ""),
          ),
        );
      }
    }
  }
  return "\ufeff" + lines.join("\r\n") + "\r\n";
}

export async function startBingAdsFake(): Promise<BingAdsFake> {
  const server = await startFakeServer();
  const oauth = mountOAuth2(server, { path: "/common/oauth2/v2.0/token", ...CLIENT, refreshToken: REFRESH_TOKEN, accessToken: ACCESS_TOKEN, rotateRefreshToken: true });
  const options = { pendingPolls: 0 };
  const jobs = new Map<string, Job>();
  let seq = 0;

  function guard(req: RecordedRequest): FakeReply | undefined {
    if (!oauth.bearer(req)) return failures.expiredToken();
    if (req.headers.developertoken !== DEVELOPER_TOKEN) return fault(401, 105, "InvalidCredentials", "Authentication failed. Either supplied credentials are invalid or the account is inactive.");
    return undefined;
  }

  server.route("POST", "/CustomerManagement/v13/User/Query", (req) => guard(req) ?? { json: { User: USER, CustomerRoles: [{ CustomerId: 9001, RoleId: 41 }] } });

  server.route("POST", "/CustomerManagement/v13/Accounts/Search", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const body = req.json<{ Predicates: { Field: string; Value: string }[]; PageInfo: { Index: number; Size: number } }>();
    if (body.Predicates[0]?.Field !== "UserId" || body.Predicates[0].Value !== String(USER.Id)) return { json: { Accounts: [] } };
    const pages = chunk(ACCOUNTS, body.PageInfo.Size);
    return { json: { Accounts: pages[body.PageInfo.Index] ?? [] } };
  });

  server.route("POST", "/Reporting/v13/GenerateReport/Submit", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const request = req.json<{ ReportRequest: Record<string, any> }>().ReportRequest;
    const accountId = request?.Scope?.AccountIds?.[0];
    if (!ACCOUNTS.some((a) => a.Id === accountId) || req.headers.customeraccountid !== String(accountId)) return failures.notAuthorized();
    const id = `fake-report-${++seq}`;
    jobs.set(id, { request, polls: 0 });
    return { json: { ReportRequestId: id } };
  });

  server.route("POST", "/Reporting/v13/GenerateReport/Poll", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const job = jobs.get(req.json<{ ReportRequestId: string }>().ReportRequestId);
    if (!job) return fault(400, 2005, "InvalidReportRequestId", "The report request identifier is not valid.");
    job.polls += 1;
    if (job.polls <= options.pendingPolls) return { json: { ReportRequestStatus: { ReportDownloadUrl: null, Status: "Pending" } } };
    const id = [...jobs.entries()].find(([, j]) => j === job)![0];
    const csv = (job.csv ??= reportCsv(job.request));
    const empty = csv.split("\r\n").filter(Boolean).length <= 1;
    return { json: { ReportRequestStatus: { ReportDownloadUrl: empty ? null : `${server.url}/download/${id}.zip?sv=2020&sig=fake-signature`, Status: "Success" } } };
  });

  // Campaign Management (engine/connectors/bing-ads/checks.ts): the account header must match.
  const campaignCall = (handler: (body: Record<string, any>, accountId: number) => unknown) => (req: RecordedRequest): FakeReply => {
    const denied = guard(req);
    if (denied) return denied;
    const accountId = Number(req.headers.customeraccountid);
    const account = ACCOUNTS.find((a) => a.Id === accountId);
    if (!account || req.headers.customerid !== String(account.ParentCustomerId)) return failures.notAuthorized();
    return { json: handler(req.json<Record<string, any>>(), accountId) };
  };
  server.route("POST", "/CampaignManagement/v13/Campaigns/QueryByAccountId", campaignCall((body, accountId) => ({ Campaigns: Number(body.AccountId) === accountId ? campaignsOf(accountId).filter((c) => c.CampaignType === (body.CampaignType ?? "Search")).map((c) => ({ Id: c.CampaignId, Name: c.CampaignName, Status: c.CampaignStatus })) : [] })));
  server.route("POST", "/CampaignManagement/v13/AdGroups/QueryByCampaignId", campaignCall((body) => ({ AdGroups: adGroupsOf(Number(body.CampaignId)) })));
  server.route("POST", "/CampaignManagement/v13/Ads/QueryByAdGroupId", campaignCall((body, accountId) => (Array.isArray(body.AdTypes) && body.AdTypes.length ? { Ads: adsOf(accountId, Number(body.AdGroupId)) } : { Ads: null })));
  server.route("POST", "/CampaignManagement/v13/UetTags/QueryByIds", campaignCall((body) => ({ UetTags: body.TagIds === null ? UET_TAGS : UET_TAGS.filter((t) => body.TagIds.includes(t.Id)), PartialErrors: [] })));

  server.route("GET", "/download/:file", (req) => {
    // Pre-signed storage URL: a bearer token is not expected (and real storage rejects it).
    if (req.headers.authorization) return { status: 400, body: "<Error><Code>InvalidAuthenticationInfo</Code></Error>" };
    const job = jobs.get(req.params.file.replace(/\.zip$/, ""));
    if (!job) return { status: 404, body: "<Error><Code>BlobNotFound</Code></Error>" };
    const zip = writeZip([{ name: `${req.params.file.replace(/\.zip$/, "")}.csv`, data: Buffer.from(job.csv ?? reportCsv(job.request), "utf8") }]);
    return { status: 200, headers: { "content-type": "application/zip" }, body: zip };
  });

  return { server, oauth, baseUrl: server.url, tokenUrl: oauth.tokenUrl, options, jobs, close: () => server.close() };
}
