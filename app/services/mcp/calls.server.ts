// Every MCP tool call and resource read goes through `guarded` (decision 0910): it is recorded
// against its token's grant before it runs, so the per-token limits (MCP_CALLS_PER_MINUTE, and
// MCP_ACTIONS_PER_HOUR for actions) count it; its outcome is written afterwards, and the actions'
// rows are the audit trail Settings → Connected apps shows. A refusal the model can correct (an id
// that is not the company's, a date in the past) comes back as a tool error in words; anything
// unexpected is logged redacted and answered with a reference only, never its message (which
// could carry SQL, hosts or a credential).
import { randomUUID } from "node:crypto";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ShapeOutput, ZodRawShapeCompat } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { DB } from "../../../db/connection.js";
import { z } from "zod";
import { finishMcpCall, reserveMcpCall, type McpReservation } from "../../../db/repositories/mcp-calls.js";
import type { McpCallKind } from "../../../db/tables/mcp.js";
import { redact } from "../../../engine/index.js";
import { getEnv } from "../../../lib/env.js";
import { MAX_ROW_ID } from "../../../lib/ids.js";
import type { TokenPrincipal } from "../oauth-provider.server.js";

/** Who is calling (one user of one company, through one grant) and from which public origin. */
export type McpContext = { db: DB; principal: TokenPrincipal; origin: string };

/** A refusal the model can act on: said to it as is, recorded as "refused". */
export class ToolRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolRefusal";
  }
}

/** A tool's answer: a short text for the conversation and the data as structured content. */
export type ToolAnswer = { text: string; data: Record<string, unknown>; detail?: string };

type Call = { tool: string; kind: McpCallKind; target: string | null };

/** An unexpected failure: logged redacted, answered with a reference only. */
function failure(tool: string, error: unknown): { reference: string; message: string } {
  const reference = randomUUID().slice(0, 8);
  console.error(`[mcp] ${tool} failed (reference ${reference}):`, redact(error instanceof Error ? (error.stack ?? error.message) : String(error)));
  return { reference, message: `Signalpost could not complete ${tool} (reference ${reference}). Try again later; if it keeps failing, give this reference to your administrator.` };
}

export async function guarded<T>(ctx: McpContext, call: Call, run: () => Promise<T>, detailOf: (value: T) => string | null = () => null): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  const { db, principal } = ctx;
  const env = getEnv();
  let reservation: McpReservation;
  try {
    reservation = await reserveMcpCall(
      db,
      { companyId: principal.company.id, userId: principal.user.id, grantId: principal.grantId },
      call,
      { callsPerMinute: env.MCP_CALLS_PER_MINUTE, actionsPerHour: env.MCP_ACTIONS_PER_HOUR },
    );
  } catch (error) {
    return { ok: false, message: failure(call.tool, error).message };
  }
  if (!reservation.ok) {
    const what = reservation.scope === "calls" ? `${reservation.limit} calls a minute` : `${reservation.limit} actions an hour`;
    return { ok: false, message: `Rate limit reached: this connection may make at most ${what}. Nothing was done; try again in ${reservation.retryAfterSeconds} seconds.` };
  }
  let result: { ok: true; value: T } | { ok: false; message: string };
  let settled: { outcome: "ok" | "refused" | "error"; detail: string | null };
  try {
    const value = await run();
    result = { ok: true, value };
    settled = { outcome: "ok", detail: detailOf(value) };
  } catch (error) {
    if (error instanceof ToolRefusal) {
      result = { ok: false, message: error.message };
      settled = { outcome: "refused", detail: error.message };
    } else {
      const failed = failure(call.tool, error);
      result = { ok: false, message: failed.message };
      settled = { outcome: "error", detail: `failed, reference ${failed.reference}` };
    }
  }
  // The answer stands even if its outcome cannot be written (the row stays "pending", which the audit shows).
  await finishMcpCall(db, reservation.id, settled.outcome, settled.detail).catch((error: unknown) => failure(`${call.tool} (recording its outcome)`, error));
  return result;
}

export function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * The short text first; then the same data as JSON text, which MCP asks of tools that return
 * structured content, for clients that only show text to the model.
 */
export function toolResult(answer: ToolAnswer): CallToolResult {
  return {
    content: [
      { type: "text", text: answer.text },
      { type: "text", text: JSON.stringify(answer.data) },
    ],
    structuredContent: answer.data,
  };
}

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export type ToolSpec<Shape extends ZodRawShapeCompat> = {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** Actions change something (run a job, snooze an alert): not read-only, audited, and limited per hour. */
  action?: { idempotent: boolean; target: (args: ShapeOutput<Shape>) => string };
  run: (args: ShapeOutput<Shape>, ctx: McpContext) => Promise<ToolAnswer>;
};

export function addTool<Shape extends ZodRawShapeCompat>(server: McpServer, ctx: McpContext, spec: ToolSpec<Shape>): void {
  const annotations: ToolAnnotations = spec.action
    ? { title: spec.title, readOnlyHint: false, destructiveHint: false, idempotentHint: spec.action.idempotent, openWorldHint: false }
    : { title: spec.title, ...READ_ONLY };
  server.registerTool(spec.name, { title: spec.title, description: spec.description, inputSchema: spec.input, annotations }, (async (args: ShapeOutput<Shape>) => {
    const call = { tool: spec.name, kind: spec.action ? ("action" as const) : ("read" as const), target: spec.action?.target(args) ?? null };
    const outcome = await guarded(ctx, call, () => spec.run(args, ctx), (answer) => answer.detail ?? null);
    return outcome.ok ? toolResult(outcome.value) : toolError(outcome.message);
  }) as never);
}

/** A row id argument (lib/ids.ts: larger ones name nothing, and must not reach a query). Tool arguments are JSON: a number, not coerced from text. */
export function idArg(description: string) {
  return z.number().int().positive().max(MAX_ROW_ID).describe(description);
}
