// Google Ads through the REST interface of the Google Ads API: GAQL reports streamed by
// googleAds:searchStream (https://developers.google.com/google-ads/api/rest/reference/rest/latest/customers.googleAds/searchStream),
// OAuth 2.0 with the developer-token header and login-customer-id for accounts under a manager
// (https://developers.google.com/google-ads/api/rest/auth).
import { z } from "zod";
import { assertDateRange, splitDateRange } from "../../core/dates.js";
import { ConnectorError } from "../../core/errors.js";
import { catalogueMethods, resolveReportRequest } from "../../core/report-request.js";
import type { PreparedRequest } from "../../core/http-types.js";
import type { AppCredentials, Connector, ConnectorContext, Credential, ReadRequest, RowPage } from "../../core/types.js";
import { listAccessibleCustomerIds, listHierarchy, loginCustomerIdFor } from "./accounts.js";
import { classifyGoogleAdsError } from "./errors.js";
import { DEFAULT_REPORT, GOOGLE_ADS_CONFIG_FIELDS, GOOGLE_ADS_FIELDS, GOOGLE_ADS_REPORTS, REPORT_RESOURCE } from "./fields.js";
import { buildQuery, toRow, type SearchStreamBatch } from "./gaql.js";
import { listGoogleAdsAdUrls, listGoogleAdsConversionTags, listGoogleAdsProducts } from "./checks.js";
import { mappedCatalogue, pickFields } from "../shared/mapped-catalogue.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";
import { googleOAuth2 } from "../shared/google-api.js";

const PLATFORM = "google-ads";

/** Versions live about a year (https://developers.google.com/google-ads/api/docs/sunset-dates). */
export const GOOGLE_ADS_API_VERSION = "v25";

/**
 * One searchStream call per account and slice: a day-level slice of 31 days or an hour-level
 * slice of 7 days keeps each streamed answer to a size we can hold while paging it out.
 */
const DAYS_PER_QUERY = { day: 31, hour: 7 } as const;

const batchesSchema = z.array(
  z.object({
    results: z.array(z.record(z.string(), z.any())).optional(),
    fieldMask: z.string().optional(),
    requestId: z.string().optional(),
  }),
);

const CATALOGUE = mappedCatalogue(PLATFORM, GOOGLE_ADS_FIELDS, GOOGLE_ADS_REPORTS, DEFAULT_REPORT, GOOGLE_ADS_CONFIG_FIELDS);

function developerToken(app: AppCredentials | undefined): string {
  const token = app?.extra?.developerToken;
  if (!token) {
    throw new ConnectorError({
      kind: "system",
      platform: PLATFORM,
      message: "The Google Ads developer token is not configured on this server (GOOGLE_ADS_DEVELOPER_TOKEN).",
    });
  }
  return token;
}

async function* readAccounts(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
  const { report } = resolveReportRequest(CATALOGUE, req);
  const range = assertDateRange(req.range);
  const hourly = req.granularity === "hour" || req.fields.includes("hour");
  const wanted = pickFields(GOOGLE_ADS_FIELDS[report], req.fields);
  // Hourly reads are segmented by day and hour even when those columns are not asked for, so
  // each row stays one hour of one day (the alerts' 4/8/12-hour windows sum them).
  const segments = hourly ? ["segments.date", "segments.hour"] : [];
  const columns = [...new Set([...wanted.map((f) => f.gaql), ...segments])];

  for (const account of req.accounts) {
    const customerId = account.id.replace(/-/g, "");
    const login = await loginCustomerIdFor(ctx, customerId);
    for (const slice of splitDateRange(range, DAYS_PER_QUERY[hourly ? "hour" : "day"])) {
      const batches: SearchStreamBatch[] = await ctx.http.json(
        {
          method: "POST",
          url: `/customers/${customerId}/googleAds:searchStream`,
          headers: { "login-customer-id": login },
          json: { query: buildQuery(REPORT_RESOURCE[report], columns, slice) },
          account: customerId,
        },
        batchesSchema,
      );
      for (const batch of batches) {
        const rows = (batch.results ?? []).map((result) => toRow(result, wanted));
        if (rows.length > 0) yield { rows };
      }
    }
  }
}

export const googleAdsConnector: Connector = {
  id: PLATFORM,
  authMethod: "oauth2",
  // segments.date and segments.hour are in the account's time zone, money in its currency
  // (https://developers.google.com/google-ads/api/docs/reporting/segmentation#date_segments).
  timezone: "account",
  currency: "account",
  // Conversions are reported on the day of the ad interaction, so they keep landing on past days
  // for the length of the conversion window, 30 days by default
  // (https://support.google.com/google-ads/answer/3123169); cost and clicks settle within ~3 days
  // of invalid-click adjustments. Re-reading 30 days keeps conversions right for default windows.
  restatementDays: 30,
  allowedHosts: ["googleads.googleapis.com", "oauth2.googleapis.com"],
  defaultBaseUrl: `https://googleads.googleapis.com/${GOOGLE_ADS_API_VERSION}`,
  supportsHourly: true,
  // Google Ads meters requests per developer token and per customer; 4 parallel streams per
  // customer stays well inside the documented QPS (https://developers.google.com/google-ads/api/docs/best-practices/quotas).
  rateLimit: { maxConcurrent: 4, minTimeMs: 100 },
  oauth2: googleOAuth2(["https://www.googleapis.com/auth/adwords"]),

  authorize(request: PreparedRequest, credential: Credential, app: AppCredentials | undefined) {
    setOAuth2Bearer(request, credential, PLATFORM, "Google Ads");
    request.headers["developer-token"] = developerToken(app);
  },
  classifyError: classifyGoogleAdsError,

  async check(ctx) {
    const ids = await listAccessibleCustomerIds(ctx);
    if (ids.length === 0) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The connected Google login has no Google Ads account. Reconnect with a login that can open Google Ads." });
    }
    return { ok: true, identity: `${ids.length} accessible Google Ads customer${ids.length > 1 ? "s" : ""}` };
  },
  async listAccounts(ctx) {
    return (await listHierarchy(ctx)).map(({ id, name, timezone, currency, status }) => ({ id, name, timezone, currency, status }));
  },
  ...catalogueMethods(CATALOGUE),
  read(ctx, req) {
    return readAccounts(ctx, req);
  },
  // Automatic checks (issue 7): ad final URLs and conversion actions; no domain verification exists.
  listAdUrls: (ctx, account) => listGoogleAdsAdUrls(ctx, account),
  listConversionTags: (ctx, account) => listGoogleAdsConversionTags(ctx, account),
  // Shopping products and their availability (product_available, decision 0515).
  listProducts: (ctx, account) => listGoogleAdsProducts(ctx, account),
};
