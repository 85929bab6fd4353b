// Piwik PRO on the organization's own domain ({domain} from the form, e.g. acme.piwik.pro).
// Auth: client credentials exchanged at POST /auth/token (JSON body) for a 30-minute Bearer token
// (https://developers.piwik.pro/en/latest/platform/getting_started.html#authentication), renewed
// on a 401 by the shared session client. Sites: GET /api/apps/v2 (JSON:API, limit/offset,
// meta.total). Rows: POST /api/analytics/v1/query (https://developers.piwik.pro/en/latest/custom_reports/http_api/http_api.html):
// columns with transformations, answered as {data: [[cells]], meta: {columns, count}}, paged with offset/limit.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { assertDateRange } from "../../core/dates.js";
import { paginate } from "../../core/paginate.js";
import { catalogueMethods, resolveReportRequest } from "../../core/report-request.js";
import type { Account, Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { isTokenRefusal, sessionClient, tokenAnswer } from "../shared/ads-session.js";
import { customerBaseUrl, num, platformErrors, unexpectedPayload } from "../shared/records.js";

const PLATFORM = "piwik";

const session = sessionClient({
  platform: PLATFORM,
  async login(ctx) {
    const clientId = credentialOption(ctx.credential, "clientId");
    const clientSecret = credentialOption(ctx.credential, "clientSecret");
    if (!clientId || !clientSecret) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Piwik PRO needs the API client id and secret. Reconnect the source." });
    const body = await ctx.http.json({ method: "POST", url: "/auth/token", auth: false, json: { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret } }, tokenAnswer);
    if (!body.access_token) throw unexpectedPayload(ctx, PLATFORM, "the token request", body);
    return { token: body.access_token, expiresIn: body.expires_in == null ? undefined : Number(body.expires_in) };
  },
  headers: (token) => ({ authorization: `Bearer ${token}` }),
});

interface PiwikField {
  def: ReturnType<typeof dim>;
  column: { column_id: string; transformation_id?: string };
}
const d = (id: string, name: string, fieldType: Parameters<typeof dim>[2], description: string, column_id: string, transformation_id?: string): PiwikField => ({ def: dim(id, name, fieldType, description), column: { column_id, ...(transformation_id ? { transformation_id } : {}) } });
const m = (id: string, name: string, fieldType: Parameters<typeof metric>[2], aggregation: "SUM" | "AVG", description: string, column_id: string): PiwikField => ({ def: metric(id, name, fieldType, aggregation, description), column: { column_id } });

export const PIWIK_FIELDS: PiwikField[] = [
  d("date", "Date", "YEAR_MONTH_DAY", "Day in the site's timezone.", "timestamp", "to_date"),
  d("source_medium", "Source / medium", "TEXT", "Traffic source and medium of the session.", "source_medium"),
  d("channel", "Channel", "TEXT", "Channel type of the session.", "referrer_type"),
  d("device_type", "Device type", "TEXT", "Desktop, Smartphone, Tablet...", "device_type"),
  d("country", "Country", "COUNTRY_CODE", "Country of the visitor (ISO code).", "location_country_name"),
  m("sessions", "Sessions", "NUMBER", "SUM", "Sessions.", "sessions"),
  m("visitors", "Visitors", "NUMBER", "SUM", "Unique visitors, summed across rows.", "visitors"),
  m("page_views", "Page views", "NUMBER", "SUM", "Page views.", "page_views"),
  m("goal_conversions", "Goal conversions", "NUMBER", "SUM", "Goal conversions.", "goal_conversions"),
  m("bounce_rate", "Bounce rate", "PERCENT", "AVG", "Bounces divided by sessions (a ratio).", "bounce_rate"),
];

const catalogue = { platform: PLATFORM, defaultReport: "analytics", fields: { analytics: PIWIK_FIELDS.map((f) => f.def) }, reports: [{ id: "analytics", name: "Analytics", description: "Sessions and conversions by the chosen dimensions." }] };

/** A query answer: one array of cells per row, in the order of the columns asked. */
const queryAnswer = z.object({ data: z.array(z.array(z.union([z.string(), z.number(), z.null()]))).nullish(), meta: z.object({ count: z.number().nullish() }).nullish() });
const appsPage = z.object({
  data: z.array(z.object({ id: z.string(), attributes: z.object({ name: z.string().nullish(), timezone: z.string().nullish(), currency: z.string().nullish() }).nullish() })).nullish(),
  meta: z.object({ total: numberOrString.nullish() }).nullish(),
});

export function createPiwikConnector(opts: { pageSize?: number } = {}): Connector {
  const pageSize = opts.pageSize ?? 10_000;

  async function* read(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
    resolveReportRequest(catalogue, req);
    const range = assertDateRange(req.range);
    const wanted = req.fields.map((id) => PIWIK_FIELDS.find((f) => f.def.id === id)!);
    const columns = [...wanted.filter((f) => f.def.type === "dimension"), ...wanted.filter((f) => f.def.type === "metric")];
    if (!columns.some((f) => f.def.type === "metric")) columns.push(PIWIK_FIELDS.find((f) => f.def.id === "sessions")!);
    for (const account of req.accounts) {
      for await (const rows of paginate(
        async (offset: number = 0) => {
          const body = await session.json(
            ctx,
            {
              method: "POST",
              url: "/api/analytics/v1/query",
              account: account.id,
              json: { website_id: account.id, date_from: range.start, date_to: range.end, timezone: account.timezone, columns: columns.map((c) => c.column), order_by: [[0, "asc"]], offset, limit: pageSize, format: "json" },
            },
            queryAnswer,
          );
          const data = body.data ?? [];
          const count = body.meta?.count ?? undefined;
          return { items: data, next: data.length > 0 && (count === undefined ? data.length === pageSize : offset + data.length < count) ? offset + data.length : null };
        },
        { platform: PLATFORM },
      )) {
        yield {
          rows: rows.map((cells) => {
            const row: Row = {};
            for (const f of wanted) {
              const cell = cells[columns.indexOf(f)];
              row[f.def.id] = f.def.type === "metric" ? num(cell) : (cell ?? null);
            }
            return row;
          }),
        };
      }
    }
  }

  return {
    id: PLATFORM,
    authMethod: "api-key",
    // The session client adds the Bearer token; the stored client secret never goes on an API call.
    authorize: () => {},
    // Queries are asked in each site's own timezone (apps' timezone attribute).
    timezone: "account",
    currency: "account",
    // Sessions are processed in near real time but late hits and goal attribution keep landing for
    // a day (https://help.piwik.pro/support/reports/data-processing/): re-read 2 days.
    restatementDays: 2,
    allowedHosts: ["*.piwik.pro", "piwik.invalid"],
    defaultBaseUrl: "https://piwik.invalid",
    baseUrlFor: (credential) => customerBaseUrl(credentialOption(credential, "domain")),
    rateLimit: { maxConcurrent: 2 },
    // JSON:API {errors: [{status, title, detail}]}; the token endpoint answers {error, error_description}.
    classifyError: platformErrors({
      platform: PLATFORM,
      displayName: "Piwik PRO",
      message: (b) => b?.errors?.[0]?.detail ?? b?.errors?.[0]?.title ?? b?.error_description ?? (typeof b?.error === "string" ? b.error : undefined),
      isAuthError: (b) => isTokenRefusal(b),
      reconnect: "Check the API client id and secret (Menu > Profile > API credentials), then reconnect the source.",
    }),
    ...catalogueMethods(catalogue),
    async check(ctx) {
      const apps = await this.listAccounts(ctx);
      return { ok: true, identity: `${apps.length} Piwik PRO site${apps.length === 1 ? "" : "s"}` };
    },
    async listAccounts(ctx): Promise<Account[]> {
      const out: Account[] = [];
      for await (const apps of paginate(
        async (offset: number = 0) => {
          const body = await session.json(ctx, { url: "/api/apps/v2", query: { limit: 100, offset } }, appsPage);
          const data = body.data ?? [];
          return { items: data, next: data.length > 0 && offset + data.length < num(body.meta?.total) ? offset + data.length : null };
        },
        { platform: PLATFORM },
      )) {
        for (const a of apps) out.push({ id: a.id, name: a.attributes?.name ?? a.id, timezone: a.attributes?.timezone ?? "UTC", currency: a.attributes?.currency ?? "USD", status: "active" });
      }
      return out;
    },
    read,
  };
}

export const piwikConnector = createPiwikConnector();
