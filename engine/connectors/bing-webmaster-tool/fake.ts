// A local Bing Webmaster Tools JSON API (https://ssl.bing.com/webmaster/api.svc/json/{Method}):
// apikey query parameter on every call, WCF {"d": [...]} envelopes with "/Date(ms-0800)/" dates,
// GetUserSites, GetRankAndTrafficStats (daily), GetQueryStats and GetPageStats (weekly buckets),
// and Bing's error body {"ErrorCode", "Message"} (HTTP 400 InvalidApiKey for an unknown key).
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { daysBetween, seeded } from "../../../tests/fakes/support/seeded.js";

export const BING_KEY = "bwt-api-key-0001";
export const BING_CREDENTIAL = { type: "api-key" as const, key: BING_KEY };
export const BING_SITES = [
  { Url: "https://www.acme.example/", IsVerified: true },
  { Url: "https://shop.acme.example/", IsVerified: true },
  { Url: "https://new.acme.example/", IsVerified: false },
];
/** The history the API keeps: these days (Pacific), weekly buckets on Sundays. */
export const BING_DAYS = daysBetween("2025-02-20", "2025-03-10");
const WEEKS = ["2025-02-23", "2025-03-02", "2025-03-09"];
const QUERIES = ["acme bakery", "croissant near me"];

export const bingError = (status: number, code: number, message: string): FakeReply => ({ status, json: { ErrorCode: code, Message: `ERROR!!! ${message}` } });
export const BING_NOT_AUTHORIZED = bingError(401, 14, "NotAuthorized");

/** "/Date(ms-0800)/" of a Pacific midnight. */
export const wcf = (day: string) => `/Date(${Date.parse(`${day}T08:00:00Z`)}-0800)/`;

export function bingTraffic(site: string, day: string) {
  const r = seeded(`${site}|${day}`);
  const impressions = 100 + Math.floor(r * 900);
  return { Date: wcf(day), Clicks: Math.floor(impressions * r * 0.1), Impressions: impressions };
}

export function bingKeyed(site: string, week: string, key: string) {
  const r = seeded(`${site}|${week}|${key}`);
  const impressions = 10 + Math.floor(r * 300);
  return { Date: wcf(week), Query: key, Clicks: Math.floor(impressions * r * 0.2), Impressions: impressions, AvgClickPosition: Math.round((1 + r * 5) * 10) / 10, AvgImpressionPosition: Math.round((2 + r * 8) * 10) / 10 };
}

export const bingPages = (site: string) => [`${site}`, `${site}menu`];

export async function startBingWebmasterFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  server.route("GET", "/webmaster/api.svc/json/:method", (req) => {
    if (req.query.get("apikey") !== BING_KEY) return bingError(400, 3, "InvalidApiKey");
    const method = req.params.method;
    if (method === "GetUserSites") return { json: { d: BING_SITES.map((s) => ({ __type: "Site:#Microsoft.Bing.Webmaster.Api", ...s })) } };
    const site = req.query.get("siteUrl") ?? "";
    const known = BING_SITES.find((s) => s.Url === site);
    if (!known) return bingError(400, 7, "InvalidUrl");
    if (!known.IsVerified) return bingError(400, 14, "NotAuthorized");
    if (method === "GetRankAndTrafficStats") return { json: { d: BING_DAYS.map((d) => ({ __type: "RankAndTrafficStats:#Microsoft.Bing.Webmaster.Api", ...bingTraffic(site, d) })) } };
    if (method === "GetQueryStats") return { json: { d: WEEKS.flatMap((w) => QUERIES.map((q) => ({ __type: "QueryStats:#Microsoft.Bing.Webmaster.Api", ...bingKeyed(site, w, q) }))) } };
    if (method === "GetPageStats") return { json: { d: WEEKS.flatMap((w) => bingPages(site).map((p) => ({ __type: "QueryStats:#Microsoft.Bing.Webmaster.Api", ...bingKeyed(site, w, p) }))) } };
    return { status: 404, body: "Endpoint not found." };
  });
  return { server, baseUrl: `${server.url}/webmaster/api.svc/json`, credential: BING_CREDENTIAL, close: () => server.close() };
}
