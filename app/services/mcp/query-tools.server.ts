// run_query: rows of the company's accounts through the query URL's own path (previewQuery ->
// answerQueryUrl: the same validation, account resolution inside the company, billing gate,
// connection logs and usage counting as GET /api/request), capped at max_rows with the cut said
// plainly. Totals are given for metrics that add up (SUM), and for money only within one currency.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { revealApiKey } from "../../../db/repositories/companies.js";
import { listDataSources } from "../../../db/repositories/data-sources.js";
import { listNetworkAuthorizations } from "../../../db/repositories/network-authorizations.js";
import { blendablePlatforms, BLENDED_PLATFORM, DATE_PRESETS, FILTER_TYPES } from "../../../engine/index.js";
import { validateDefinition, type QueryDefinitionJson } from "~/utils/query-url";
import { emptyState, loadBuilder, previewQuery } from "../query-builder.server.js";
import { addTool, idArg, ToolRefusal, type McpContext } from "./calls.server.js";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELD_ID = z.string().trim().min(1).max(120);
export const MAX_QUERY_ROWS = 1000;

const input = {
  account_ids: z.array(idArg("An account id from list_accounts.")).min(1).max(50).describe("Accounts to read: all of one platform, or ads accounts of several platforms with cross_platform."),
  cross_platform: z
    .boolean()
    .default(false)
    .describe("Read ads accounts of one or several platforms through the normalized ads schema (spend, impressions, clicks, conversions, conversion_value, video_views, reach; date, platform, account_name, campaign_name, ...), money also converted to the company's reporting currency."),
  metrics: z.array(FIELD_ID).max(50).default([]).describe("Metric ids from list_fields, e.g. clicks, cost."),
  dimensions: z.array(FIELD_ID).max(20).default([]).describe("Dimension ids from list_fields, e.g. date, campaign_name. None: one row per account."),
  date_range: z.enum(DATE_PRESETS).default("LAST_7_DAYS").describe("A preset, resolved in each account's timezone; CUSTOM takes start_date and end_date, SINCE takes since."),
  start_date: z.string().regex(DAY, "Use YYYY-MM-DD").optional(),
  end_date: z.string().regex(DAY, "Use YYYY-MM-DD").optional(),
  since: z.string().regex(DAY, "Use YYYY-MM-DD").optional(),
  filters: z
    .array(z.object({ field: FIELD_ID, type: z.enum(FILTER_TYPES), value: z.union([z.string().max(1000), z.number()]).optional() }))
    .max(20)
    .default([])
    .describe("Row filters; every filter but is_not_empty needs a value."),
  report: z.string().trim().max(120).optional().describe("A report id from list_reports; the platform's default when absent."),
  options: z.record(z.string().max(60), z.union([z.string().max(500), z.array(z.string().max(500)).max(50)])).optional().describe("Other query options from list_reports."),
  max_rows: z.number().int().min(1).max(MAX_QUERY_ROWS).default(100).describe(`Rows to return (at most ${MAX_QUERY_ROWS}); the answer says when there were more.`),
};

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const formatNumber = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** The accounts named, all the company's and of one platform (or ads platforms, read normalized), as the query URL takes them. */
async function resolveAccounts(ctx: McpContext, ids: number[], crossPlatform: boolean) {
  const companyId = ctx.principal.company.id;
  const [accounts, sources] = await Promise.all([listDataSources(ctx.db, companyId), listNetworkAuthorizations(ctx.db, companyId)]);
  const unique = [...new Set(ids)];
  const found = unique.map((id) => accounts.find((a) => a.id === id));
  const missing = unique.filter((_, i) => !found[i]);
  if (missing.length) throw new ToolRefusal(`Account ${missing.join(", ")} is not an activated account of your company. Call list_accounts to see their ids.`);
  const chosen = found.map((a) => ({ account: a!, source: sources.find((s) => s.id === a!.networkAuthorizationId)! }));
  const platforms = [...new Set(chosen.map((c) => c.source.platform))];
  if (crossPlatform) {
    const ads = new Set(blendablePlatforms());
    const others = platforms.filter((p) => !ads.has(p));
    if (others.length) throw new ToolRefusal(`cross_platform reads ads platforms only; ${others.join(" and ")} ${others.length > 1 ? "are" : "is"} not one. Leave those accounts out or query them without cross_platform.`);
    return { platform: BLENDED_PLATFORM, chosen };
  }
  if (platforms.length > 1) throw new ToolRefusal(`One query reads one platform; these accounts are on ${platforms.join(" and ")}. Query each platform separately, or pass cross_platform: true to read ads accounts in the normalized ads schema.`);
  return { platform: platforms[0], chosen };
}

export function registerQueryTools(server: McpServer, ctx: McpContext): void {
  addTool(server, ctx, {
    name: "run_query",
    title: "Run a query",
    description:
      "Reads marketing data of the company's accounts (the same engine, billing rules and usage counting as query URLs). Give accounts, metrics and/or dimensions and a date range. Returns rows (capped at max_rows, with truncation said) and totals of the metrics that add up.",
    input,
    async run(args, ctx) {
      const { platform, chosen } = await resolveAccounts(ctx, args.account_ids, args.cross_platform);
      const blended = platform === BLENDED_PLATFORM;
      const definition: QueryDefinitionJson = {
        format: "json",
        source: platform,
        ...(blended ? {} : { source_id: chosen[0].source.id }),
        accounts: chosen.map((c) => ({ id: c.account.accountId, authorization_id: c.source.id })),
        metrics: args.metrics,
        dimensions: args.dimensions,
        date: args.date_range,
        since: args.date_range === "SINCE" ? (args.since ?? null) : null,
        custom_date: args.date_range === "CUSTOM" ? { start: args.start_date ?? null, end: args.end_date ?? null } : null,
        filters: args.filters.map((f) => (f.value === undefined ? { field: f.field, type: f.type } : { field: f.field, type: f.type, value: String(f.value) })),
        options: { ...(args.options ?? {}), ...(args.report ? { report: args.report } : {}) },
      };
      const problems = Object.entries(validateDefinition(definition));
      if (problems.length) throw new ToolRefusal(problems.map(([field, message]) => `${field}: ${message}`).join(" "));
      const company = ctx.principal.company;
      const result = await previewQuery(ctx.db, revealApiKey(company), ctx.origin, definition, args.max_rows + 1);
      if (result.kind === "error") throw new ToolRefusal(`The query was refused (${result.type}): ${result.message}`);
      const truncated = result.rows.length > args.max_rows;
      const rows = truncated ? result.rows.slice(0, args.max_rows) : result.rows;

      // Totals: only over every row (not a cut), only of metrics that add up, money only in one currency.
      const currencies = [...new Set(chosen.map((c) => c.account.currency).filter((c): c is string => Boolean(c)))];
      let totals: Record<string, number> | null = null;
      const noTotal: string[] = [];
      const metricColumns = result.columns.filter((c) => c.type === "metric");
      if (!truncated && metricColumns.length) {
        const view = await loadBuilder(ctx.db, company, blended ? { ...emptyState(), blended: true } : { ...emptyState(), authorizationId: chosen[0].source.id, report: args.report ?? null });
        totals = {};
        for (const column of metricColumns) {
          const adds = view.metrics.find((m) => m.id === column.id)?.aggregation === "SUM";
          if (!adds || (column.fieldType === "CURRENCY" && currencies.length > 1)) {
            noTotal.push(column.id);
            continue;
          }
          totals[column.id] = round(rows.reduce((sum, r) => sum + (typeof r[column.id] === "number" ? (r[column.id] as number) : Number(r[column.id]) || 0), 0));
        }
      }
      const totalText = totals && Object.keys(totals).length ? ` Totals: ${Object.entries(totals).map(([k, v]) => `${k} ${formatNumber(v)}`).join(", ")}.` : "";
      const noTotalText = noTotal.length ? ` No total for ${noTotal.join(", ")} (${currencies.length > 1 ? "averages, ratios, or money in several currencies" : "averages or ratios"}).` : "";
      const cutText = truncated ? ` Only the first ${args.max_rows} rows are shown: there are more, so no totals. Use fewer dimensions, a shorter range, or filters.` : "";
      return {
        text: `${rows.length} row(s) for ${chosen.length} account(s), ${args.date_range}${args.date_range === "CUSTOM" ? ` ${args.start_date} to ${args.end_date}` : ""}.${totalText}${noTotalText}${cutText}`,
        data: {
          columns: result.columns.map((c) => ({ id: c.id, name: c.name, type: c.type ?? null })),
          rows,
          row_count: rows.length,
          truncated,
          totals,
          currencies,
        },
      };
    },
  });
}
