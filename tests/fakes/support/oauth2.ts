// The OAuth 2.0 token endpoint (RFC 6749 §6 refresh) every OAuth2 platform fake mounts, plus the
// bearer check its API routes run. Tests expire the current token to exercise refresh.
import type { FakeReply, FakeServer, RecordedRequest } from "./fake-server.js";

export interface FakeOAuth2Options {
  path: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The token the fixture credential starts with. */
  accessToken: string;
  /** Issue a new refresh token on every refresh (Microsoft identity platform rotates them). */
  rotateRefreshToken?: boolean;
  expiresIn?: number;
  /** Client authentication at the token endpoint (RFC 6749 §2.3.1). */
  clientAuth?: "body" | "basic";
}

export interface FakeOAuth2 {
  readonly tokenUrl: string;
  /** Access tokens currently accepted. */
  readonly validTokens: Set<string>;
  /** Refresh grants served. */
  refreshes: number;
  /** The refresh token the next grant must present. */
  currentRefreshToken: string;
  /** Revokes every issued access token, as an expiry would. */
  expireAccessTokens(): void;
  /** The bearer token of a request if it is valid, else undefined. */
  bearer(req: RecordedRequest): string | undefined;
  /** Back to the fixture's tokens (between tests: an expiry or a rotation must not leak). */
  reset(): void;
}

export function mountOAuth2(server: FakeServer, opts: FakeOAuth2Options): FakeOAuth2 {
  let issued = 0;
  const state: FakeOAuth2 = {
    tokenUrl: `${server.url}${opts.path}`,
    validTokens: new Set([opts.accessToken]),
    refreshes: 0,
    currentRefreshToken: opts.refreshToken,
    expireAccessTokens() {
      state.validTokens.clear();
    },
    reset() {
      state.validTokens.clear();
      state.validTokens.add(opts.accessToken);
      state.currentRefreshToken = opts.refreshToken;
      state.refreshes = 0;
    },
    bearer(req) {
      const match = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""));
      return match && state.validTokens.has(match[1]) ? match[1] : undefined;
    },
  };
  server.route("POST", opts.path, (req): FakeReply => {
    const form = req.form();
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    if (opts.clientAuth === "basic") {
      const basic = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ""));
      [clientId, clientSecret] = basic ? Buffer.from(basic[1], "base64").toString().split(":") : [null, null];
    }
    if (clientId !== opts.clientId || clientSecret !== opts.clientSecret) {
      return { status: 401, json: { error: "invalid_client", error_description: "Client authentication failed." } };
    }
    if (form.get("grant_type") !== "refresh_token" || form.get("refresh_token") !== state.currentRefreshToken) {
      return { status: 400, json: { error: "invalid_grant", error_description: "The refresh token is invalid or expired." } };
    }
    issued += 1;
    state.refreshes += 1;
    const accessToken = `${opts.accessToken}-refreshed-${issued}`;
    state.validTokens.add(accessToken);
    const body: Record<string, unknown> = { access_token: accessToken, token_type: "Bearer", expires_in: opts.expiresIn ?? 3600 };
    if (opts.rotateRefreshToken) {
      state.currentRefreshToken = `${opts.refreshToken}-rotated-${issued}`;
      body.refresh_token = state.currentRefreshToken;
    }
    return { status: 200, json: body };
  });
  return state;
}
