// The discovery documents an MCP client reads before it signs in (MCP authorization spec,
// decision 0910): RFC 9728 protected-resource metadata for /mcp, naming this product as its
// authorization server, and RFC 8414 authorization-server metadata describing the provider of
// decision 0700/0861 (authorization code + PKCE S256, refresh tokens, revocation) with the
// RFC 7591 registration endpoint. Addresses come from publicOrigin(): APP_URL when set.
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { publicOrigin } from "../../lib/env.js";

export const MCP_PATH = "/mcp";
const PROTECTED_RESOURCE_WELL_KNOWN = "/.well-known/oauth-protected-resource";

/** The MCP server's resource identifier (RFC 8707), which tokens for it are bound to. */
export function mcpResourceUrl(requestOrigin: string): string {
  return `${publicOrigin(requestOrigin)}${MCP_PATH}`;
}

/** Where the MCP endpoint's metadata lives (RFC 9728 §3.1: the well-known path, then the resource's path). */
export function protectedResourceMetadataUrl(requestOrigin: string): string {
  return `${publicOrigin(requestOrigin)}${PROTECTED_RESOURCE_WELL_KNOWN}${MCP_PATH}`;
}

export function protectedResourceMetadata(requestOrigin: string): OAuthProtectedResourceMetadata {
  const origin = publicOrigin(requestOrigin);
  return {
    resource: mcpResourceUrl(requestOrigin),
    authorization_servers: [origin],
    bearer_methods_supported: ["header"],
    resource_name: "Signalpost",
    resource_documentation: `${origin}/settings/connected-apps`,
  };
}

export function authorizationServerMetadata(requestOrigin: string): OAuthMetadata {
  const origin = publicOrigin(requestOrigin);
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/oauth/token`,
    registration_endpoint: `${origin}/oauth/register`,
    revocation_endpoint: `${origin}/oauth/revoke`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
    service_documentation: `${origin}/settings/connected-apps`,
  };
}

/** Public, cacheable JSON (CORS `*` comes from the browser boundary: browser-based MCP clients read it too). */
export function metadataAnswer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
