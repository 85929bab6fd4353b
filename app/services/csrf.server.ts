import { getEnv } from "../../lib/env.js";
/**
 * Cross-site submission guard for browser forms. The session cookie is SameSite=Lax, so a
 * cross-site POST does not carry it; on top of that every state-changing browser request must
 * come from our own origin (OWASP "verifying origin with standard headers"). Machine endpoints
 * (webhooks, OAuth token endpoints, the query URL) authenticate by signature or token instead.
 */
export function isSameOriginRequest(request: Request): boolean {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return true;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return false;
  const origin = request.headers.get("origin");
  if (!origin) {
    // Browsers send Origin on every POST; a request without it and without Fetch Metadata is not
    // a browser form (curl, server-to-server) and cannot ride a victim's cookies.
    return fetchSite === null || fetchSite === "same-origin" || fetchSite === "none";
  }
  if (origin === "null") return false;
  const allowed = new Set<string>();
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  allowed.add(new URL(request.url).origin);
  const appUrl = getEnv().APP_URL;
  if (appUrl) allowed.add(new URL(appUrl).origin);
  return allowed.has(origin);
}

export function assertSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) {
    throw new Response("Cross-site form submissions are not accepted.", { status: 403, statusText: "Forbidden" });
  }
}
