// Server side of the Looker Studio catalogue (the catalogue pulls in the connector registry,
// which must stay out of the browser bundle).
import { listPlatforms } from "../../engine/catalogue/index.js";
import { LOOKER_STUDIO_CREATE_URL, searchLookerCatalogue } from "~/utils/bi-links";
import { getEnv } from "../../lib/env.js";

export function lookerStudioCatalogue(search: string, connectorId = getEnv().LOOKER_STUDIO_CONNECTOR_ID ?? "") {
  const entries = listPlatforms()
    .filter((p) => p.reportingStudio && p.flag !== "deprecated")
    .map((p) => ({ id: p.id, name: p.displayName, category: p.category, flag: p.flag, implemented: p.implemented, monogram: p.icon.monogram, color: p.icon.color }));
  return searchLookerCatalogue(entries, search).map((e) => {
    const full = entries.find((x) => x.id === e.id)!;
    const target = `${LOOKER_STUDIO_CREATE_URL}?${new URLSearchParams({ ...(connectorId ? { connectorId } : {}), connectorConfig: JSON.stringify({ platform: e.id }) })}`;
    return { ...full, connectHref: `/redirect?${new URLSearchParams({ redirectTo: target, type: "LOOKER_STUDIO" })}` };
  });
}
