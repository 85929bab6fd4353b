// Piano Analytics (ex AT Internet) Data Query API v3: POST https://api.atinternet.io/v3/data/getData
// (https://developers.atinternet-solutions.com/piano-analytics/data-api/getting-started) with
// x-api-key: "{access key}_{secret key}". A query names columns (properties and m_ metrics), a
// space of site ids and a period, and is paged with max-results and page-num (1-based). Sites are
// the ids typed in the form (options.siteId): the API has no site listing for an API key.
import { z } from "zod";
import { credentialOptionList } from "../../core/credentials.js";
import { assertDateRange } from "../../core/dates.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import { catalogueMethods, resolveReportRequest } from "../../core/report-request.js";
import type { Account, Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { num, platformErrors } from "../shared/records.js";

const PLATFORM = "piano-analytics";

interface PianoField {
  def: ReturnType<typeof dim>;
  column: string;
}
const d = (id: string, name: string, fieldType: Parameters<typeof dim>[2], description: string, column: string): PianoField => ({ def: dim(id, name, fieldType, description), column });
const m = (id: string, name: string, fieldType: Parameters<typeof metric>[2], aggregation: "SUM" | "AVG", description: string, column: string): PianoField => ({ def: metric(id, name, fieldType, aggregation, description), column });

export const PIANO_FIELDS: PianoField[] = [
  d("date", "Date", "YEAR_MONTH_DAY", "Day in the site's timezone.", "date"),
  d("site_id", "Site ID", "TEXT", "The Piano Analytics site (level 1 site id).", ""),
  d("source", "Source", "TEXT", "Traffic source of the visit (src).", "src"),
  d("device_type", "Device type", "TEXT", "Desktop, Mobile Phone, Tablet...", "device_type"),
  d("country", "Country", "COUNTRY", "Country of the visitor.", "geo_country"),
  m("visits", "Visits", "NUMBER", "SUM", "Visits (m_visits).", "m_visits"),
  m("visitors", "Visitors", "NUMBER", "SUM", "Visitors (m_visitors), summed across rows.", "m_visitors"),
  m("page_loads", "Page loads", "NUMBER", "SUM", "Page loads (m_page_loads).", "m_page_loads"),
  m("bounce_rate", "Bounce rate", "PERCENT", "AVG", "Share of single-page visits (m_bounce_rate, a ratio).", "m_bounce_rate"),
];
const catalogue = { platform: PLATFORM, defaultReport: "traffic", fields: { traffic: PIANO_FIELDS.map((f) => f.def) }, reports: [{ id: "traffic", name: "Traffic", description: "Visits by the chosen properties." }] };

/** A getData page: one object per row, keyed by the columns asked. */
const dataPage = z.object({ DataFeed: z.object({ Rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).nullish() }).nullish() });

export function createPianoConnector(opts: { pageSize?: number } = {}): Connector {
  const pageSize = opts.pageSize ?? 10_000;

  async function* read(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
    resolveReportRequest(catalogue, req);
    const range = assertDateRange(req.range);
    const wanted = req.fields.map((id) => PIANO_FIELDS.find((f) => f.def.id === id)!);
    const props = wanted.filter((f) => f.def.type === "dimension" && f.column).map((f) => f.column);
    const metrics = wanted.filter((f) => f.def.type === "metric").map((f) => f.column);
    const columns = [...props, ...(metrics.length ? metrics : ["m_visits"])];
    for (const account of req.accounts) {
      for await (const items of paginate(
        async (page: number = 1) => {
          const body = await ctx.http.json({
            method: "POST",
            url: "/data/getData",
            account: account.id,
            json: {
              columns,
              sort: props.length ? props : [columns[0]],
              space: { s: [Number(account.id)] },
              period: { p1: [{ type: "D", start: range.start, end: range.end }] },
              "max-results": pageSize,
              "page-num": page,
            },
          }, dataPage);
          const rows = body.DataFeed?.Rows ?? [];
          return { items: rows, next: rows.length === pageSize ? page + 1 : null };
        },
        { platform: PLATFORM },
      )) {
        yield {
          rows: items.map((item) => {
            const row: Row = {};
            for (const f of wanted) {
              if (f.def.id === "site_id") row.site_id = account.id;
              else if (f.def.id === "date") row.date = typeof item.date === "string" ? item.date.slice(0, 10) : null;
              else row[f.def.id] = f.def.type === "metric" ? num(item[f.column]) : (item[f.column] ?? null);
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
    authorize(request, credential) {
      // "x-api-key: <access key>_<secret key>" (Data API authentication).
      if (credential.type === "api-key") request.headers["x-api-key"] = `${credential.key}_${credential.secret ?? ""}`;
    },
    // Days are the site's own timezone, which an API key cannot read: the engine keeps them as given.
    timezone: { fixed: "UTC" },
    currency: "none",
    // Visits are consolidated the next day (sessions spanning midnight, late hits); re-read 2 days
    // (https://support.piano.io/hc/en-us/articles/4466475519890, data processing).
    restatementDays: 2,
    allowedHosts: ["api.atinternet.io"],
    defaultBaseUrl: "https://api.atinternet.io/v3",
    // 5 requests a second and 1,000 an hour per key (Data API quotas).
    rateLimit: { maxConcurrent: 2, reservoir: { amount: 5, intervalMs: 1000 } },
    classifyError: platformErrors({
      platform: PLATFORM,
      displayName: "Piano Analytics",
      message: (b) => b?.ErrorMessage ?? b?.error?.message ?? b?.message,
      reconnect: "Create an API key in Piano Analytics (Profile > API keys) and reconnect with its access and secret keys.",
    }),
    ...catalogueMethods(catalogue),
    async check(ctx) {
      const [first] = await this.listAccounts(ctx);
      if (first) await ctx.http.json({ method: "POST", url: "/data/getRowCount", account: first.id, json: { columns: ["date"], space: { s: [Number(first.id)] }, period: { p1: [{ type: "R", granularity: "D", startOffset: -1, endOffset: -1 }] } } });
      return { ok: true, identity: first ? `site ${first.id}` : undefined };
    },
    async listAccounts(ctx): Promise<Account[]> {
      return credentialOptionList(ctx.credential, "siteId").map((id) => ({ id, name: `Site ${id}`, timezone: "UTC", currency: "USD", status: "active" }));
    },
    read,
  };
}

export const pianoAnalyticsConnector = createPianoConnector();
