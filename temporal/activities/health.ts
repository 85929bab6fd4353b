import { sql } from "kysely";
import type { HealthProbeResult } from "../shared.js";
import type { ActivityDeps } from "./deps.js";

export function createHealthActivities(deps: ActivityDeps) {
  return {
    /** Proves the worker can reach the database it serves; used by the health workflow. */
    async probeDatabase(): Promise<HealthProbeResult> {
      await sql`select 1`.execute(deps.db);
      return { database: "ok", checkedAt: new Date().toISOString(), workerPid: process.pid };
    },
  };
}
