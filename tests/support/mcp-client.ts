// An MCP client as an assistant runs it: the official SDK's Client over Streamable HTTP, signing in
// with the SDK's own OAuth flow (discovery, dynamic registration, PKCE, token exchange, refresh).
// The browser leg (the user signs in and clicks Allow on the consent page) is played over HTTP
// against the running app with the user's session cookie.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** What an assistant keeps between sessions, in memory. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  stored?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  readonly expectedState = `st-${Math.random().toString(36).slice(2)}`;
  constructor(
    readonly redirectUrl: string,
    readonly metadata: Partial<OAuthClientMetadata> = {},
  ) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "Test assistant", redirect_uris: [this.redirectUrl], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], ...this.metadata };
  }
  state() {
    return this.expectedState;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** Signs in through the login form over HTTP; the session cookie. */
export async function signInOverHttp(appUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${appUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).filter((c) => !c.endsWith("=")).join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`sign-in answered ${res.status}`);
  return cookie;
}

/** The user opens the authorization URL, reads the consent page and clicks Allow: the code the redirect carries. */
export async function allowInBrowser(appUrl: string, cookie: string, authorizationUrl: URL, state: string): Promise<{ code: string; page: string }> {
  const pageRes = await fetch(authorizationUrl, { headers: { cookie }, redirect: "manual" });
  const page = (await pageRes.text()).replace(/<!-- -->/g, "");
  if (pageRes.status !== 200) throw new Error(`consent page answered ${pageRes.status}: ${page.slice(0, 300)}`);
  const dataUrl = new URL(authorizationUrl);
  dataUrl.searchParams.set("_data", "routes/authorize");
  const { hidden } = (await (await fetch(dataUrl, { headers: { cookie } })).json()) as { hidden: Record<string, string> };
  const allowed = await fetch(`${appUrl}/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: appUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...hidden, decision: "allow" }),
  });
  const location = new URL(allowed.headers.get("location") ?? "about:blank");
  if (location.searchParams.get("state") !== state) throw new Error(`state not returned: ${location}`);
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${location}`);
  return { code, page };
}

export type ConnectedAssistant = { client: Client; provider: MemoryOAuthProvider; consentPage: string; close: () => Promise<void> };

/**
 * The whole first connection: the client connects, is refused (401), discovers our authorization
 * server, registers, sends the user to the consent page; the code comes back; it connects again.
 */
export async function connectAssistant(appUrl: string, cookie: string, provider = new MemoryOAuthProvider("http://127.0.0.1:8765/callback")): Promise<ConnectedAssistant> {
  const url = new URL(`${appUrl}/mcp`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const refused = await new Client({ name: "signalpost-test", version: "1.0.0" }).connect(first).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(refused instanceof UnauthorizedError) || !provider.authorizationUrl) throw new Error(`expected the sign-in to start, got ${String(refused)}`);
  const { code, page } = await allowInBrowser(appUrl, cookie, provider.authorizationUrl, provider.expectedState);
  await first.finishAuth(code);
  return { ...(await reconnect(appUrl, provider)), consentPage: page };
}

/** A new session of an assistant that already holds tokens. */
export async function reconnect(appUrl: string, provider: MemoryOAuthProvider) {
  const client = new Client({ name: "signalpost-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${appUrl}/mcp`), { authProvider: provider }));
  return { client, provider, close: () => client.close() };
}

/** A tool call's structured content, or a thrown error with the tool's own message. */
export async function callOk<T = Record<string, any>>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T & { _text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  if (result.isError) throw new Error(`${name} answered a tool error: ${text}`);
  return { ...(result.structuredContent as T), _text: (result.content[0] as { text: string }).text };
}

/** A tool call that must be refused: its message. */
export async function callRefused(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  if (!result.isError) throw new Error(`${name} was expected to be refused, answered: ${text.slice(0, 300)}`);
  return text;
}
