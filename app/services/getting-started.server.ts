import { findPlatform, getPlatformIcon } from "../../engine/index.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import { getDb } from "./db.server.js";

/** Step 1 of the wizard: the company's sources on available platforms, with their account counts. */
export async function gettingStartedSources(companyId: number) {
  const sources = await listNetworkAuthorizations(getDb(), companyId);
  return sources
    .map((s) => ({ source: s, platform: findPlatform(s.platform) }))
    .filter(({ platform }) => platform?.implemented)
    .map(({ source, platform }) => ({
      id: source.id,
      name: source.name,
      platformName: platform!.displayName,
      icon: getPlatformIcon(source.platform),
      accounts: source.availableDataSources?.length ?? 0,
    }));
}
