// Read-only tools about what the company can query: its sources and activated accounts, the
// platforms of the catalogue, and a source's reports and fields, as the query builder offers
// them (loadBuilder: the same connector, report defaults and extra account columns).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { listDataSources } from "../../../db/repositories/data-sources.js";
import { getNetworkAuthorization, listNetworkAuthorizations } from "../../../db/repositories/network-authorizations.js";
import { findPlatform, listPlatforms } from "../../../engine/index.js";
import { emptyState, loadBuilder, type BuilderView } from "../query-builder.server.js";
import { matchesSearch, type PickerField } from "~/utils/field-picker";
import { addTool, idArg, ToolRefusal, type McpContext } from "./calls.server.js";

const MAX_LISTED = 200;

/** The query builder's search (every word somewhere in the name, id, category or description). */
const matches = (search: string | undefined, field: PickerField) => !search || matchesSearch(field, search);

/** The company's source, or a refusal that tells the model where ids come from. */
export async function requireSource(ctx: McpContext, sourceId: number) {
  const source = await getNetworkAuthorization(ctx.db, ctx.principal.company.id, sourceId);
  if (!source) throw new ToolRefusal(`Source ${sourceId} is not one of your company's sources. Call list_accounts to see their ids.`);
  return source;
}

/** What the query builder offers for a source and report; a report the source does not have is refused. */
async function builderFor(ctx: McpContext, sourceId: number, report: string | undefined): Promise<BuilderView> {
  await requireSource(ctx, sourceId);
  const view = await loadBuilder(ctx.db, ctx.principal.company, { ...emptyState(), authorizationId: sourceId, report: report ?? null });
  if (view.platformError) throw new ToolRefusal(`This source cannot be read right now: ${view.platformError}`);
  if (report && view.reportField && view.state.report !== report) {
    throw new ToolRefusal(`Report "${report}" does not exist for this source. Reports: ${view.reportField.values.map((v) => v.value).join(", ")}.`);
  }
  return view;
}

export function registerCatalogueTools(server: McpServer, ctx: McpContext): void {
  addTool(server, ctx, {
    name: "list_accounts",
    title: "List sources and accounts",
    description:
      "Lists the company's data sources (connected ad, analytics or shop platforms) and their activated accounts. An account's `id` is what run_query, list_alerts and the other tools take.",
    input: {
      platform: z.string().trim().max(80).optional().describe("Only sources of this platform id (see list_platforms)."),
      search: z.string().trim().max(100).optional().describe("Only accounts whose name or platform id contains this text."),
    },
    async run({ platform, search }, { db, principal }) {
      const [sources, accounts] = await Promise.all([listNetworkAuthorizations(db, principal.company.id), listDataSources(db, principal.company.id)]);
      const listed = sources
        .filter((s) => !platform || s.platform === platform)
        .map((s) => ({
          source_id: s.id,
          name: s.name,
          platform: s.platform,
          platform_name: findPlatform(s.platform)?.displayName ?? s.platform,
          state: s.state,
          accounts: accounts
            .filter((a) => a.networkAuthorizationId === s.id && matches(search, { id: a.accountId, name: a.name, category: s.platform }))
            .map((a) => ({ id: a.id, platform_account_id: a.accountId, name: a.name, timezone: a.timezone, currency: a.currency, blocked: a.blockedAt !== null, alerts_enabled: Boolean(a.activateAlert) })),
        }))
        .filter((s) => !search || s.accounts.length > 0);
      const count = listed.reduce((n, s) => n + s.accounts.length, 0);
      const lines = listed.flatMap((s) => s.accounts.map((a) => `- ${a.name} (id ${a.id}, ${s.platform_name} source "${s.name}", ${a.currency ?? "no currency"})${a.blocked ? " [blocked]" : ""}`));
      return { text: `${listed.length} source(s), ${count} activated account(s).${lines.length ? `\n${lines.slice(0, 30).join("\n")}` : ""}`, data: { sources: listed } };
    },
  });

  addTool(server, ctx, {
    name: "list_platforms",
    title: "List platforms",
    description: "Searches the catalogue of platforms Signalpost reads (ads, analytics, shops, CRMs...), and says which ones the company has a source on.",
    input: {
      search: z.string().trim().max(100).optional().describe("Text to look for in the platform's id, name or description."),
      category: z.enum(["ADS", "PRODUCT_FEED", "SOCIAL", "ANALYTICS", "PAYMENT", "CRM", "E-COMMERCE", "EMAILING", "REVIEW", "STORE_APPLICATION"]).optional(),
    },
    async run({ search, category }, { db, principal }) {
      const connected = new Set((await listNetworkAuthorizations(db, principal.company.id)).map((s) => s.platform));
      const found = listPlatforms().filter((p) => (!category || p.category === category) && matches(search, { id: p.id, name: p.displayName, description: p.description, category: p.category }));
      const platforms = found.slice(0, MAX_LISTED).map((p) => ({ id: p.id, name: p.displayName, category: p.category, available: p.implemented, flag: p.flag ?? null, connected: connected.has(p.id) }));
      const more = found.length - platforms.length;
      return {
        text: `${found.length} platform(s)${more > 0 ? `, first ${platforms.length} shown (narrow the search)` : ""}: ${platforms.slice(0, 40).map((p) => `${p.name} (${p.id})${p.connected ? " [connected]" : ""}`).join(", ")}`,
        data: { platforms, total: found.length },
      };
    },
  });

  addTool(server, ctx, {
    name: "list_reports",
    title: "List a source's reports",
    description: "Lists the reports of a source's platform (for example campaigns, ad groups, keywords) and the other query options, as the query builder offers them.",
    input: { source_id: idArg("A source id from list_accounts.") },
    async run({ source_id }, ctx) {
      const view = await builderFor(ctx, source_id, undefined);
      const reports = (view.reportField?.values ?? []).map((v) => ({ id: v.value, name: v.label }));
      const options = view.optionFields.map((f) => ({ id: f.id, name: f.name, help: f.helpText, multiple: f.allowedMultiple, values: f.values.map((v) => v.value) }));
      return {
        text: reports.length ? `${reports.length} report(s): ${reports.map((r) => `${r.name} (${r.id})`).join(", ")}. Default: ${view.state.report}.` : "This platform has a single report: pass no report to run_query.",
        data: { reports, default_report: view.state.report, options },
      };
    },
  });

  addTool(server, ctx, {
    name: "list_fields",
    title: "List fields",
    description: "Lists the metrics and dimensions a source's report offers (the query builder's catalogue), searchable. Pass their ids to run_query.",
    input: {
      source_id: idArg("A source id from list_accounts."),
      report: z.string().trim().max(120).optional().describe("A report id from list_reports; the default report when absent."),
      search: z.string().trim().max(100).optional().describe("Text to look for in the field's id, name or description."),
      kind: z.enum(["metric", "dimension", "all"]).default("all"),
    },
    async run({ source_id, report, search, kind }, ctx) {
      const view = await builderFor(ctx, source_id, report);
      const pick = <T extends PickerField>(list: T[]) => list.filter((f) => matches(search, f));
      const described = (f: PickerField) => ({ id: f.id, name: f.name, description: f.description ?? "", category: f.category ?? null, ...(f.reason ? { refused_with_current_selection: f.reason } : {}) });
      const metrics = kind === "dimension" ? [] : pick(view.metrics).map((m) => ({ ...described(m), adds_up: m.aggregation === "SUM" }));
      const dimensions = kind === "metric" ? [] : pick(view.dimensions).map(described);
      const total = metrics.length + dimensions.length;
      const shownMetrics = metrics.slice(0, MAX_LISTED);
      const shownDimensions = dimensions.slice(0, Math.max(0, MAX_LISTED - shownMetrics.length));
      const cut = total - shownMetrics.length - shownDimensions.length;
      return {
        text: `Report ${view.state.report ?? "(single)"}: ${metrics.length} metric(s), ${dimensions.length} dimension(s)${cut > 0 ? `; ${cut} more not shown, narrow the search` : ""}. Metrics: ${shownMetrics.slice(0, 25).map((m) => m.id).join(", ")}. Dimensions: ${shownDimensions.slice(0, 25).map((d) => d.id).join(", ")}.`,
        data: { report: view.state.report, metrics: shownMetrics, dimensions: shownDimensions, not_shown: cut },
      };
    },
  });
}
