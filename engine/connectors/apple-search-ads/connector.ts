// Apple Search Ads through the Campaign Management API v5 (https://developer.apple.com/documentation/apple_search_ads):
// the form gives the API user's client id, team id and key id; the product holds the EC P-256
// private key whose public half the user uploads in Search Ads (Account Settings > API), so the
// client secret is an ES256 JWT signed here (iss team id, sub client id, aud appleid.apple.com)
// and exchanged at appleid.apple.com/auth/oauth2/token (client credentials, scope searchadsorg)
// for a one-hour token. Organizations come from GET /acls; rows from POST /reports/campaigns
// with X-AP-Context: orgId=..., DAILY (90 days per request) or HOURLY (7 days) in the org's
// time zone (ORTZ), paged with selector.pagination offset/limit against totalResults.
import { z } from "zod";
import { es256Jwt } from "../shared/es256-jwt.js";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { nextOffset, paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD, slices, wantsHourly } from "../shared/ads-family.js";
import { clientCredentialsToken, sessionClient } from "../shared/ads-session.js";
import { num } from "../shared/records.js";

const PLATFORM = "apple-search-ads";
const TOKEN_URL = "https://appleid.apple.com/auth/oauth2/token";
const PAGE_SIZE = 1000;
const MAX_DAYS = { day: 90, hour: 7 };
/** Apple accepts client secrets valid up to 180 days; ours live one day and are made per context. */
const SECRET_TTL_S = 86_400;

/** The ES256 client secret (https://developer.apple.com/documentation/apple_search_ads/implementing_oauth_for_the_apple_search_ads_api). */
export function appleClientSecret(opts: { clientId: string; teamId: string; keyId: string; privateKeyPem: string; now?: Date }): string {
  const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  return es256Jwt({ kid: opts.keyId }, { sub: opts.clientId, aud: "https://appleid.apple.com", iat, exp: iat + SECRET_TTL_S, iss: opts.teamId }, opts.privateKeyPem);
}

const session = sessionClient({
  platform: PLATFORM,
  login(ctx) {
    const clientId = credentialOption(ctx.credential, "clientId");
    const teamId = credentialOption(ctx.credential, "teamId");
    const keyId = credentialOption(ctx.credential, "keyId");
    if (!clientId || !teamId || !keyId) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Apple Search Ads needs the client id, team id and key id of the API user. Reconnect the source." });
    const privateKeyPem = ctx.app?.extra?.privateKey?.replace(/\\n/g, "\n");
    if (!privateKeyPem) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The Apple Search Ads private key is not configured on this server (APPLE_SEARCH_ADS_PRIVATE_KEY)." });
    // With a base URL override (a fake) the token endpoint moves onto its origin.
    const tokenUrl = ctx.baseUrl ? new URL("/auth/oauth2/token", ctx.baseUrl).toString() : TOKEN_URL;
    return clientCredentialsToken(ctx, PLATFORM, tokenUrl, clientId, appleClientSecret({ clientId, teamId, keyId, privateKeyPem }), { scope: "searchadsorg" });
  },
  headers: (token) => ({ authorization: `Bearer ${token}` }),
});

const acls = z.object({ data: z.array(z.object({ orgId: z.number(), orgName: z.string(), currency: z.string().nullish(), timeZone: z.string().nullish(), roleNames: z.array(z.string()).nullish() }).passthrough()) });
const granule = z.record(z.string(), z.unknown());
const reportPage = z.object({
  data: z.object({ reportingDataResponse: z.object({ row: z.array(z.object({ metadata: z.record(z.string(), z.unknown()), granularity: z.array(granule).nullish() })) }) }),
  pagination: z.object({ totalResults: z.number(), startIndex: z.number(), itemsPerPage: z.number() }).nullish(),
});

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest) {
  const granularity = wantsHourly(req) ? "HOURLY" : "DAILY";
  for (const slice of slices(range, req, MAX_DAYS)) {
    yield* paginate<Record<string, unknown>, number>(async (offset = 0) => {
      const page = await session.json(ctx, {
        method: "POST",
        url: "/reports/campaigns",
        account: account.id,
        headers: { "x-ap-context": `orgId=${account.id}` },
        json: {
          startTime: slice.start,
          endTime: slice.end,
          granularity,
          timeZone: "ORTZ",
          selector: { orderBy: [{ field: "campaignId", sortOrder: "ASCENDING" }], pagination: { offset, limit: PAGE_SIZE } },
          returnRecordsWithNoMetrics: false,
          returnRowTotals: false,
          returnGrandTotals: false,
        },
      }, reportPage);
      const rows = page.data.reportingDataResponse.row;
      return {
        items: rows.flatMap((r) => (r.granularity ?? []).map((g) => ({ ...g, _meta: r.metadata }))),
        next: nextOffset(offset, rows.length, PAGE_SIZE, page.pagination?.totalResults),
      };
    }, { platform: PLATFORM });
  }
}

function record(g: Record<string, any>, account: Account): Row {
  const meta = g._meta ?? {};
  // DAILY granules carry "date" (YYYY-MM-DD); HOURLY ones "date" as "YYYY-MM-DD HH:00" in ORTZ.
  const when = String(g.date ?? "");
  return {
    date: when.slice(0, 10) || null,
    hour: when.length > 10 ? Number(when.slice(11, 13)) : null,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: meta.campaignId === undefined ? null : String(meta.campaignId),
    campaign_name: meta.campaignName ?? null,
    campaign_status: meta.campaignStatus ?? null,
    impressions: num(g.impressions),
    clicks: num(g.taps),
    cost: num(g.localSpend?.amount),
    conversions: num(g.totalInstalls ?? g.installs),
  };
}

export const appleSearchAdsConnector = adsConnector({
  id: PLATFORM,
  displayName: "Apple Search Ads",
  authMethod: "api-key",
  authorize: () => {},
  timezone: "account",
  currency: "account",
  // Installs are attributed to the tap day within a 30-day window, and view-through installs
  // within 1 day, so a day keeps gaining installs for a month.
  // https://searchads.apple.com/help/measure-results/0015-understand-attribution
  restatementDays: 30,
  allowedHosts: ["api.searchads.apple.com", "appleid.apple.com"],
  defaultBaseUrl: "https://api.searchads.apple.com/api/v5",
  supportsHourly: true,
  rateLimit: { maxConcurrent: 2 },
  reconnect: "Check the client id, team id and key id of the API user (and that the product's public key is uploaded in Search Ads), then reconnect the source.",
  // {error: {errors: [{messageCode, message, field}]}} on the API, {error} at the token endpoint.
  errorMessage: (b: any) => b?.error?.errors?.[0]?.message ?? (typeof b?.error === "string" ? b.error : undefined),
  isAuthError: (b) => ["invalid_client", "invalid_grant"].includes(String(b?.error ?? "")),

  async check(ctx) {
    const { data } = await session.json(ctx, { url: "/acls" }, acls);
    return { ok: true, identity: data[0]?.orgName };
  },
  async listAccounts(ctx) {
    const { data } = await session.json(ctx, { url: "/acls" }, acls);
    return data.map((o) => ({ id: String(o.orgId), name: o.orgName, timezone: o.timeZone || "UTC", currency: o.currency || "USD", status: "active" }));
  },
  reports: [
    { id: "campaign", name: "Campaigns", description: "Campaign performance by day or hour (installs as conversions).", fields: adsFields("campaign", { hourly: true, extra: [CPM_FIELD] }), fetch: (ctx, a, r, req) => report(ctx, a, r, req), record },
  ],
});
