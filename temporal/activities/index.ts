import { sql } from "kysely";
import type { DB } from "../../db/connection.js";
import type { HealthProbeResult } from "../shared.js";

/** What activities need from the outside world, injected by worker.ts (and by tests). */
export type ActivityDeps = {
  db: DB;
};

export function createActivities(deps: ActivityDeps) {
  return {
    /** Proves the worker can reach the database it serves; used by the health workflow. */
    async probeDatabase(): Promise<HealthProbeResult> {
      await sql`select 1`.execute(deps.db);
      return { database: "ok", checkedAt: new Date().toISOString(), workerPid: process.pid };
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
