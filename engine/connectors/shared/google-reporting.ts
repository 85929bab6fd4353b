// Google's tabular reporting APIs outside advertising (Search Console searchAnalytics.query,
// YouTube Analytics reports.query) share one shape: the caller names dimensions and metrics, the
// API aggregates and answers rows of those columns, page by page. A platform says how to fetch one
// page (rows keyed by API column name) and how to list its accounts; this module owns the catalogue,
// the request checks, the column selection and the mapping of cells to fields.
import { assertDateRange } from "../../core/dates.js";
import { InvalidRequestError } from "../../core/errors.js";
import { catalogueMethods, resolveReportRequest } from "../../core/report-request.js";
import { reportConfigField } from "../../core/field-defs.js";
import type { Account, CellValue, Connector, ConnectorContext, DateRange, FieldDef, ReadRequest, Row, RowPage } from "../../core/types.js";
import { googleErrors } from "./google-family.js";
import { googleOAuth2 } from "./google-api.js";

export interface ApiField {
  def: FieldDef;
  /** The API's column name; "" for fields the connector fills itself (the account). */
  api: string;
  /** Turns the API's cell into the field's value (dates, ratios). */
  parse?(value: unknown): CellValue;
}

export interface ReportPageQuery {
  account: Account;
  range: DateRange;
  /** API dimension and metric names, in request order. */
  dimensions: string[];
  metrics: string[];
  report: string;
  req: ReadRequest;
}

export interface GoogleReportingSpec {
  id: string;
  displayName: string;
  scopes: string[];
  reports: { id: string; name: string; description: string }[];
  /** One list for every report, or a list per report id. */
  fields: ApiField[] | Record<string, ApiField[]>;
  /** Fields filled from the account rather than the API. */
  accountField?: string;
  reportHelp?: string;
  /** Pages of rows keyed by API column name. */
  pages(ctx: ConnectorContext, q: ReportPageQuery): AsyncIterable<Record<string, unknown>[]>;
  /** API metrics always asked for when the request names none (the APIs refuse an empty list). */
  defaultMetrics?: string[];
  listAccounts(ctx: ConnectorContext): Promise<Account[]>;
  connector: Omit<Connector, "id" | "authMethod" | "oauth2" | "classifyError" | "check" | "listAccounts" | "listReports" | "listConfigFields" | "listFields" | "read">;
}

export function googleReportingConnector(spec: GoogleReportingSpec): Connector {
  const fieldsOf = (report: string): ApiField[] => (Array.isArray(spec.fields) ? spec.fields : spec.fields[report]);
  const catalogue = {
    platform: spec.id,
    defaultReport: spec.reports[0].id,
    fields: Object.fromEntries(spec.reports.map((r) => [r.id, fieldsOf(r.id).map((f) => f.def)])),
    reports: spec.reports,
    configFields: spec.reports.length > 1 ? [reportConfigField(spec.reports, spec.reports[0].id, spec.reportHelp)] : [],
  };

  async function* read(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
    const { report } = resolveReportRequest(catalogue, req);
    if (req.granularity === "hour") throw new InvalidRequestError(`${spec.displayName} reports by day, not by hour.`);
    const range = assertDateRange(req.range);
    const wanted = req.fields.map((id) => fieldsOf(report).find((f) => f.def.id === id)!);
    const dimensions = [...new Set(wanted.filter((f) => f.def.type === "dimension" && f.api).map((f) => f.api))];
    const asked = wanted.filter((f) => f.def.type === "metric").map((f) => f.api);
    const metrics = asked.length > 0 ? asked : (spec.defaultMetrics ?? []);
    for (const account of req.accounts) {
      for await (const items of spec.pages(ctx, { account, range, dimensions, metrics, report, req })) {
        const rows = items.map((item) => {
          const row: Row = {};
          for (const field of wanted) {
            if (field.def.id === spec.accountField) row[field.def.id] = account.id;
            else if (field.parse) row[field.def.id] = field.parse(item[field.api]);
            else row[field.def.id] = field.def.type === "metric" ? Number(item[field.api] ?? 0) : ((item[field.api] as CellValue) ?? null);
          }
          return row;
        });
        if (rows.length > 0) yield { rows };
      }
    }
  }

  return {
    ...spec.connector,
    id: spec.id,
    authMethod: "oauth2",
    oauth2: googleOAuth2(spec.scopes),
    classifyError: googleErrors(spec.id, spec.displayName),
    ...catalogueMethods(catalogue),
    async check(ctx) {
      const accounts = await spec.listAccounts(ctx);
      return { ok: true, identity: `${accounts.length} ${spec.displayName} account${accounts.length === 1 ? "" : "s"}` };
    },
    listAccounts: spec.listAccounts,
    read,
  };
}
