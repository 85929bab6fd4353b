// What browsers may do with our answers (decision 0860): which paths other origins may read
// (CORS), the headers every response carries, and the documents' Content-Security-Policy.
// One table, read by the web server (scripts/runtime/web-server.ts) for every request and by
// app/entry.server.tsx for documents, so a rule is written once.

/**
 * Paths other origins may call, and how. None of them reads a cookie: the query URL is
 * authenticated by the API key in its query string, the add-in endpoints and /mcp by a bearer
 * token or a one-time link id, the token endpoints by client credentials; the discovery
 * documents and the client registration are public. That is why `*` is safe and why
 * Access-Control-Allow-Credentials is never sent.
 */
type CorsRule = { methods: string; headers?: string; expose?: string };

const QUERY_URL: CorsRule = { methods: "GET, HEAD", expose: "X-Request-Id, Content-Disposition" };
const MACHINE: CorsRule = { methods: "GET, POST", headers: "Authorization, Content-Type", expose: "WWW-Authenticate" };
// The MCP server and what its clients read before signing in (decision 0910): browser-based
// clients (the MCP Inspector, web assistants) call them from their own origin, with a bearer token.
const MCP: CorsRule = { methods: "GET, POST, DELETE", headers: "Authorization, Content-Type, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID", expose: "WWW-Authenticate, Mcp-Session-Id" };
const MCP_DISCOVERY: CorsRule = { methods: "GET", headers: "Mcp-Protocol-Version" };

export function corsRuleFor(pathname: string): CorsRule | undefined {
  if (pathname === "/api/request") return QUERY_URL;
  if (pathname.startsWith("/addons/") || pathname === "/oauth/token" || pathname === "/oauth/revoke" || pathname === "/oauth/register") return MACHINE;
  if (pathname === "/mcp") return MCP;
  if (pathname === "/.well-known/oauth-authorization-server" || pathname.startsWith("/.well-known/oauth-protected-resource")) return MCP_DISCOVERY;
  return undefined;
}

/** The CORS headers of an answer (not a preflight) on a cross-origin path; empty elsewhere. */
export function corsHeaders(pathname: string): Record<string, string> {
  const rule = corsRuleFor(pathname);
  if (!rule) return {};
  return { "Access-Control-Allow-Origin": "*", ...(rule.expose ? { "Access-Control-Expose-Headers": rule.expose } : {}) };
}

/**
 * The answer to any OPTIONS request. It is decided here, before the application: Remix hands
 * OPTIONS to a route's loader, which would run a query (and count it) or answer 401 to a browser
 * asking whether it may send the Authorization header. Paths outside the CORS table get no
 * Access-Control-* header, so the browser refuses the cross-origin call.
 */
export function preflightAnswer(pathname: string): { status: number; headers: Record<string, string> } {
  const rule = corsRuleFor(pathname);
  if (!rule) return { status: 204, headers: { Allow: "GET, HEAD, POST" } };
  return {
    status: 204,
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": rule.methods,
      ...(rule.headers ? { "Access-Control-Allow-Headers": rule.headers } : {}),
      "Access-Control-Max-Age": "600",
      Allow: `${rule.methods}, OPTIONS`,
    },
  };
}

/**
 * On every response, documents, data requests, resource routes and static files alike:
 * no content sniffing (a JSON or CSV answer carrying tenant text must never be run as HTML or
 * script), and no URL of ours (reset, invitation and link tokens live in paths) in the Referer
 * sent to other sites.
 */
export const EVERY_RESPONSE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
};

/**
 * The documents' policy. Scripts: our own files and the inline scripts Remix renders, which carry
 * this request's nonce; nothing else, no 'unsafe-inline'. Styles: the stylesheet is ours, but
 * React renders `style` attributes (progress bars, nivo's charts, widths computed on the server),
 * which only style-src-attr 'unsafe-inline' allows; <style> elements stay limited to our origin.
 * Images: ours and data: URIs (the platform monograms). No plugins, no <base> elsewhere, and only
 * our own pages may frame a page (nobody else does: the connector popups and the add-in link open
 * in windows of their own). form-action is left out on purpose: Chromium checks it on the
 * redirects that follow a form (the connect popup posts to us and we redirect to each platform's
 * authorization server, Allow redirects to the dashboard tool's callback), and that set of
 * origins is open-ended.
 */
export function documentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** Headers of an HTML document, besides EVERY_RESPONSE_HEADERS. */
export function documentHeaders(nonce: string): Record<string, string> {
  return {
    "Content-Security-Policy": documentSecurityPolicy(nonce),
    // For browsers that predate frame-ancestors.
    "X-Frame-Options": "SAMEORIGIN",
  };
}
