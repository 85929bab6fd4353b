// Amazon Ads: profiles as accounts, campaign performance through Reporting v3 async reports, OAuth
// 2.0 through Login with Amazon (https://advertising.amazon.com/API/docs/en-us/guides/get-started/create-authorization-grant)
// with the Amazon-Advertising-API-ClientId and -Scope (profile) headers.
import { assertDateRange, splitDateRange } from "../../core/dates.js";
import { ConnectorError, InvalidRequestError } from "../../core/errors.js";
import type { Account, AppCredentials, Connector, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector } from "../shared/ads-family.js";
import { numOrNull } from "../shared/records.js";
import { amazonErrorDetail, classifyAmazonError } from "./errors.js";
import { AMAZON_FIELDS, AMAZON_REPORTS, REPORT_HELP, type AmazonReport } from "./fields.js";
import { listProfiles, profileOf, REGION_HOSTS } from "./profiles.js";
import { runReport, type PollTiming } from "./reports.js";

const PLATFORM = "amazon-ads";

/** Reporting v3 accepts at most 31 days per report (report-types overview: "maximum date range"). */
const DAYS_PER_REPORT = 31;

function clientIdOf(app: AppCredentials | undefined): string {
  if (!app?.clientId) {
    throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The Amazon Ads client id is not configured on this server (AMAZON_ADS_CLIENT_ID)." });
  }
  return app.clientId;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface AmazonAdsConnectorOptions {
  poll?: PollTiming;
}

export function createAmazonAdsConnector(options: AmazonAdsConnectorOptions = {}): Connector {
  /** One Reporting v3 report per slice of at most 31 days, each mapped onto the report's field ids. */
  async function* reportRows(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, report: AmazonReport): AsyncGenerator<Row[]> {
    if (req.granularity === "hour") {
      throw new InvalidRequestError("Amazon Ads reports have no hourly breakdown (hourly data is only in Amazon Marketing Stream). Read by day.");
    }
    const catalogue = AMAZON_FIELDS[report.id];
    // The requested columns (and the parts of the derived ratios); the rows are rolled up to the
    // asked dimensions here, so that an account-level read sums its campaigns.
    const asked = new Set([...req.fields, ...(req.filters ?? []).map((f) => f.field)]);
    if (asked.has("ctr")) ["impressions", "clicks"].forEach((id) => asked.add(id));
    if (asked.has("average_cpc")) ["cost", "clicks"].forEach((id) => asked.add(id));
    const wanted = catalogue.filter((f) => f.column && asked.has(f.def.id));
    const columns = [...new Set(["date", ...wanted.map((f) => f.column!), ...(wanted.some((f) => f.def.type === "metric") ? [] : ["impressions"])])];
    const clientId = clientIdOf(ctx.app);
    const profile = await profileOf(ctx, account.id);
    for (const slice of splitDateRange(assertDateRange(range), DAYS_PER_REPORT)) {
      const records = await runReport(ctx, { profile, clientId, report, columns, range: slice }, options.poll);
      yield records.map((record) => {
        const row: Row = { account_id: profile.id, account_name: profile.name };
        for (const field of wanted) {
          const value = record[field.column!];
          // A metric the report left out is unknown, not 0.
          row[field.def.id] = field.def.type === "metric" ? numOrNull(value) : value === null || value === undefined ? null : String(value);
        }
        if (!wanted.some((f) => f.column === "date")) row.date = record.date === undefined || record.date === null ? null : String(record.date);
        return row;
      });
    }
  }

  return adsConnector({
    id: PLATFORM,
    displayName: "Amazon Ads",
    // Report dates are the profile's marketplace days, money in its currency (profiles.timezone / currencyCode).
    timezone: "account",
    currency: "account",
    // Purchases and sales are attributed up to 14 days after the click or view, and Amazon restates
    // them (and removes invalid traffic) over that window
    // (https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/report-types/campaign#metrics).
    restatementDays: 14,
    allowedHosts: [
      "advertising-api.amazon.com",
      "advertising-api-eu.amazon.com",
      "advertising-api-fe.amazon.com",
      "api.amazon.com",
      // Report files are served from pre-signed S3 URLs (offline-report-storage-*.s3.amazonaws.com).
      "*.amazonaws.com",
    ],
    defaultBaseUrl: REGION_HOSTS.NA,
    // Reporting v3 offers DAILY and SUMMARY time units only.
    supportsHourly: false,
    // Amazon throttles per profile with dynamic limits and answers 429 + Retry-After beyond them.
    rateLimit: { maxConcurrent: 2, minTimeMs: 250 },
    oauth2: {
      authorizeUrl: "https://www.amazon.com/ap/oa",
      tokenUrl: "https://api.amazon.com/auth/o2/token",
      scopes: ["advertising::campaign_management"],
    },

    headers: (app) => ({ "amazon-advertising-api-clientid": clientIdOf(app) }),
    // Amazon's bodies and permission wording; it answers every status but 5xx, which keep the retry rule.
    classifyError: classifyAmazonError,
    errorMessage: (_body, response) => amazonErrorDetail(response.text).detail || undefined,

    async check(ctx) {
      const profiles = await listProfiles(ctx);
      if (profiles.length === 0) {
        throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The connected Amazon login has no advertising profile. Reconnect with a login that manages an Amazon Ads account." });
      }
      return { ok: true, identity: `${profiles.length} Amazon Ads profile${profiles.length > 1 ? "s" : ""}` };
    },
    async listAccounts(ctx) {
      return (await listProfiles(ctx)).map(({ id, name, timezone, currency, status }) => ({ id, name, timezone, currency, status }));
    },
    reportHelp: REPORT_HELP,
    reports: AMAZON_REPORTS.map((report) => ({
      id: report.id,
      name: report.name,
      description: report.description,
      fields: AMAZON_FIELDS[report.id].map((f) => f.def),
      // Each slice is its own report: a day's campaigns never span two, so its groups leave with it.
      slicedByDate: true,
      fetch: (ctx, account, range, req) => reportRows(ctx, account, range, req, report),
      record: (row: Row) => row,
      derived: {
        ctr: (g) => (Number(g.impressions) ? round(Number(g.clicks) / Number(g.impressions), 6) : g.impressions === null ? null : 0),
        average_cpc: (g) => (Number(g.clicks) ? round(Number(g.cost) / Number(g.clicks), 4) : g.clicks === null ? null : 0),
      },
    })),
  });
}

export const amazonAdsConnector = createAmazonAdsConnector();
