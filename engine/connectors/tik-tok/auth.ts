// TikTok's authorization code exchange is not RFC 6749: the redirect carries `auth_code`, and
// POST /oauth2/access_token/ takes JSON {app_id, secret, auth_code}. The long-term access token it
// returns does not expire (no refresh token); a revoked one answers code 40105.
// https://business-api.tiktok.com/portal/docs?id=1738373164380162
import { z } from "zod";
import { createHttpClient } from "../../core/http.js";
import type { AppCredentials, OAuth2Credential } from "../../core/types.js";
import { PLATFORM, tiktokCall } from "./api.js";

export const TIKTOK_BASE_URL = "https://business-api.tiktok.com/open_api/v1.3";

export async function exchangeTikTokAuthCode(app: AppCredentials, authCode: string, opts: { baseUrl?: string; fetch?: typeof fetch } = {}): Promise<OAuth2Credential & { advertiserIds: string[] }> {
  const baseUrl = opts.baseUrl ?? TIKTOK_BASE_URL;
  const http = createHttpClient({
    platform: PLATFORM,
    allowedHosts: ["business-api.tiktok.com"],
    baseUrl,
    credential: { type: "api-key", key: "" },
    app,
    fetch: opts.fetch,
  });
  const data = await tiktokCall(
    { credential: http.credential, http },
    { method: "POST", url: "/oauth2/access_token/", auth: false, json: { app_id: app.clientId, secret: app.clientSecret, auth_code: authCode } },
    z.object({ access_token: z.string(), advertiser_ids: z.array(z.string()).default([]), scope: z.array(z.number()).optional() }),
  );
  return { type: "oauth2", accessToken: data.access_token, advertiserIds: data.advertiser_ids };
}
