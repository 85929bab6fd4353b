// One MCP server per request, for one token's user and company (decision 0910: stateless
// Streamable HTTP, so any web process answers any request and nothing lives between them).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerAlertTools } from "./alert-tools.server.js";
import { registerCatalogueTools } from "./catalogue-tools.server.js";
import { registerQueryTools } from "./query-tools.server.js";
import { registerSavedQueryResources } from "./saved-query-resources.server.js";
import { registerStreamTools } from "./stream-tools.server.js";
import type { McpContext } from "./calls.server.js";

const INSTRUCTIONS = `Signalpost holds one company's marketing data (ads, analytics, shops) and watches it with alerts.
Start with list_accounts; ids it returns are what the other tools take. run_query reads data (list_fields says which metrics and dimensions exist).
list_alerts and explain_alert answer "which accounts are in anomaly, and why". run_job_now, snooze_alert and unsnooze_alert change things: call them only when the user asked for it or agreed.`;

export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer({ name: "signalpost", title: "Signalpost", version: "1.0.0" }, { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } });
  registerCatalogueTools(server, ctx);
  registerQueryTools(server, ctx);
  registerAlertTools(server, ctx);
  registerStreamTools(server, ctx);
  registerSavedQueryResources(server, ctx);
  return server;
}
