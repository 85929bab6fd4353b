// A local Apple Search Ads API v5 and Apple ID token endpoint: POST /auth/oauth2/token verifies
// the ES256 client secret against the test key pair, GET /api/v5/acls, POST
// /api/v5/reports/campaigns (X-AP-Context orgId, selector.pagination offset/limit, DAILY or
// HOURLY granules) and {error: {errors: [{messageCode, message}]}} bodies.
import { es256Keys, verifiedEs256 } from "../../../tests/fakes/support/es256-jwt.js";
import { adsCells, bearerOf, startSessionFake, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import { fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const appleError = (status: number, messageCode: string, message: string): FakeReply => ({ status, json: { data: null, pagination: null, error: { errors: [{ messageCode, message, field: "" }] } } });
export const APPLE_UNAUTHORIZED = appleError(401, "UNAUTHORIZED", "Invalid token");
export const APPLE_REFUSAL: FakeReply = { status: 400, json: { error: "invalid_client" } };
export const APPLE_IDS = { clientId: "SEARCHADS.27478e71-3bb0-4588-998c-182e2b405577", teamId: "SEARCHADS.27478e71-3bb0", keyId: "bacaebda-e219-41ee-a907-e2c25b24d1b2" };
const keys = es256Keys();
export const APPLE_APP = { extra: { privateKey: keys.privateKeyPem } };
export const ORGS = [
  { orgId: 40669820, orgName: "Signal Apps", currency: "USD", timeZone: "America/Los_Angeles", paymentModel: "LOC", roleNames: ["API Read Only"] },
  { orgId: 40669821, orgName: "Signal Games", currency: "EUR", timeZone: "Europe/Berlin", paymentModel: "PAYG", roleNames: ["API Read Only"] },
];

/** Whether a client secret is an ES256 JWT of the fixture's ids, signed by the fixture key. */
function validSecret(jwt: string | null): boolean {
  const jws = verifiedEs256(jwt, keys);
  if (!jws) return false;
  const { header, claims } = jws;
  return header.kid === APPLE_IDS.keyId && claims.sub === APPLE_IDS.clientId && claims.iss === APPLE_IDS.teamId && claims.aud === "https://appleid.apple.com" && claims.exp > Date.now() / 1000;
}

export async function startAppleSearchAdsFake(): Promise<SessionFake> {
  const fake = await startSessionFake({
    name: "apple",
    basePath: "/api/v5",
    loginPath: "/auth/oauth2/token",
    credential: { type: "api-key", key: "", options: { ...APPLE_IDS } },
    accepts: (req: RecordedRequest) => req.form().get("grant_type") === "client_credentials" && req.form().get("scope") === "searchadsorg" && req.form().get("client_id") === APPLE_IDS.clientId && validSecret(req.form().get("client_secret")),
    refusal: APPLE_REFUSAL,
    issue: (token) => ({ json: { access_token: token, token_type: "Bearer", expires_in: 3600 } }),
    tokenOf: bearerOf,
    unauthorized: () => APPLE_UNAUTHORIZED,
  });
  fake.route("GET", "/acls", () => ({ json: { data: ORGS, pagination: null, error: null } }));
  fake.route("POST", "/reports/campaigns", (req) => {
    const org = /orgId=(\d+)/.exec(String(req.headers["x-ap-context"] ?? ""))?.[1];
    if (!org) return appleError(400, "INVALID_ATTRIBUTE_TYPE", "X-AP-Context orgId is required");
    const b = req.json<{ startTime: string; endTime: string; granularity: string; selector: { pagination: { offset: number; limit: number } } }>();
    const hourly = b.granularity === "HOURLY";
    const cells = adsCells(org, b.startTime, b.endTime, { hourly, byCampaign: true });
    const rows = fakeCampaigns(org)
      .map((c) => ({
        metadata: { campaignId: Number(c.id), campaignName: c.name, campaignStatus: c.status === "ACTIVE" ? "ENABLED" : "PAUSED", orgId: Number(org) },
        granularity: cells.filter((x) => x.campaign?.id === c.id).map(({ day, hour, m }) => ({
          date: hour === undefined ? day : `${day} ${String(hour).padStart(2, "0")}:00`,
          impressions: m.impressions,
          taps: m.clicks,
          totalInstalls: m.conversions,
          localSpend: { amount: m.cost.toFixed(2), currency: "USD" },
        })),
      }))
      .filter((r) => r.granularity.length > 0);
    const { offset, limit } = b.selector.pagination;
    const size = Math.min(limit, fake.options.pageSize);
    return { json: { data: { reportingDataResponse: { row: rows.slice(offset, offset + size) } }, pagination: { totalResults: rows.length, startIndex: offset, itemsPerPage: size }, error: null } };
  });
  return Object.assign(fake, { app: APPLE_APP });
}
