// A local Search Console API (webmasters/v3) for connector tests: GET /sites (siteEntry with
// permissionLevel) and POST /sites/{siteUrl}/searchAnalytics/query (dimensions, type, rowLimit,
// startRow; rows of keys + clicks/impressions/ctr/position), Google's error envelope and token
// endpoint. Wire format: https://developers.google.com/webmaster-tools/v1/searchanalytics/query
import { activeDays, GOOGLE_UNAUTHENTICATED, googleStatus, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import { grouped, type Fact } from "../../../tests/fakes/support/grouped.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const SITES = [
  { siteUrl: "https://www.acme.example/", permissionLevel: "siteOwner" },
  { siteUrl: "sc-domain:acme.example", permissionLevel: "siteFullUser" },
  { siteUrl: "https://blog.other.example/", permissionLevel: "siteUnverifiedUser" },
];
const QUERIES = ["signalpost", "marketing alerts", "ads dashboard"];
const COUNTRIES = ["fra", "usa"];
const DEVICES = ["DESKTOP", "MOBILE"];

/** One site's facts of one day: query x country x device, with impressions and summed positions. */
export function gscFacts(site: string, date: string, type = "web"): Fact[] {
  const out: Fact[] = [];
  for (const query of QUERIES) for (const country of COUNTRIES) for (const device of DEVICES) {
    const r = seeded(`${site}|${date}|${type}|${query}|${country}|${device}`);
    const impressions = 20 + Math.floor(r * 200);
    const position = 1 + Math.round(r * 90) / 10;
    out.push({ dims: { date, query, page: `${site.replace(/^sc-domain:/, "https://")}${query.replace(/ /g, "-")}`, country, device }, values: { impressions, clicks: Math.floor(impressions * r * 0.3), positionSum: position * impressions } });
  }
  return out;
}

/** What the API answers for a site, range and dimensions: the grouped rows in the fake's order. */
export function gscRows(site: string, start: string, end: string, dimensions: string[], type = "web") {
  const facts = activeDays(start, end).flatMap((d) => gscFacts(site, d, type));
  return grouped(facts, dimensions).map((g) => ({
    keys: g.keys,
    clicks: g.sums.clicks,
    impressions: g.sums.impressions,
    ctr: g.sums.impressions ? g.sums.clicks / g.sums.impressions : 0,
    position: g.sums.impressions ? g.sums.positionSum / g.sums.impressions : 0,
  }));
}

export async function startSearchConsoleFake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "gsc", basePath: "/webmasters/v3", tokenPath: "/token", unauthorized: () => GOOGLE_UNAUTHENTICATED });
  fake.route("GET", "/sites", () => ({ json: { siteEntry: SITES } }));
  fake.route("POST", /^\/webmasters\/v3\/sites\/(?<site>[^/]+)\/searchAnalytics\/query$/, (req) => {
    const siteUrl = decodeURIComponent(req.params.site);
    const site = SITES.find((s) => s.siteUrl === siteUrl);
    if (!site || site.permissionLevel === "siteUnverifiedUser") return googleStatus(403, "PERMISSION_DENIED", `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`);
    const body = req.json<{ startDate: string; endDate: string; dimensions?: string[]; type?: string; rowLimit?: number; startRow?: number }>();
    if (!body.startDate || !body.endDate) return googleStatus(400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    const dims = body.dimensions ?? [];
    if (dims.some((d) => !["date", "query", "page", "country", "device"].includes(d))) return googleStatus(400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    const rowLimit = body.rowLimit ?? 1000;
    if (rowLimit > 25_000) return googleStatus(400, "INVALID_ARGUMENT", "rowLimit must be at most 25000.");
    const start = body.startRow ?? 0;
    const rows = gscRows(siteUrl, body.startDate, body.endDate, dims, body.type).slice(start, start + rowLimit);
    // An empty answer has no rows key at all.
    return { json: rows.length ? { rows, responseAggregationType: "byProperty" } : { responseAggregationType: "byProperty" } };
  });
  return fake;
}
