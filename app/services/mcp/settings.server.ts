// What Settings → Connected apps shows about the MCP server (decision 0910): the address to give
// an assistant, and the actions assistants took for the company (the audit of mcp_calls).
import type { DB } from "../../../db/connection.js";
import { listRecentMcpActions } from "../../../db/repositories/mcp-calls.js";
import { mcpResourceUrl } from "../oauth-metadata.server.js";

const TOOL_LABELS: Record<string, string> = { run_job_now: "Run a job now", snooze_alert: "Snooze an alert", unsnooze_alert: "Un-snooze an alert" };
const OUTCOME_LABELS = { ok: "Done", refused: "Refused", error: "Failed", limited: "Over the limit, not done", pending: "Did not finish" } as const;

export async function mcpSettings(db: DB, companyId: number, requestOrigin: string) {
  const actions = await listRecentMcpActions(db, companyId, 20);
  return {
    endpoint: mcpResourceUrl(requestOrigin),
    actions: actions.map((a) => ({
      id: a.id,
      at: a.createdAt.toISOString(),
      app: a.clientName,
      by: a.userEmail,
      action: TOOL_LABELS[a.tool] ?? a.tool,
      what: a.outcome === "ok" ? (a.detail ?? a.target ?? "") : (a.target ?? ""),
      outcome: OUTCOME_LABELS[a.outcome],
      reason: a.outcome === "ok" ? null : a.detail,
    })),
  };
}
