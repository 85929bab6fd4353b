// A local Zoho CRM v8: OAuth 2.0 token endpoint at /oauth/v2/token, "Zoho-oauthtoken" auth,
// /crm/v8/org and POST /crm/v8/coql parsing the Created_Time between '..' and '..' clause and
// "limit offset, count", info.more_records, 204 for no rows; errors {code, details, message, status}.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const ZOHO_APP = { clientId: "1000.ZOHOCLIENT", clientSecret: "zoho-client-secret-0123456789" };
export const ZOHO_CREDENTIAL = { type: "oauth2" as const, accessToken: "1000.zohoaccess0123456789", refreshToken: "1000.zohorefresh0123456789", expiresAt: "2099-01-01T00:00:00Z" };
export const ZOHO_UNAUTHORIZED: FakeReply = { status: 401, json: { code: "INVALID_TOKEN", details: {}, message: "invalid oauth token", status: "error" } };
const ZONE = "America/Los_Angeles";

/** 9 deals a day in January 2025, every 2 hours from 06:00 Los Angeles time. */
export function buildZohoDeals() {
  return Array.from({ length: 31 * 9 }, (_, n) => ({
    id: String(5_000_000 + n),
    Deal_Name: `Deal ${n}`,
    Amount: 500 + (n % 4) * 250,
    Stage: n % 3 === 0 ? "Closed Won" : n % 3 === 1 ? "Qualification" : "Closed Lost",
    Pipeline: "Standard",
    Lead_Source: n % 2 ? "Web" : "Partner",
    Created_Time: DateTime.fromISO("2025-01-01T06:00:00", { zone: ZONE }).plus({ days: Math.floor(n / 9), hours: (n % 9) * 2 }).toISO({ suppressMilliseconds: true })!,
    Owner: { id: "1", name: "Ops" },
  }));
}

export interface ZohoFake extends PlatformFake {
  deals: ReturnType<typeof buildZohoDeals>;
}

export async function startZohoFake(): Promise<ZohoFake> {
  const server = await startFakeServer();
  const deals = buildZohoDeals();
  const oauth = mountOAuth2(server, { path: "/oauth/v2/token", ...ZOHO_APP, refreshToken: ZOHO_CREDENTIAL.refreshToken, accessToken: ZOHO_CREDENTIAL.accessToken });
  const valid = (header: unknown) => {
    const m = /^Zoho-oauthtoken (.+)$/.exec(String(header ?? ""));
    return !!m && oauth.validTokens.has(m[1]);
  };
  const route = guardedRoutes(server, (req) => valid(req.headers.authorization), () => ZOHO_UNAUTHORIZED);
  route("GET", "/crm/v8/org", () => ({ json: { org: [{ id: "70000001", company_name: "Signal Inc", time_zone: ZONE, iso_code: "USD", primary_email: "ops@signalpost.example" }] } }));
  route("POST", "/crm/v8/coql", (req) => {
    const query = req.json<{ select_query: string }>().select_query;
    const between = /Created_Time between '([^']+)' and '([^']+)'/.exec(query);
    const limit = /limit (\d+), (\d+)$/.exec(query);
    if (!between || !limit) return { status: 400, json: { code: "SYNTAX_ERROR", details: {}, message: "error occured while parsing the query", status: "error" } };
    const [from, to] = [DateTime.fromISO(between[1]), DateTime.fromISO(between[2])];
    const matching = deals.filter((d) => DateTime.fromISO(d.Created_Time) >= from && DateTime.fromISO(d.Created_Time) <= to);
    const [offset, count] = [Number(limit[1]), Number(limit[2])];
    const data = matching.slice(offset, offset + count);
    return data.length === 0 ? { status: 204 } : { json: { data, info: { count: data.length, more_records: offset + count < matching.length } } };
  });
  return { server, baseUrl: server.url, credential: ZOHO_CREDENTIAL, app: ZOHO_APP, oauth, deals, close: () => server.close() };
}
