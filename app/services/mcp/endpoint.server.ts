// /mcp: the remote MCP server (issue 21, decision 0910). Streamable HTTP from the official SDK in
// its web-standard form (a Fetch Request in, a Response out, which is what a Remix resource route
// has), stateless and answering JSON: each POST is authenticated by its bearer token, gets a
// server built for that token's user and company, and leaves nothing behind, so any web process
// answers any request. GET (a server-initiated event stream) and DELETE (ending a session) have
// nothing to offer without sessions: 405, as the transport specification allows.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { DB } from "../../../db/connection.js";
import { mcpResourceUrl, protectedResourceMetadataUrl } from "../oauth-metadata.server.js";
import { requireBearer, type TokenPrincipal } from "../oauth-provider.server.js";
import { createMcpServer } from "./server.server.js";

/** The largest JSON-RPC message we read: a tool call's arguments are a few kilobytes at most. */
const MAX_BODY_BYTES = 1024 * 1024;

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, "")}"`;

/**
 * RFC 6750 §3 and RFC 9728 §5.1: the 401 names where the resource's metadata is, which is how a
 * client finds our authorization server. A request without a token gets no error code.
 */
async function challenge(request: Request, origin: string, refused: Response): Promise<Response> {
  const presented = (request.headers.get("authorization") ?? "").trim() !== "";
  const description = presented ? (((await refused.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? "The access token is not valid.") : "Sign in to Signalpost to use its MCP server.";
  const parts = [`resource_metadata=${quoted(protectedResourceMetadataUrl(origin))}`];
  if (presented) parts.push(`error="invalid_token"`, `error_description=${quoted(description)}`);
  return new Response(JSON.stringify({ error: presented ? "invalid_token" : "unauthorized", error_description: description }), {
    status: 401,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "WWW-Authenticate": `Bearer ${parts.join(", ")}` },
  });
}

export async function answerMcpRequest(request: Request, deps: { db: DB }): Promise<Response> {
  if (request.method.toUpperCase() !== "POST") {
    return jsonRpcError(405, "This MCP server is stateless: send JSON-RPC messages with POST (there is no event stream to open and no session to end).", { Allow: "POST" });
  }
  const origin = new URL(request.url).origin;
  let principal: TokenPrincipal;
  try {
    principal = await requireBearer(request, deps.db, new Date(), mcpResourceUrl(origin));
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 401) return challenge(request, origin, thrown);
    throw thrown;
  }
  const server = createMcpServer({ db: deps.db, principal, origin });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
