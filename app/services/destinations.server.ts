// Destinations for the screens: list, form values (secrets never leave the server), a connection
// check before every save, and deletion with what depends on it (decision 0401).
import { listJobIds } from "../../db/repositories/data-streams.js";
import * as repo from "../../db/repositories/destinations.js";
import { DestinationError, getDestinationDefinition } from "../../engine/index.js";
import { openConfiguredDestination } from "../../server/destination-endpoints.js";
import { secretAgainMessage } from "~/utils/destinations";
import { deleteJobSchedule } from "../../temporal/schedules.js";
import { getTemporalClient } from "../../temporal/client.js";
import { getDb } from "./db.server.js";

export type DestinationListRow = { id: number; name: string; type: string; status: "Active" };

export async function listDestinationRows(companyId: number): Promise<DestinationListRow[]> {
  const rows = await repo.listDestinations(getDb(), companyId);
  return rows.map((d) => ({ id: d.id, name: d.name, type: d.type, status: "Active" as const }));
}

/** The edit form: non-secret values, and which secrets are set (shown as "unchanged"). */
export async function destinationFormValues(companyId: number, id: number) {
  const d = await repo.getDestination(getDb(), companyId, id);
  if (!d) return undefined;
  const config = repo.readDestinationConfig(d);
  const def = getDestinationDefinition(d.type);
  const values: Record<string, string> = {};
  const secretsSet: string[] = [];
  for (const f of def.fields) {
    if (f.secret) {
      if (config[f.name]) secretsSet.push(f.name);
    } else values[f.name] = config[f.name] ?? "";
  }
  return { id: d.id, name: d.name, type: d.type, values, secretsSet };
}

export type CheckOutcome = { ok: true } | { ok: false; message: string };

/** Spec 2 §4: save runs a connection check first; only a good check saves. */
export async function checkDestination(type: string, config: Record<string, string>): Promise<CheckOutcome> {
  let loader;
  try {
    loader = await openConfiguredDestination(type, config);
    await loader.check();
    return { ok: true };
  } catch (error) {
    if (error instanceof DestinationError) return { ok: false, message: error.message };
    console.error("[destinations] check failed unexpectedly", error);
    // A driver's own text may name addresses and errnos: the user gets what failed, not how.
    return { ok: false, message: "The connection check failed unexpectedly. Check the settings and try again." };
  } finally {
    await loader?.close().catch(() => undefined); // nothing to clean after a failed check
  }
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * An edit that changes where or as whom the secrets are used (fields marked addressesSecret) must
 * carry them again: a kept secret is only ever sent where it was first checked. Field errors for
 * each secret left empty, or undefined when the edit may keep them.
 */
export function secretsNeededAgain(type: string, values: Record<string, unknown>, previous: Record<string, string>): Record<string, string[]> | undefined {
  const def = getDestinationDefinition(type);
  const changed = def.fields.filter((f) => f.addressesSecret && text(values[f.name]) !== (previous[f.name] ?? ""));
  const empty = def.fields.filter((f) => f.secret && text(values[f.name]) === "");
  if (changed.length === 0 || empty.length === 0) return undefined;
  return Object.fromEntries(empty.map((f) => [f.name, [secretAgainMessage(f.label, changed.map((c) => c.label))]]));
}

/** Fields of the type only, with kept secrets merged in when editing. */
export function configFrom(type: string, values: Record<string, unknown>, previous?: Record<string, string>): Record<string, string> {
  const def = getDestinationDefinition(type);
  const config: Record<string, string> = {};
  for (const f of def.fields) {
    const v = typeof values[f.name] === "string" ? (values[f.name] as string).trim() : "";
    config[f.name] = f.secret && v === "" && previous ? (previous[f.name] ?? "") : v;
  }
  // Operator-only settings (endpoint overrides for local servers) survive edits.
  if (previous?.endpoint) config.endpoint = previous.endpoint;
  if (previous?.ssl) config.ssl = previous.ssl;
  if (previous?.tokenUrl) config.tokenUrl = previous.tokenUrl;
  if (previous?.location) config.location = previous.location;
  // The demo warehouse's approval holds only while its host is unchanged (server/destination-endpoints.ts).
  if (previous?.approvedHost) config.approvedHost = previous.approvedHost;
  return config;
}

export async function saveDestination(
  companyId: number,
  id: number | null,
  input: { name: string; type: string; values: Record<string, unknown> },
): Promise<{ ok: true; id: number } | { ok: false; message: string; notFound?: boolean; fieldErrors?: Record<string, string[]> }> {
  const db = getDb();
  let previous: Record<string, string> | undefined;
  if (id !== null) {
    const existing = await repo.getDestination(db, companyId, id);
    if (!existing) return { ok: false, message: "Not found", notFound: true };
    // Secrets are kept only while the type stays the same.
    if (existing.type === input.type) previous = repo.readDestinationConfig(existing);
  }
  const fieldErrors = previous ? secretsNeededAgain(input.type, input.values, previous) : undefined;
  if (fieldErrors) return { ok: false, message: Object.values(fieldErrors)[0]![0]!, fieldErrors };
  const config = configFrom(input.type, input.values, previous);
  const check = await checkDestination(input.type, config);
  if (!check.ok) return check;
  if (id === null) {
    const created = await repo.createDestination(db, companyId, { name: input.name.trim(), type: input.type, config });
    return { ok: true, id: created.id };
  }
  const updated = await repo.updateDestination(db, companyId, id, { name: input.name.trim(), type: input.type, config });
  return updated ? { ok: true, id: updated.id } : { ok: false, message: "Not found", notFound: true };
}

export async function destinationImpact(companyId: number, id: number) {
  const db = getDb();
  const d = await repo.getDestination(db, companyId, id);
  if (!d) return undefined;
  return { id: d.id, name: d.name, ...(await repo.destinationDependents(db, companyId, id)) };
}

/** Deletes the schedules of every job writing into it, then the destination, its streams and jobs. */
export async function deleteDestinationCascade(companyId: number, id: number): Promise<boolean> {
  const db = getDb();
  const jobIds = await listJobIds(db, companyId, { destinationId: id });
  if (jobIds.length > 0) {
    const client = await getTemporalClient();
    for (const jobId of jobIds) await deleteJobSchedule(client, jobId);
  }
  return repo.deleteDestination(db, companyId, id);
}
