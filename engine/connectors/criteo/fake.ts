// A local Criteo Marketing Solutions API: POST /oauth2/token (client credentials, 15-minute
// tokens), GET /{version}/advertisers/me and POST /{version}/statistics/report answering
// {Rows: [...]} for format json, with {errors: [{type, code, title, detail}]} bodies.
// Wire format: https://developers.criteo.com/marketing-solutions/docs/campaign-statistics
import { CRITEO_VERSION } from "./connector.js";
import { adsCells, bearerOf, startSessionFake, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const criteoError = (status: number, code: string, detail: string): FakeReply => ({ status, json: { errors: [{ traceIdentifier: "trace-1", type: "authorization", code, title: code, detail }] } });
export const CRITEO_UNAUTHORIZED = criteoError(401, "authorization-token-invalid", "The access token is invalid or has expired.");
export const CRITEO_REFUSAL: FakeReply = { status: 400, json: { error: "invalid_client", error_description: "Client authentication failed" } };
export const CRITEO_CLIENT = { clientId: "criteo-client-0001", clientSecret: "criteo-secret-0001" };
export const ADVERTISERS = [
  { id: "4401", name: "Signal Shoes" },
  { id: "4402", name: "Signal Books" },
];

export async function startCriteoFake(): Promise<SessionFake> {
  const fake = await startSessionFake({
    name: "criteo",
    basePath: `/${CRITEO_VERSION}`,
    loginPath: "/oauth2/token",
    credential: { type: "api-key", key: "", options: { ...CRITEO_CLIENT } },
    accepts: (req) => req.form().get("grant_type") === "client_credentials" && req.form().get("client_id") === CRITEO_CLIENT.clientId && req.form().get("client_secret") === CRITEO_CLIENT.clientSecret,
    refusal: CRITEO_REFUSAL,
    issue: (token) => ({ json: { access_token: token, token_type: "Bearer", expires_in: 900 } }),
    tokenOf: bearerOf,
    unauthorized: () => CRITEO_UNAUTHORIZED,
  });
  fake.route("GET", "/advertisers/me", () => ({ json: { data: ADVERTISERS.map((a) => ({ id: a.id, type: "Advertiser", attributes: { advertiserName: a.name } })) } }));
  fake.route("POST", "/statistics/report", (req) => {
    const body = req.json<{ advertiserIds: string; startDate: string; endDate: string; format: string; dimensions: string[]; metrics: string[]; currency?: string }>();
    if (body.format !== "json" || !body.currency) return criteoError(400, "validation-error", "format and currency are required");
    const rows = body.advertiserIds.split(",").flatMap((id) =>
      adsCells(id, body.startDate.slice(0, 10), body.endDate.slice(0, 10), { hourly: body.dimensions.includes("Hour"), byCampaign: body.dimensions.includes("CampaignId") }).map(({ day, hour, campaign: c, m }) => ({
        AdvertiserId: id,
        Day: day,
        ...(hour === undefined ? {} : { Hour: `${day}T${String(hour).padStart(2, "0")}:00:00` }),
        ...(c ? { CampaignId: c.id, Campaign: c.name } : {}),
        Currency: body.currency,
        Displays: String(m.impressions),
        Clicks: String(m.clicks),
        AdvertiserCost: m.cost.toFixed(2),
        SalesAllClientAttribution: String(m.conversions),
        RevenueGeneratedAllClientAttribution: m.conversionValue.toFixed(2),
      })),
    );
    return { json: { Rows: rows, Total: {} } };
  });
  return fake;
}
