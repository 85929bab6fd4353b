import { listPlatforms, getConnector, hasConnector, type FieldDef } from "../../engine/index.js";

/** Platforms whose Looker Studio fields admins can describe: flagged for the connector and implemented. */
export function gdsPlatforms(): Array<{ id: string; name: string }> {
  return listPlatforms()
    .filter((p) => p.reportingStudio && hasConnector(p.id))
    .map((p) => ({ id: p.id, name: p.displayName }));
}

/** The engine's field list for a platform, across its reports: the source of truth for what exists. */
export async function engineFields(platform: string): Promise<FieldDef[]> {
  if (!hasConnector(platform)) return [];
  const connector = getConnector(platform);
  const reports = await connector.listReports().catch(() => []);
  const lists = reports.length
    ? await Promise.all(reports.map((r) => connector.listFields(undefined, { report: r.id }).catch(() => [] as FieldDef[])))
    : [await connector.listFields(undefined).catch(() => [] as FieldDef[])];
  const byId = new Map<string, FieldDef>();
  for (const f of lists.flat()) if (!byId.has(f.id)) byId.set(f.id, f);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
