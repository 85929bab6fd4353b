// Operator settings that move a destination type's API for every destination of that type (tests'
// fakes, offline demos, private endpoints): BIGQUERY_API_ENDPOINT and BIGQUERY_TOKEN_URL. A
// destination's own stored `endpoint` / `tokenUrl` (operator-only, not on the form) wins.
import { openDestination, withOperatorSettings, type DestinationLoader } from "../engine/destinations/index.js";
import { getEnv } from "./env.js";

export function withOperatorEndpoints(type: string, config: Record<string, string>): Record<string, string> {
  const env = Object.fromEntries(Object.entries(getEnv()).map(([name, value]) => [name, value === undefined ? undefined : String(value)]));
  return withOperatorSettings(type, config, env);
}

/** openDestination with the operator's endpoint overrides applied (the screens' check and the worker's loads). */
export function openConfiguredDestination(type: string, config: Record<string, string>): Promise<DestinationLoader> {
  return openDestination(type, withOperatorEndpoints(type, config));
}
