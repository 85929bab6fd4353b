import { executeWorkflow, getTemporalClient } from "../../temporal/client.js";
import type { HealthProbeResult } from "../../temporal/shared.js";

export type TemporalHealth = { ok: true; namespace: string; worker?: HealthProbeResult } | { ok: false; error: string };

/**
 * Temporal is reachable when the frontend answers; with runWorkflow the check also proves a
 * worker is polling and can reach the database, by running the healthProbe workflow.
 */
export async function checkTemporal(opts: { runWorkflow: boolean }): Promise<TemporalHealth> {
  try {
    const client = await getTemporalClient();
    const namespace = client.options.namespace;
    await client.workflowService.describeNamespace({ namespace });
    if (!opts.runWorkflow) return { ok: true, namespace };
    const worker = await executeWorkflow(client, "healthProbe", {
      workflowId: `health-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      args: [{ requestedAt: new Date().toISOString() }],
      workflowExecutionTimeout: "20 seconds",
    });
    return { ok: true, namespace, worker };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
