import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replies, startFakeServer, type FakeServer } from "../../tests/fakes/support/fake-server.js";
import { ConnectorError } from "./errors.js";
import { buildOAuth1AuthorizeUrl, exchangeVerifier, getRequestToken } from "./oauth1.js";
import { buildAuthorizeUrl, exchangeCode, expiresSoon, refreshToken } from "./oauth2.js";
import { OAUTH2_CLIENT_ID_PARAM, type OAuth2CodeExchangeRequest, type OAuth2Config } from "./types.js";

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());

const config: OAuth2Config = {
  authorizeUrl: "https://accounts.example.com/o/oauth2/auth",
  tokenUrl: "https://accounts.example.com/token",
  scopes: ["ads.read", "profile"],
  extraAuthorizeParams: { access_type: "offline", prompt: "consent" },
};
const client = { clientId: "client-1", clientSecret: "client-secret-1" };

describe("oauth2", () => {
  it("builds the authorize URL with scopes, state and extra params", () => {
    const url = new URL(buildAuthorizeUrl(config, { clientId: "client-1", redirectUri: "https://app/cb", state: "s1" }));
    expect(url.origin + url.pathname).toBe("https://accounts.example.com/o/oauth2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "client-1",
      redirect_uri: "https://app/cb",
      state: "s1",
      scope: "ads.read profile",
      access_type: "offline",
      prompt: "consent",
    });
    expect(new URL(buildAuthorizeUrl({ ...config, scopeSeparator: "," }, { clientId: "c", redirectUri: "r", state: "s" })).searchParams.get("scope")).toBe(
      "ads.read,profile",
    );
  });

  it("puts the client id where extraAuthorizeParams names it ({clientId})", () => {
    const url = new URL(buildAuthorizeUrl({ ...config, extraAuthorizeParams: { app_id: OAUTH2_CLIENT_ID_PARAM } }, { clientId: "client-1", redirectUri: "r", state: "s" }));
    expect(url.searchParams.get("app_id")).toBe("client-1");
  });

  it("hands a non-standard code exchange to the config's exchangeCode hook", async () => {
    const seen: OAuth2CodeExchangeRequest[] = [];
    const hooked: OAuth2Config = {
      ...config,
      exchangeCode: async (request) => {
        seen.push(request);
        return { type: "oauth2", accessToken: `token-for-${request.code}` };
      },
    };
    const before = fake.requests.length;
    const credential = await exchangeCode(hooked, { platform: "x", client, code: "c-9", redirectUri: "https://app/cb", tokenUrl: `${fake.url}/hooked-token` });
    expect(credential).toEqual({ type: "oauth2", accessToken: "token-for-c-9" });
    expect(seen).toEqual([expect.objectContaining({ client, code: "c-9", redirectUri: "https://app/cb", tokenUrl: `${fake.url}/hooked-token` })]);
    expect(fake.requests.length, "no standard form post").toBe(before);
  });

  it("exchanges a code for a credential with an absolute expiry", async () => {
    fake.route("POST", "/token", (req) => {
      const form = req.form();
      return form.get("code") === "code-1" && form.get("redirect_uri") === "https://app/cb" && form.get("client_secret") === "client-secret-1"
        ? replies.ok({ access_token: "at-1", refresh_token: "rt-1", expires_in: 3600, scope: "ads.read" })
        : { status: 400, json: { error: "invalid_grant", error_description: "Bad code" } };
    });
    const now = () => new Date("2025-01-01T00:00:00Z");
    const credential = await exchangeCode(config, { platform: "x", client, code: "code-1", redirectUri: "https://app/cb", tokenUrl: `${fake.url}/token`, now });
    expect(credential).toEqual({ type: "oauth2", accessToken: "at-1", refreshToken: "rt-1", expiresAt: "2025-01-01T01:00:00.000Z", scope: "ads.read" });
    expect(expiresSoon(credential, new Date("2025-01-01T00:59:30Z"))).toBe(true);
    expect(expiresSoon(credential, new Date("2025-01-01T00:30:00Z"))).toBe(false);

    const error = await exchangeCode(config, { platform: "x", client, code: "wrong", redirectUri: "https://app/cb", tokenUrl: `${fake.url}/token` }).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("config");
    expect(error.message).toContain("invalid_grant: Bad code");
    expect(JSON.stringify(error)).not.toContain("client-secret-1");
  });

  it("keeps the old refresh token when the provider does not rotate it, and sends basic auth when asked", async () => {
    fake.route("POST", "/token-basic", (req) =>
      req.headers.authorization === `Basic ${Buffer.from("client-1:client-secret-1").toString("base64")}` && !req.form().has("client_secret")
        ? replies.ok({ access_token: "at-2", expires_in: 60 })
        : replies.unauthorized(),
    );
    const next = await refreshToken({ ...config, clientAuth: "basic" }, { type: "oauth2", accessToken: "old", refreshToken: "rt-keep" }, {
      platform: "x",
      client,
      tokenUrl: `${fake.url}/token-basic`,
    });
    expect(next.accessToken).toBe("at-2");
    expect(next.refreshToken).toBe("rt-keep");
  });

  it("classifies an unavailable token endpoint as transient", async () => {
    fake.route("POST", "/token-down", replies.serverError(503));
    const error = await refreshToken(config, { type: "oauth2", accessToken: "a", refreshToken: "r" }, { platform: "x", client, tokenUrl: `${fake.url}/token-down` }).catch(
      (e) => e,
    );
    expect(error.kind).toBe("transient");
  });
});

describe("oauth1", () => {
  const oauth1 = {
    requestTokenUrl: "https://api.x.com/oauth/request_token",
    authorizeUrl: "https://api.x.com/oauth/authorize",
    accessTokenUrl: "https://api.x.com/oauth/access_token",
  };
  const consumer = { key: "ck", secret: "cs" };

  it("runs the three-legged dance", async () => {
    fake.route("POST", "/oauth/request_token", (req) =>
      String(req.headers.authorization).includes("oauth_callback=") ? { body: "oauth_token=rt&oauth_token_secret=rts&oauth_callback_confirmed=true" } : replies.unauthorized(),
    );
    fake.route("POST", "/oauth/access_token", (req) =>
      /oauth_verifier="v1"/.test(String(req.headers.authorization)) && /oauth_token="rt"/.test(String(req.headers.authorization))
        ? { body: "oauth_token=at&oauth_token_secret=ats&user_id=1" }
        : replies.unauthorized(),
    );
    const requestToken = await getRequestToken(oauth1, { platform: "twitter-ads", consumer, callbackUrl: "https://app/cb", baseUrl: fake.url });
    expect(requestToken).toEqual({ token: "rt", tokenSecret: "rts" });
    expect(buildOAuth1AuthorizeUrl(oauth1, "rt")).toBe("https://api.x.com/oauth/authorize?oauth_token=rt");
    const credential = await exchangeVerifier(oauth1, { platform: "twitter-ads", consumer, baseUrl: fake.url, ...requestToken, verifier: "v1" });
    expect(credential).toEqual({ type: "oauth1", token: "at", tokenSecret: "ats" });
  });
});
