// Campaign Manager 360 through the DFA Reporting API v4
// (https://developers.google.com/doubleclick-advertisers/rest/v4): the user profiles of the login
// are the accounts (their account's currency and report time zone read from accounts.get); reads
// create a STANDARD CSV report, run it, poll its file until REPORT_AVAILABLE, download it through
// the API (alt=media) and delete the report.
import { z } from "zod";
import { memoForContext } from "../../core/context-cache.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsFields, CPM_FIELD } from "../shared/ads-family.js";
import { googleAdsFamilyConnector, reportFileRecord, runReportFile } from "../shared/google-family.js";
import { CM_CURRENCIES, CM_TIME_ZONES } from "./ids.js";

const PLATFORM = "campaign-manager";

const profiles = z.object({ items: z.array(z.object({ profileId: z.string(), accountId: z.string(), accountName: z.string().optional(), userName: z.string().optional() })).optional() });
const cmAccount = z.object({ id: z.string(), name: z.string().optional(), currencyId: z.string().optional(), reportsConfiguration: z.object({ reportGenerationTimeZoneId: z.string().optional() }).optional() });
const file = z.object({ id: z.string(), reportId: z.string().optional(), status: z.string(), urls: z.object({ apiUrl: z.string().optional() }).optional() });
type File = z.infer<typeof file>;

/** The CSV column names of the dimensions and metrics we ask for. */
const COLUMN = { date: "Date", campaignId: "Campaign ID", campaign: "Campaign", impressions: "Impressions", clicks: "Clicks", cost: "Media Cost", conversions: "Total Conversions" };

const profilesOf = (ctx: ConnectorContext) => memoForContext(ctx, "profiles", async () => (await ctx.http.json({ url: "/userprofiles" }, profiles)).items ?? []);

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, _req: ReadRequest, byCampaign: boolean) {
  const profile = account.id;
  const rows = await runReportFile<File>(ctx, profile, {
    platform: PLATFORM,
    what: `the Campaign Manager 360 report of profile ${profile}`,
    async create() {
      const created = await ctx.http.json(
        {
          method: "POST",
          url: `/userprofiles/${profile}/reports`,
          account: profile,
          json: {
            name: `Signalpost ${range.start}..${range.end}`,
            type: "STANDARD",
            format: "CSV",
            criteria: {
              dateRange: { startDate: range.start, endDate: range.end },
              dimensions: [{ name: "date" }, ...(byCampaign ? [{ name: "campaignId" }, { name: "campaign" }] : [])],
              metricNames: ["impressions", "clicks", "mediaCost", "totalConversions"],
            },
          },
        },
        z.object({ id: z.string() }),
      );
      return created.id;
    },
    run: (id) => ctx.http.json({ method: "POST", url: `/userprofiles/${profile}/reports/${id}/run`, account: profile, query: { synchronous: false } }, file),
    poll: (id, run) => ctx.http.json({ url: `/userprofiles/${profile}/reports/${id}/files/${run.id}`, account: profile }, file),
    state: (f) => (f.status === "REPORT_AVAILABLE" ? "done" : f.status === "PROCESSING" || f.status === "QUEUED" ? "pending" : { failed: `the report file is ${f.status}` }),
    // The API URL of a file serves its bytes with alt=media, authorised like any API call.
    file: (f) => ({ url: `/reports/${f.reportId}/files/${f.id}?alt=media`, auth: true }),
    remove: async (id) => void (await ctx.http.request({ method: "DELETE", url: `/userprofiles/${profile}/reports/${id}`, account: profile })),
    // A preamble (report name, date range...) then "Report Fields", the header, rows, "Grand Total:".
    isHeader: (cells) => cells[0] === COLUMN.date,
    isEnd: (cells) => cells[0] === "Grand Total:" || cells.every((c) => c === ""),
  });
  yield rows;
}

const record = (r: Record<string, string>, account: Account): Row => reportFileRecord(r, COLUMN, account);

export const campaignManagerConnector = googleAdsFamilyConnector({
  id: PLATFORM,
  displayName: "Campaign Manager 360",
  // Reports are generated in the account's report time zone, in the account's currency.
  timezone: "account",
  currency: "account",
  // Floodlight conversions keep being attributed to past days for the lookback window, 30 days
  // by default (https://support.google.com/campaignmanager/answer/2823222).
  restatementDays: 30,
  allowedHosts: ["dfareporting.googleapis.com", "oauth2.googleapis.com"],
  defaultBaseUrl: "https://dfareporting.googleapis.com/dfareporting/v4",
  supportsHourly: false,
  // The Reporting API allows a few queries per second per project (https://developers.google.com/doubleclick-advertisers/quotas).
  rateLimit: { maxConcurrent: 2, minTimeMs: 100 },
  scopes: ["https://www.googleapis.com/auth/dfareporting"],

  async check(ctx) {
    const items = await profilesOf(ctx);
    return { ok: true, identity: items[0]?.userName ?? `${items.length} Campaign Manager 360 profile(s)` };
  },
  async listAccounts(ctx) {
    const out: Account[] = [];
    for (const p of await profilesOf(ctx)) {
      const a = await ctx.http.json({ url: `/userprofiles/${p.profileId}/accounts/${p.accountId}`, account: p.profileId }, cmAccount);
      out.push({
        // Every Reporting API call goes through a profile, so the profile is the account we read.
        id: p.profileId,
        name: `${p.accountName ?? a.name ?? p.accountId} (${p.userName ?? p.profileId})`,
        timezone: CM_TIME_ZONES[a.reportsConfiguration?.reportGenerationTimeZoneId ?? ""] ?? "America/New_York",
        currency: CM_CURRENCIES[a.currencyId ?? ""] ?? "USD",
        status: "active",
      });
    }
    return out;
  },
  reports: [
    { id: "account", name: "Account", description: "Account totals by day (STANDARD report).", fields: adsFields("account", { extra: [CPM_FIELD] }), fetch: (c, a, r, q) => report(c, a, r, q, false), record },
    { id: "campaign", name: "Campaigns", description: "Campaign delivery by day (STANDARD report by campaign).", fields: adsFields("campaign", { extra: [CPM_FIELD] }), fetch: (c, a, r, q) => report(c, a, r, q, true), record },
  ],
});
