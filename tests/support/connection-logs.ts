// A query URL writes its connection logs (one per account) after its answer ends: tests wait for them.
import type { DB } from "../../db/connection.js";

/** The request's connection logs once at least `count` are written. */
export async function connectionLogsOf(db: DB, requestId: string, count = 1) {
  for (let i = 0; i < 100; i++) {
    const logs = await db.selectFrom("connectionLogs").selectAll().where("requestId", "=", requestId).execute();
    if (logs.length >= count) return logs;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not ${count} connection logs for ${requestId}`);
}
