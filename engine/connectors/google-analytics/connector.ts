// Google Analytics 4: properties through the Admin API, rows through the Data API's runReport
// (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport)
// paged with offset/limit, OAuth 2.0 with Google's token endpoint.
import { z } from "zod";
import { assertCompatible } from "../../core/compatibility.js";
import { assertDateRange } from "../../core/dates.js";
import { ConnectorError, InvalidRequestError, UnknownFieldError } from "../../core/errors.js";
import { nextOffset } from "../../core/paginate.js";
import type { Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { googleOAuth2 } from "../shared/google-api.js";
import { classifyGa4Error } from "./errors.js";
import { GA4_FIELDS, MAX_DIMENSIONS, MAX_METRICS } from "./fields.js";
import { checkCompatibility, propertyFields, type Ga4Field } from "./metadata.js";
import { listProperties, listPropertySummaries } from "./properties.js";
import { apiUrl, GA4_HOSTS } from "./urls.js";

const PLATFORM = "google-analytics";

const reportSchema = z.object({
  dimensionHeaders: z.array(z.object({ name: z.string() })).optional(),
  metricHeaders: z.array(z.object({ name: z.string(), type: z.string().optional() })).optional(),
  rows: z.array(z.object({ dimensionValues: z.array(z.object({ value: z.string().optional() })).optional(), metricValues: z.array(z.object({ value: z.string().optional() })).optional() })).optional(),
  rowCount: z.number().optional(),
  metadata: z.object({ samplingMetadatas: z.array(z.unknown()).optional(), dataLossFromOtherRow: z.boolean().optional() }).passthrough().optional(),
  propertyQuota: z.record(z.string(), z.unknown()).optional(),
});

/** GA4 writes dates as YYYYMMDD and hours as "00".."23". */
function dimensionValue(field: Ga4Field, value: string | undefined): Row[string] {
  if (value === undefined) return null;
  if (field.def.id === "date") return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  if (field.def.id === "hour") return Number(value);
  return value;
}

export interface Ga4ConnectorOptions {
  /** Rows per runReport page; the API allows up to 250,000 and defaults to 10,000. */
  pageSize?: number;
}

export function createGa4Connector(options: Ga4ConnectorOptions = {}): Connector {
  const pageSize = options.pageSize ?? 10_000;

  async function* read(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
    const range = assertDateRange(req.range);
    const hourly = req.granularity === "hour" || req.fields.includes("hour");
    for (const account of req.accounts) {
      // Each property has its own fields (custom dimensions and metrics): resolved against its metadata.
      const known = await propertyFields(ctx, account.id);
      const byId = new Map(known.map((f) => [f.def.id, f]));
      const unknown = req.fields.filter((id) => !byId.has(id));
      if (unknown.length > 0) throw new UnknownFieldError(PLATFORM, unknown);
      const wanted = req.fields.map((id) => byId.get(id)!);
      const implicit = hourly ? ["date", "hour"].map((id) => byId.get(id)).filter((f): f is Ga4Field => f !== undefined) : [];
      const apiDims = [...new Set([...implicit, ...wanted.filter((f) => f.def.type === "dimension" && f.api)].map((f) => f.api))];
      const apiMetrics = wanted.filter((f) => f.def.type === "metric").map((f) => f.api);
      if (apiDims.length > MAX_DIMENSIONS || apiMetrics.length > MAX_METRICS) {
        throw new InvalidRequestError(`Google Analytics answers at most ${MAX_DIMENSIONS} dimensions and ${MAX_METRICS} metrics per request; this one asks ${apiDims.length} and ${apiMetrics.length}.`);
      }
      if (apiMetrics.length === 0 && apiDims.length === 0) throw new InvalidRequestError("Ask for at least one Google Analytics dimension or metric.");
      // The property's own compatibility answer, before the report request (a 400 naming the fields).
      const selected = [...new Set([...wanted, ...implicit])];
      assertCompatible(PLATFORM, selected.map((f) => f.def.id), await checkCompatibility(ctx, account.id, known, selected));

      let offset: number | undefined = 0;
      while (offset !== undefined) {
        const report = await ctx.http.json(
          {
            method: "POST",
            url: apiUrl(ctx, "data", `/properties/${account.id}:runReport`),
            json: {
              dateRanges: [{ startDate: range.start, endDate: range.end }],
              dimensions: apiDims.map((name) => ({ name })),
              metrics: apiMetrics.map((name) => ({ name })),
              // Offset paging needs a stable order across pages.
              orderBys: apiDims.map((name) => ({ dimension: { dimensionName: name } })),
              offset,
              limit: pageSize,
              returnPropertyQuota: true,
            },
            account: account.id,
          },
          reportSchema,
        );
        if (report.metadata?.samplingMetadatas?.length) ctx.log?.warn("google-analytics: the report is sampled", { property: account.id });
        const dimNames = (report.dimensionHeaders ?? []).map((h) => h.name);
        const metricNames = (report.metricHeaders ?? []).map((h) => h.name);
        const rows = (report.rows ?? []).map((r) => {
          const row: Row = {};
          for (const field of wanted) {
            if (field.def.id === "property_id") row[field.def.id] = account.id;
            else if (field.def.type === "dimension") row[field.def.id] = dimensionValue(field, r.dimensionValues?.[dimNames.indexOf(field.api)]?.value);
            else {
              // A metric the answer does not carry is unknown, not zero.
              const index = metricNames.indexOf(field.api);
              const value = index < 0 ? undefined : r.metricValues?.[index]?.value;
              row[field.def.id] = value === undefined || value === "" ? null : Number(value);
            }
          }
          return row;
        });
        if (rows.length > 0) yield { rows };
        offset = nextOffset(offset, report.rows?.length ?? 0, pageSize, report.rowCount);
      }
    }
  }

  return {
    id: PLATFORM,
    authMethod: "oauth2",
    // Dates and hours are the property's reporting time zone, revenue its currency (properties.timeZone / currencyCode).
    timezone: "account",
    currency: "account",
    // GA4 processes data for 24-48 hours before it is final, longer for large properties
    // (https://support.google.com/analytics/answer/11198161): re-read the last 3 days.
    restatementDays: 3,
    allowedHosts: ["analyticsdata.googleapis.com", "analyticsadmin.googleapis.com", "oauth2.googleapis.com"],
    defaultBaseUrl: GA4_HOSTS.data,
    supportsHourly: true,
    // Property quotas allow 10 concurrent requests (standard properties); stay well under.
    rateLimit: { maxConcurrent: 3 },
    oauth2: googleOAuth2(["https://www.googleapis.com/auth/analytics.readonly"]),
    classifyError: classifyGa4Error,

    async check(ctx) {
      const properties = await listPropertySummaries(ctx);
      if (properties.length === 0) {
        throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The connected Google login cannot see any GA4 property. Reconnect with a login that has access to one." });
      }
      return { ok: true, identity: `${properties.length} GA4 propert${properties.length > 1 ? "ies" : "y"}` };
    },
    listAccounts: listProperties,
    async listReports() {
      return [];
    },
    async listConfigFields() {
      return [];
    },
    // Without a credential, the fields every property has as we last knew them (GA4_FIELDS).
    async listFields(ctx, opts) {
      if (!ctx) return GA4_FIELDS.map((f) => f.def);
      return (await propertyFields(ctx, opts?.account ?? "0")).map((f) => f.def);
    },
    async incompatibleFields(ctx, { account, selected }) {
      if (!ctx) return [];
      const property = account ?? "0";
      const known = await propertyFields(ctx, property);
      const byId = new Map(known.map((f) => [f.def.id, f]));
      return checkCompatibility(ctx, property, known, selected.map((id) => byId.get(id)).filter((f): f is Ga4Field => f !== undefined));
    },
    read,
  };
}

export const googleAnalyticsConnector = createGa4Connector();
