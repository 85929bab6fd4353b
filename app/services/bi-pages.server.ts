// Server side of the Looker Studio catalogue (the catalogue pulls in the connector registry,
// which must stay out of the browser bundle).
import { BLENDED_PLATFORM, BLENDED_PLATFORM_NAME, listPlatforms } from "../../engine/index.js";
import { LOOKER_STUDIO_CREATE_URL, searchLookerCatalogue } from "~/utils/bi-links";
import { getEnv, publicOrigin } from "../../lib/env.js";
import { buildQueryUrl, type QueryDefinitionJson } from "~/utils/query-url";
import { getDb } from "./db.server";
import { companiesRepo, savedQueriesRepo } from "./repositories.server";
import type { Company } from "../../db/schema.js";
import { platformDisplayName } from "./platform-names.server.js";

export function lookerStudioCatalogue(search: string, connectorId = getEnv().LOOKER_STUDIO_CONNECTOR_ID ?? "") {
  // "Cross-platform ads" (decision 0931): one data source over every ads platform, sorted like the others (spec 2 §2).
  const blended = { id: BLENDED_PLATFORM, name: BLENDED_PLATFORM_NAME, category: "ADS", flag: "new" as const, implemented: true, monogram: "X", color: "#334155" };
  const entries = [
    blended,
    ...listPlatforms()
      .filter((p) => p.reportingStudio && p.flag !== "deprecated")
      .map((p) => ({ id: p.id, name: p.displayName, category: p.category, flag: p.flag, implemented: p.implemented, monogram: p.icon.monogram, color: p.icon.color })),
  ];
  return searchLookerCatalogue(entries, search).map((e) => {
    const full = entries.find((x) => x.id === e.id)!;
    const target = `${LOOKER_STUDIO_CREATE_URL}?${new URLSearchParams({ ...(connectorId ? { connectorId } : {}), connectorConfig: JSON.stringify({ platform: e.id }) })}`;
    return { ...full, connectHref: `/redirect?${new URLSearchParams({ redirectTo: target, type: "LOOKER_STUDIO" })}` };
  });
}

const POWER_BI_PAGE_SIZE = 20;

/** The Power BI list: saved queries with their Power BI URL on the company's current key, a page at a time. */
export async function powerBiPage(company: Company, url: URL) {
  const all = await savedQueriesRepo.listSavedQueries(getDb(), company.id);
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const pages = Math.max(1, Math.ceil(all.length / POWER_BI_PAGE_SIZE));
  const origin = publicOrigin(url.origin);
  const apiKey = companiesRepo.revealApiKey(company);
  const rows = all.slice((page - 1) * POWER_BI_PAGE_SIZE, page * POWER_BI_PAGE_SIZE).map((q) => ({
    id: q.id,
    name: q.name,
    platform: platformDisplayName(String((q.json as { source?: string }).source ?? "")),
    createdAt: q.createdAt.toISOString(),
    url: buildQueryUrl(origin, { ...(q.json as QueryDefinitionJson), format: "powerbi" }, apiKey),
  }));
  const deleteId = Number(url.searchParams.get("delete"));
  const shownId = Number(url.searchParams.get("url"));
  const toDelete = all.find((q) => q.id === deleteId);
  return {
    rows,
    page: Math.min(page, pages),
    pages,
    confirmDelete: toDelete ? { id: deleteId, name: toDelete.name } : null,
    shownUrl: rows.find((r) => r.id === shownId)?.url ?? null,
  };
}
