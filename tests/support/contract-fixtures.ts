// A connector folder's contract fixture (engine/connectors/<id>/contract.ts) as the product would
// be configured for it: the fixture itself, and the {PLATFORM}_* variables of its OAuth app.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ContractFixture } from "../../engine/connectors/contract-fixture.js";
import { envPrefix } from "../../engine/core/app-credentials.js";

const connectorsDir = join(dirname(fileURLToPath(import.meta.url)), "../../engine/connectors");

export async function loadContractFixture(id: string): Promise<ContractFixture | undefined> {
  const file = join(connectorsDir, id, "contract.ts");
  if (!existsSync(file)) return undefined;
  return ((await import(pathToFileURL(file).href)) as { contract?: ContractFixture }).contract;
}

/** The fixture's app credentials as the {PLATFORM}_CLIENT_ID, _CLIENT_SECRET and extras the product reads. */
export function fixtureAppEnv(platform: string, app: ContractFixture["app"]): Record<string, string> {
  const prefix = envPrefix(platform);
  const env: Record<string, string> = {};
  if (app?.clientId) env[`${prefix}_CLIENT_ID`] = app.clientId;
  if (app?.clientSecret) env[`${prefix}_CLIENT_SECRET`] = app.clientSecret;
  for (const [key, value] of Object.entries(app?.extra ?? {})) env[`${prefix}_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`] = value;
  return env;
}
