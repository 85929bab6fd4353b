// A local Taboola Backstage API: POST /backstage/oauth/token (client credentials), GET
// /backstage/api/1.0/users/current/allowed-accounts and the Campaign Summary report
// /{account_id}/reports/campaign-summary/dimensions/{day|campaign_day_breakdown|campaign_hour_breakdown}
// answering {results, recordCount, metadata}, with {http_status, message, offending_field} errors.
// Wire format: https://developers.taboola.com/backstage-api/docs/reporting-overview
import { adsCells, bearerOf, startSessionFake, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const taboolaError = (status: number, message: string): FakeReply => ({ status, json: { http_status: status, message, offending_field: null } });
export const TABOOLA_UNAUTHORIZED = taboolaError(401, "Invalid or expired access token");
export const TABOOLA_REFUSAL: FakeReply = { status: 401, json: { error: "invalid_client", error_description: "Bad client credentials" } };
export const TABOOLA_CLIENT = { clientId: "taboola-client-0001", clientSecret: "taboola-secret-0001" };
export const TABOOLA_ACCOUNTS = [
  { id: 1001, account_id: "signal-shoes-sc", name: "Signal Shoes", partner_types: ["ADVERTISER"], currency: "USD", time_zone_name: "America/New_York" },
  { id: 1002, account_id: "signal-news-pub", name: "Signal News", partner_types: ["PUBLISHER"], currency: "EUR", time_zone_name: "Europe/Paris" },
];

export async function startTaboolaFake(): Promise<SessionFake> {
  const fake = await startSessionFake({
    name: "taboola",
    basePath: "/backstage/api/1.0",
    loginPath: "/backstage/oauth/token",
    credential: { type: "api-key", key: "", options: { ...TABOOLA_CLIENT } },
    accepts: (req) => req.form().get("grant_type") === "client_credentials" && req.form().get("client_id") === TABOOLA_CLIENT.clientId && req.form().get("client_secret") === TABOOLA_CLIENT.clientSecret,
    refusal: TABOOLA_REFUSAL,
    issue: (token) => ({ json: { access_token: token, token_type: "bearer", expires_in: 43200 } }),
    tokenOf: bearerOf,
    unauthorized: () => TABOOLA_UNAUTHORIZED,
  });
  fake.route("GET", "/users/current/allowed-accounts", () => ({ json: { results: TABOOLA_ACCOUNTS, metadata: { total: TABOOLA_ACCOUNTS.length, count: TABOOLA_ACCOUNTS.length } } }));
  fake.route("GET", "/:account/reports/campaign-summary/dimensions/:dimension", (req) => {
    const { account, dimension } = req.params;
    const start = req.query.get("start_date") ?? "";
    const end = req.query.get("end_date") ?? "";
    const hourly = dimension === "campaign_hour_breakdown";
    if (!["day", "campaign_day_breakdown", "campaign_hour_breakdown"].includes(dimension)) return taboolaError(400, `Unknown dimension ${dimension}`);
    if (hourly !== start.includes("T")) return taboolaError(400, "campaign_hour_breakdown requires date and time");
    const results = adsCells(account, start.slice(0, 10), end.slice(0, 10), { hourly, byCampaign: dimension !== "day" }).map(({ day, hour, campaign: c, m }) => ({
      date: `${day} ${String(hour ?? 0).padStart(2, "0")}:00:00.0`,
      ...(c ? { campaign: c.id, campaign_name: c.name } : {}),
      clicks: m.clicks,
      impressions: m.impressions,
      spent: m.cost,
      cpa_actions_num: m.conversions,
      conversions_value: m.conversionValue,
      currency: "USD",
    }));
    return { json: { "last-used-rawdata-update-time": "2025-03-02 10:00:00.0", timezone: "EST", results, recordCount: results.length, metadata: { total: results.length, count: results.length } } };
  });
  return fake;
}
