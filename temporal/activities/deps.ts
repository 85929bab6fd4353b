import type { DB } from "../../db/connection.js";

/**
 * What activities need from the outside world, built once by worker.ts (and by tests). Areas add
 * the dependencies they need here (e.g. the connector registry, a Slack client, a clock).
 */
export type ActivityDeps = {
  db: DB;
};
