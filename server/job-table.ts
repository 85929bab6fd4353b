// The destination table of a data-stream job: its output columns (renamed fields with the
// connector's field types) and partition columns. One function for the run (temporal activity,
// before each load) and for the job edit screen (prepare on save, so added fields add columns
// before the next run), so both always describe the same table.
import type { DatastreamJob } from "../db/tables/data-streams.js";
import { type FieldDef, describeTable, DestinationError, type LoadTable } from "../engine/index.js";

export type JobTableShape = Pick<DatastreamJob, "fields" | "partitionFieldId" | "tableName" | "dataType">;

/** The job's report option (stored as a string or a one-element list). */
export function jobReport(job: Pick<DatastreamJob, "options">): string | undefined {
  const report = job.options.report;
  return Array.isArray(report) ? report[0] : report;
}

/** Throws a config DestinationError when the connector no longer offers one of the job's fields. */
export function jobLoadTable(job: JobTableShape, defs: FieldDef[], ctx: { destinationType: string; platform: string }): LoadTable {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const fieldIds = Object.keys(job.fields);
  const unknown = fieldIds.filter((f) => !byId.has(f));
  if (unknown.length > 0) throw new DestinationError(ctx.destinationType, "config", `Fields no longer offered by ${ctx.platform}: ${unknown.join(", ")}.`);
  const partitionIds = (job.partitionFieldId ?? "").split(",").filter(Boolean);
  return describeTable({
    name: job.tableName,
    fields: fieldIds.map((id) => ({ name: job.fields[id] || id, fieldType: byId.get(id)!.fieldType })),
    partitionColumns: partitionIds.map((id) => job.fields[id] || id),
    dataType: job.dataType ?? undefined,
  });
}
