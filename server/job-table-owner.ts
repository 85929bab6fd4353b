// One table, one owner (decision 0820): the other jobs of a company that load the table a job
// names, as the destination resolves names (engine/destinations table-identity). The job wizard
// and the edit screen refuse such a name; a run whose table another job owns refuses to load. A
// load replaces its (account, days) scope, so two jobs on one table would delete each other's rows.
import type { DB } from "../db/connection.js";
import { listJobTables, type JobTableRow } from "../db/repositories/data-streams.js";
import { listDestinations, readDestinationConfig } from "../db/repositories/destinations.js";
import type { Destination } from "../db/tables/data-streams.js";
import { tableTarget, targetsOverlap, type TableTarget } from "../engine/index.js";

export type TableUser = Pick<JobTableRow, "jobId" | "jobName" | "datastreamId" | "datastreamName" | "tableName"> & {
  /** Holds the database's claim on its table (decision 0820): created through the checks, not left over from before them. */
  claimed: boolean;
};

const claims = (row: Pick<JobTableRow, "tableName" | "claimedKey">) => row.claimedKey !== null && row.claimedKey === row.tableName.trim().toLowerCase();

function targetOf(destination: Destination, name: string): TableTarget {
  let config: Record<string, string>;
  try {
    config = readDestinationConfig(destination);
  } catch {
    // Settings we cannot read (a retired encryption key) still name one place: this row.
    return { ...tableTarget(destination.type, {}, name), place: `destination:${destination.id}` };
  }
  return tableTarget(destination.type, config, name);
}

/** The company's other jobs whose table is the one `tableName` names on that destination. */
export async function jobsSharingTable(db: DB, companyId: number, target: { destinationId: number; tableName: string; jobId?: number }): Promise<TableUser[]> {
  const destinations = new Map((await listDestinations(db, companyId)).map((d) => [d.id, d]));
  const mine = destinations.get(target.destinationId);
  if (!mine) return [];
  const wanted = targetOf(mine, target.tableName);
  const users: TableUser[] = [];
  for (const row of await listJobTables(db, companyId)) {
    if (row.jobId === target.jobId) continue;
    const destination = destinations.get(row.destinationId);
    if (!destination || destination.type !== mine.type) continue;
    if (targetsOverlap(wanted, targetOf(destination, row.tableName)))
      users.push({ jobId: row.jobId, jobName: row.jobName, datastreamId: row.datastreamId, datastreamName: row.datastreamName, tableName: row.tableName, claimed: claims(row) });
  }
  return users;
}

/** The field error of a table name another job already loads, or undefined. */
export async function tableTakenProblem(db: DB, companyId: number, target: { destinationId: number; tableName: string; jobId?: number }): Promise<string | undefined> {
  const [other] = await jobsSharingTable(db, companyId, target);
  if (!other) return undefined;
  return `The job "${other.jobName}" (data stream "${other.datastreamName}") already loads the table "${other.tableName}" on this destination. Each run replaces its rows there, so two jobs cannot share a table: choose another name.`;
}

/**
 * Why this job must not load its table now, or undefined when it owns it. Of the jobs sharing a
 * table (only left over from before the checks, or after a destination's settings changed), the one
 * holding the database's claim owns it, else the oldest; the others fail with this message and
 * touch nothing.
 */
export async function tableOwnershipProblem(db: DB, companyId: number, job: { id: number; tableName: string; destinationId: number }): Promise<string | undefined> {
  const others = await jobsSharingTable(db, companyId, { destinationId: job.destinationId, tableName: job.tableName, jobId: job.id });
  if (others.length === 0) return undefined;
  const mine = (await listJobTables(db, companyId)).find((r) => r.jobId === job.id);
  const contenders = [{ jobId: job.id, claimed: mine ? claims(mine) : false }, ...others];
  contenders.sort((a, b) => Number(b.claimed) - Number(a.claimed) || a.jobId - b.jobId);
  const owner = others.find((o) => o.jobId === contenders[0]!.jobId);
  if (!owner) return undefined;
  return `The job "${owner.jobName}" (data stream "${owner.datastreamName}") also loads the table "${owner.tableName}" and owns it: this job loaded nothing, so that neither job replaces the other's rows. Give this job another table name.`;
}
