// The product's OAuth apps are configured per platform in the environment, e.g.
// GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET, GOOGLE_ADS_DEVELOPER_TOKEN. The engine does not
// read process.env itself (callers pass it), which keeps tests hermetic.
import type { AppCredentials } from "./types.js";

export function envPrefix(platform: string): string {
  return platform.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
}

/** CLIENT_ID and CLIENT_SECRET become clientId/clientSecret; every other {PREFIX}_X lands in extra. */
export function appCredentialsFromEnv(platform: string, env: Record<string, string | undefined>): AppCredentials {
  const prefix = `${envPrefix(platform)}_`;
  const extra: Record<string, string> = {};
  let clientId: string | undefined;
  let clientSecret: string | undefined;
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(prefix) || value === undefined || value === "") continue;
    const rest = name.slice(prefix.length);
    if (rest === "CLIENT_ID") clientId = value;
    else if (rest === "CLIENT_SECRET") clientSecret = value;
    else extra[rest.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return { clientId, clientSecret, extra };
}
