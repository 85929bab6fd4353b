// The company's saved queries (the query builder's Saved tab) as MCP resources,
// signalpost://saved-queries/{id}: the definition, and the run_query arguments that run it
// (its accounts translated to the account ids the tools take). Never the API key of the query
// URL. Reads are rate-limited like tool calls; another company's id reads as not found.
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { listDataSources } from "../../../db/repositories/data-sources.js";
import { getSavedQuery, listSavedQueries } from "../../../db/repositories/saved-queries.js";
import type { SavedQuery } from "../../../db/tables/query-urls.js";
import { BLENDED_PLATFORM, isSensitiveName } from "../../../engine/index.js";
import { parseId } from "../../../lib/ids.js";
import type { QueryDefinitionJson } from "~/utils/query-url";
import { guarded, ToolRefusal, type McpContext } from "./calls.server.js";

const PREFIX = "signalpost://saved-queries/";
const uriOf = (id: number) => `${PREFIX}${id}`;

/** The saved definition as run_query arguments; accounts no longer activated are listed apart. */
async function asRunQueryArguments(ctx: McpContext, saved: SavedQuery) {
  const def = saved.json as Partial<QueryDefinitionJson>;
  const accounts = await listDataSources(ctx.db, ctx.principal.company.id);
  const refs = Array.isArray(def.accounts) ? def.accounts : [];
  const ids = refs.map((r) => accounts.find((a) => a.networkAuthorizationId === Number(r.authorization_id) && a.accountId === String(r.id))?.id);
  const options = { ...(def.options ?? {}) } as Record<string, string | string[]>;
  const report = typeof options.report === "string" ? options.report : undefined;
  delete options.report;
  return {
    run_query_arguments: {
      account_ids: ids.filter((id): id is number => id !== undefined),
      ...(def.source === BLENDED_PLATFORM ? { cross_platform: true } : {}),
      metrics: def.metrics ?? [],
      dimensions: def.dimensions ?? [],
      date_range: def.date || "LAST_7_DAYS",
      ...(def.date === "CUSTOM" ? { start_date: def.custom_date?.start ?? undefined, end_date: def.custom_date?.end ?? undefined } : {}),
      ...(def.date === "SINCE" && def.since ? { since: def.since } : {}),
      filters: def.filters ?? [],
      ...(report ? { report } : {}),
      ...(Object.keys(options).length ? { options } : {}),
    },
    accounts_no_longer_activated: refs.filter((_, i) => ids[i] === undefined).map((r) => ({ platform_account_id: String(r.id), source_id: Number(r.authorization_id) })),
  };
}

function failure(message: string): never {
  throw new McpError(ErrorCode.InvalidParams, message);
}

export function registerSavedQueryResources(server: McpServer, ctx: McpContext): void {
  const template = new ResourceTemplate(`${PREFIX}{id}`, {
    list: async () => {
      const outcome = await guarded(ctx, { tool: "resources/list", kind: "read", target: null }, () => listSavedQueries(ctx.db, ctx.principal.company.id));
      if (!outcome.ok) failure(outcome.message);
      return {
        resources: outcome.value.map((q) => ({
          uri: uriOf(q.id),
          name: q.name,
          title: q.name,
          description: `A saved query of the query builder (${String((q.json as Partial<QueryDefinitionJson>).source ?? "")}): read it for the run_query arguments that run it.`,
          mimeType: "application/json",
        })),
      };
    },
  });
  server.registerResource(
    "saved-query",
    template,
    { title: "Saved query", description: "A query saved in the query builder, with the run_query arguments that run it.", mimeType: "application/json" },
    async (uri, variables): Promise<ReadResourceResult> => {
      const id = parseId(Array.isArray(variables.id) ? variables.id[0] : variables.id);
      const outcome = await guarded(ctx, { tool: "resources/read", kind: "read", target: id ? `saved query ${id}` : null }, async () => {
        const saved = id ? await getSavedQuery(ctx.db, ctx.principal.company.id, id) : undefined;
        if (!saved) throw new ToolRefusal(`${uri.href} is not one of your company's saved queries. List the resources to see them.`);
        return { saved, args: await asRunQueryArguments(ctx, saved) };
      });
      if (!outcome.ok) failure(outcome.message);
      const { saved, args } = outcome.value;
      // The builder stores no key; a definition that carries one anyway (an import, an old row) does not pass it on.
      const definition = Object.fromEntries(Object.entries(saved.json).filter(([key]) => !isSensitiveName(key)));
      const body = { id: saved.id, name: saved.name, created_at: saved.createdAt.toISOString(), updated_at: saved.updatedAt.toISOString(), definition, ...args };
      return { contents: [{ uri: uriOf(saved.id), mimeType: "application/json", text: JSON.stringify(body) }] };
    },
  );
}
