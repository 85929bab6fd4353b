import { sql } from "kysely";
import type { DB } from "../connection.js";
import type { McpCallKind, McpCallOutcome } from "../tables/mcp.js";

/**
 * What MCP tokens did (decision 0910). A call is recorded before it runs and counted with its
 * grant's other calls, so parallel calls see each other and cannot slip past a limit together;
 * a call refused by a limit is marked `limited` and no longer counts (hammering does not extend
 * the wait). Reads are kept a day (they only feed the limits), actions stay as the audit trail.
 */

export type McpCallScope = { companyId: number; userId: number; grantId: number };
export type McpLimits = { callsPerMinute: number; actionsPerHour: number };
export type McpReservation = { ok: true; id: number } | { ok: false; scope: "calls" | "actions"; limit: number; retryAfterSeconds: number };

const MINUTE = 60;
const HOUR = 60 * 60;
const READS_KEPT = sql`interval '1 day'`;

async function windowCount(db: DB, grantId: number, seconds: number, kind?: McpCallKind): Promise<{ n: number; oldest: Date | null; now: Date }> {
  let q = db
    .selectFrom("mcpCalls")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("createdAt").as("oldest"), sql<Date>`now()`.as("now")])
    .where("grantId", "=", grantId)
    .where("outcome", "!=", "limited")
    .where("createdAt", ">", sql<Date>`now() - make_interval(secs => ${seconds})`);
  if (kind) q = q.where("kind", "=", kind);
  const row = await q.executeTakeFirstOrThrow();
  return { n: Number(row.n), oldest: row.oldest ? new Date(row.oldest as Date) : null, now: new Date(row.now) };
}

function retryAfter(count: { oldest: Date | null; now: Date }, seconds: number): number {
  if (!count.oldest) return seconds;
  return Math.max(1, Math.ceil((count.oldest.getTime() + seconds * 1000 - count.now.getTime()) / 1000));
}

export async function reserveMcpCall(db: DB, scope: McpCallScope, call: { tool: string; kind: McpCallKind; target: string | null }, limits: McpLimits): Promise<McpReservation> {
  await db.deleteFrom("mcpCalls").where("grantId", "=", scope.grantId).where("kind", "=", "read").where("createdAt", "<", sql<Date>`now() - ${READS_KEPT}`).execute();
  const { id } = await db
    .insertInto("mcpCalls")
    .values({ ...scope, tool: call.tool, kind: call.kind, target: call.target, detail: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const refuse = async (which: "calls" | "actions", limit: number, count: { oldest: Date | null; now: Date }, seconds: number): Promise<McpReservation> => {
    await db.updateTable("mcpCalls").set({ outcome: "limited", detail: `over ${limit} ${which === "calls" ? "calls a minute" : "actions an hour"}` }).where("id", "=", id).execute();
    return { ok: false, scope: which, limit, retryAfterSeconds: retryAfter(count, seconds) };
  };
  const calls = await windowCount(db, scope.grantId, MINUTE);
  if (calls.n > limits.callsPerMinute) return refuse("calls", limits.callsPerMinute, calls, MINUTE);
  if (call.kind === "action") {
    const actions = await windowCount(db, scope.grantId, HOUR, "action");
    if (actions.n > limits.actionsPerHour) return refuse("actions", limits.actionsPerHour, actions, HOUR);
  }
  return { ok: true, id };
}

export async function finishMcpCall(db: DB, id: number, outcome: Exclude<McpCallOutcome, "pending" | "limited">, detail: string | null): Promise<void> {
  await db.updateTable("mcpCalls").set({ outcome, detail: detail?.slice(0, 500) ?? null }).where("id", "=", id).execute();
}

export type McpActionRow = { id: number; tool: string; target: string | null; outcome: McpCallOutcome; detail: string | null; createdAt: Date; userEmail: string; clientName: string };

/** The company's recent MCP actions (run a job, snooze an alert...), newest first. */
export async function listRecentMcpActions(db: DB, companyId: number, limit = 20): Promise<McpActionRow[]> {
  return db
    .selectFrom("mcpCalls")
    .innerJoin("users", (j) => j.onRef("users.id", "=", "mcpCalls.userId").on("users.companyId", "=", companyId))
    .innerJoin("oauthGrants", (j) => j.onRef("oauthGrants.id", "=", "mcpCalls.grantId").on("oauthGrants.companyId", "=", companyId))
    .innerJoin("oauthClients", "oauthClients.id", "oauthGrants.clientId")
    .where("mcpCalls.companyId", "=", companyId)
    .where("mcpCalls.kind", "=", "action")
    .select(["mcpCalls.id", "mcpCalls.tool", "mcpCalls.target", "mcpCalls.outcome", "mcpCalls.detail", "mcpCalls.createdAt", "users.email as userEmail", "oauthClients.name as clientName"])
    .orderBy("mcpCalls.createdAt", "desc")
    .orderBy("mcpCalls.id", "desc")
    .limit(limit)
    .execute();
}
