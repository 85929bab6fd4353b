// How the app and the worker open a destination: the operator's settings that move a destination
// type's API for every destination of that type (tests' fakes, offline demos, private endpoints:
// BIGQUERY_API_ENDPOINT and BIGQUERY_TOKEN_URL; a destination's own stored `endpoint` / `tokenUrl`,
// operator-only and not on the form, wins), and the outbound-address guard (decision 0840).
import { openDestination, withOperatorSettings, type DestinationLoader } from "../engine/index.js";
import { getEnv } from "../lib/env.js";
import { outboundGuard, type OutboundGuard } from "../lib/outbound/guard.js";

export function withOperatorEndpoints(type: string, config: Record<string, string>): Record<string, string> {
  const env = Object.fromEntries(Object.entries(getEnv()).map(([name, value]) => [name, value === undefined ? undefined : String(value)]));
  return withOperatorSettings(type, config, env);
}

/**
 * The guard for one destination. `approvedHost` is operator-only (the demo seed writes it for the
 * demo warehouse on the product's own server; the form cannot set it): it lets exactly that
 * host:port through, and only while the destination's host is still that value, so editing the
 * host puts the destination back under the guard's rules.
 */
export function destinationGuard(config: Record<string, string>, guard: OutboundGuard = outboundGuard()): OutboundGuard {
  return config.approvedHost && config.approvedHost === config.host ? guard.trusting(config.host) : guard;
}

/** openDestination with the operator's endpoint overrides and the outbound guard (the screens' check, previews, the worker's loads). */
export function openConfiguredDestination(type: string, config: Record<string, string>): Promise<DestinationLoader> {
  return openDestination(type, withOperatorEndpoints(type, config), { outbound: destinationGuard(config) });
}
