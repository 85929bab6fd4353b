// Amazon Ads: profiles as accounts, campaign performance through Reporting v3 async reports, OAuth
// 2.0 through Login with Amazon (https://advertising.amazon.com/API/docs/en-us/guides/get-started/create-authorization-grant)
// with the Amazon-Advertising-API-ClientId and -Scope (profile) headers.
import { aggregatorForRead } from "../../core/aggregate.js";
import { assertDateRange, splitDateRange } from "../../core/dates.js";
import { ConnectorError, InvalidRequestError } from "../../core/errors.js";
import { catalogueMethods, resolveReportRequest } from "../../core/report-request.js";
import { mappedCatalogue } from "../shared/mapped-catalogue.js";
import type { AppCredentials, Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { classifyAmazonError } from "./errors.js";
import { AMAZON_CONFIG_FIELDS, AMAZON_FIELDS, AMAZON_REPORTS, DEFAULT_REPORT } from "./fields.js";
import { listProfiles, profileOf, REGION_HOSTS, type Profile } from "./profiles.js";
import { runReport, type PollTiming } from "./reports.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";

const PLATFORM = "amazon-ads";
const PAGE_SIZE = 1000;

/** Reporting v3 accepts at most 31 days per report (report-types overview: "maximum date range"). */
const DAYS_PER_REPORT = 31;

const CATALOGUE = mappedCatalogue(PLATFORM, AMAZON_FIELDS, AMAZON_REPORTS, DEFAULT_REPORT, AMAZON_CONFIG_FIELDS);

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
  async function* read(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
    const { report: reportId, declared } = resolveReportRequest(CATALOGUE, req);
    const report = AMAZON_REPORTS.find((r) => r.id === reportId)!;
    const catalogue = AMAZON_FIELDS[reportId];
    if (req.granularity === "hour") {
      throw new InvalidRequestError("Amazon Ads reports have no hourly breakdown (hourly data is only in Amazon Marketing Stream). Read by day.");
    }
    const range = assertDateRange(req.range);
    // Every column is requested: the rows are rolled up to the asked dimensions here, so that an
    // account-level read sums its campaigns.
    const columns = [...new Set(catalogue.flatMap((f) => (f.column ? [f.column] : [])))];
    const clientId = clientIdOf(ctx.app);
    for (const account of req.accounts) {
      const profile: Profile = await profileOf(ctx, account.id);
      for (const slice of splitDateRange(range, DAYS_PER_REPORT)) {
        const records = await runReport(ctx, { profile, clientId, report, columns, range: slice }, options.poll);
        const aggregator = aggregatorForRead(declared, req, {
          ctr: (g) => (Number(g.impressions) ? round(Number(g.clicks) / Number(g.impressions), 6) : 0),
          average_cpc: (g) => (Number(g.clicks) ? round(Number(g.cost) / Number(g.clicks), 4) : 0),
        });
        for (const record of records) {
          const row: Row = { account_id: profile.id, account_name: profile.name };
          for (const field of catalogue) {
            if (!field.column) continue;
            const value = record[field.column];
            row[field.def.id] = field.def.type === "metric" ? Number(value ?? 0) : value === null || value === undefined ? null : String(value);
          }
          aggregator.add(row);
        }
        let page: Row[] = [];
        for (const row of aggregator.rows()) {
          page.push(row);
          if (page.length >= PAGE_SIZE) {
            yield { rows: page };
            page = [];
          }
        }
        if (page.length > 0) yield { rows: page };
      }
    }
  }

  return {
    id: PLATFORM,
    authMethod: "oauth2",
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

    authorize(request, credential, app) {
      setOAuth2Bearer(request, credential, PLATFORM, "Amazon Ads");
      request.headers["amazon-advertising-api-clientid"] = clientIdOf(app);
    },
    classifyError: classifyAmazonError,

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
    ...catalogueMethods(CATALOGUE),
    read,
  };
}

export const amazonAdsConnector = createAmazonAdsConnector();
