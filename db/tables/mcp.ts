import type { Generated } from "kysely";
import type { Timestamp } from "../schema.js";

/** Issue 21: what MCP tokens did (decision 0910). */
export type McpCallKind = "read" | "action";
/** pending: running (or cut off); limited: refused by a rate limit before it ran, and not counted. */
export type McpCallOutcome = "pending" | "ok" | "refused" | "error" | "limited";

export interface McpCallsTable {
  id: Generated<number>;
  companyId: number;
  userId: number;
  grantId: number;
  /** The tool's name, or "resource" for a resource read. */
  tool: string;
  kind: McpCallKind;
  /** What it was about, in words ("job 12", "alert 40"), never an argument value a tenant typed freely. */
  target: string | null;
  outcome: Generated<McpCallOutcome>;
  /** The answer in one line (an action's result, or why it was refused). */
  detail: string | null;
  createdAt: Timestamp;
}

export interface McpTables {
  mcpCalls: McpCallsTable;
}
