// A local The Trade Desk API v3: POST /authentication ({Login, Password} -> {Token}), TTD-Auth
// header checks, POST /partner/query and /advertiser/query/partner (PageStartIndex/PageSize,
// ResultCount), MyReports schedules, executions (Complete with a delivery URL) and CSV downloads.
// Errors are {Message, ErrorDetails}. Wire format: https://partner.thetradedesk.com/v3/portal/api/doc/
import { csvLine } from "../../../tests/fakes/support/ads-family.js";
import { adsCells, startSessionFake, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const ttdError = (status: number, message: string): FakeReply => ({ status, json: { Message: message, ErrorDetails: [] } });
export const TTD_UNAUTHORIZED = ttdError(401, "Authentication failed: the TTD-Auth token is missing, invalid or expired.");
export const TTD_REFUSAL = ttdError(401, "Invalid login or password.");
export const TTD_LOGIN = { key: "api_signal", secret: "ttd-password-0001" };
export const TTD_APP = { extra: { reportTemplateId: "4242" } };
export const PARTNERS = [{ PartnerId: "p1sig", PartnerName: "Signal Partner" }];
export const TTD_ADVERTISERS = [
  { AdvertiserId: "adv1abc", AdvertiserName: "Signal Shoes", CurrencyCode: "USD", PartnerId: "p1sig", Availability: "Available" },
  { AdvertiserId: "adv2def", AdvertiserName: "Signal Books", CurrencyCode: "GBP", PartnerId: "p1sig", Availability: "Archived" },
];
const COLUMNS = ["Date", "Advertiser ID", "Campaign ID", "Campaign", "Impressions", "Clicks", "Advertiser Cost (Adv Currency)", "Total Click + View Conversions"];

interface Schedule {
  advertiser: string;
  start: string;
  endExclusive: string;
}

export async function startTradeDeskFake(): Promise<SessionFake & { schedules: Map<string, Schedule> }> {
  const fake = await startSessionFake({
    name: "ttd",
    basePath: "/v3",
    loginPath: "/v3/authentication",
    credential: { type: "api-key", key: TTD_LOGIN.key, secret: TTD_LOGIN.secret },
    accepts: (req) => {
      const b = req.json<{ Login?: string; Password?: string }>();
      return b.Login === TTD_LOGIN.key && b.Password === TTD_LOGIN.secret;
    },
    refusal: TTD_REFUSAL,
    issue: (token) => ({ json: { Token: token } }),
    tokenOf: (req) => req.headers["ttd-auth"] as string | undefined,
    unauthorized: () => TTD_UNAUTHORIZED,
  });
  const schedules = new Map<string, Schedule>();
  const page = <T>(req: RecordedRequest, items: T[]) => {
    const { PageStartIndex = 0, PageSize = 100 } = req.json<{ PageStartIndex?: number; PageSize?: number }>();
    const size = Math.min(PageSize, fake.options.pageSize);
    return { json: { Result: items.slice(PageStartIndex, PageStartIndex + size), ResultCount: items.length } };
  };
  fake.route("POST", "/partner/query", (req) => page(req, PARTNERS));
  fake.route("POST", "/advertiser/query/partner", (req) => page(req, TTD_ADVERTISERS.filter((a) => a.PartnerId === req.json<{ PartnerId: string }>().PartnerId)));
  fake.route("POST", "/myreports/reportschedule", (req) => {
    const b = req.json<{ ReportTemplateId?: number; ReportFrequency?: string; ReportStartDateInclusive: string; ReportEndDateExclusive: string; AdvertiserFilters: string[] }>();
    if (b.ReportTemplateId !== 4242 || b.ReportFrequency !== "Once") return ttdError(400, "The request failed validation: ReportTemplateId");
    const id = String(9000 + schedules.size);
    schedules.set(id, { advertiser: b.AdvertiserFilters[0], start: b.ReportStartDateInclusive.slice(0, 10), endExclusive: b.ReportEndDateExclusive.slice(0, 10) });
    return { json: { ReportScheduleId: Number(id) } };
  });
  fake.route("POST", "/myreports/reportexecution/query/advertisers", (req) => {
    const id = String(req.json<{ ReportScheduleIds: number[] }>().ReportScheduleIds[0]);
    if (!schedules.has(id)) return { json: { Result: [], ResultCount: 0 } };
    return { json: { Result: [{ ReportScheduleId: Number(id), ReportExecutionState: "Complete", ReportDeliveries: [{ DownloadURL: `${fake.server.url}/v3/myreports/download/${id}.csv` }] }], ResultCount: 1 } };
  });
  fake.route("GET", "/myreports/download/:file", (req) => {
    const s = schedules.get(req.params.file.replace(/\.csv$/, ""));
    if (!s) return ttdError(404, "Not found");
    const last = new Date(Date.parse(`${s.endExclusive}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const lines = adsCells(s.advertiser, s.start, last, { byCampaign: true }).map(({ day, campaign: c, m }) =>
      csvLine([`${day}T00:00:00`, s.advertiser, c!.id, c!.name, m.impressions, m.clicks, m.cost.toFixed(2), m.conversions]),
    );
    return { headers: { "content-type": "text/csv" }, body: [csvLine(COLUMNS), ...lines].join("\n") + "\n" };
  });
  return Object.assign(fake, { schedules, app: TTD_APP });
}
