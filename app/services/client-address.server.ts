import type { AppLoadContext } from "@remix-run/node";

/**
 * The client's address as the web server determined it (scripts/runtime/web-server.ts: the
 * socket, or X-Forwarded-For from the proxies TRUST_PROXY names). Never read from a request
 * header here: a client can write any header. Null when the server does not provide it (remix
 * dev, route modules called directly); per-address limits then do not apply.
 */
export function clientAddress(context: AppLoadContext | undefined): string | null {
  const value = context?.clientAddress;
  return typeof value === "string" && value !== "" ? value : null;
}
