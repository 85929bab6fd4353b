// A local Matomo Reporting API: POST /index.php?module=API&method=...&format=JSON with token_auth
// in the form body; SitesManager.getSitesWithAtLeastViewAccess, API.getMatomoVersion,
// VisitsSummary.get and label tables (Referrers.getReferrerType, UserCountry.getCountry,
// DevicesDetection.getType) over period=day date ranges, filter_limit/filter_offset per day,
// empty days as [], and errors as HTTP 200 {"result":"error","message"}.
// Wire format: https://developer.matomo.org/api-reference/reporting-api
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { grouped, type Fact } from "../../../tests/fakes/support/grouped.js";
import { daysBetween, seeded } from "../../../tests/fakes/support/seeded.js";

export const MATOMO_TOKEN = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";
export const MATOMO_CREDENTIAL = { type: "api-key" as const, key: MATOMO_TOKEN, options: { url: "https://analytics.acme.example" } };
export const MATOMO_BAD_TOKEN: FakeReply = { status: 200, json: { result: "error", message: "Unable to authenticate with the provided token. It is either invalid or expired." } };
export const SITES = [
  { idsite: "1", name: "Acme shop", main_url: "https://shop.acme.example", timezone: "Europe/Paris", currency: "EUR" },
  { idsite: "2", name: "Acme blog", main_url: "https://blog.acme.example", timezone: "UTC+2", currency: "USD" },
];
const FIRST_DAY = "2025-01-01";
const DIMS: Record<string, string[]> = {
  "Referrers.getReferrerType": ["Direct Entry", "Search Engines", "Websites", "Campaigns"],
  "UserCountry.getCountry": ["France", "Germany", "United States"],
  "DevicesDetection.getType": ["Desktop", "Smartphone", "Tablet"],
};

/** One site's facts of one day, by channel x country x device. */
export function matomoFacts(site: string, date: string): Fact[] {
  if (date < FIRST_DAY) return [];
  const out: Fact[] = [];
  for (const channel of DIMS["Referrers.getReferrerType"]) for (const country of DIMS["UserCountry.getCountry"]) for (const device of DIMS["DevicesDetection.getType"]) {
    const r = seeded(`${site}|${date}|${channel}|${country}|${device}`);
    const visits = 1 + Math.floor(r * 30);
    out.push({ dims: { channel, country, device }, values: { nb_visits: visits, nb_actions: visits * 3, bounce_count: Math.floor(visits * r * 0.6), sum_visit_length: visits * 120, nb_visits_converted: r > 0.7 ? 1 : 0 } });
  }
  return out;
}

const dimOf: Record<string, string> = { "Referrers.getReferrerType": "channel", "UserCountry.getCountry": "country", "DevicesDetection.getType": "device" };

export function matomoTable(site: string, date: string, method: string): ({ label: string } & Record<string, number>)[] {
  return grouped(matomoFacts(site, date), [dimOf[method]]).map((g) => ({ ...g.sums, label: g.keys[0] }) as { label: string } & Record<string, number>);
}

export function matomoSummary(site: string, date: string): Record<string, number | string> | never[] {
  const [total] = grouped(matomoFacts(site, date), []);
  return total ? { nb_uniq_visitors: Math.floor(total.sums.nb_visits * 0.8), ...total.sums, bounce_rate: `${Math.round((total.sums.bounce_count / total.sums.nb_visits) * 100)}%` } : [];
}

export async function startMatomoFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  server.route("POST", "/index.php", (req) => {
    const q = req.query;
    if (q.get("module") !== "API" || q.get("format") !== "JSON") return { status: 200, body: "<html>Matomo</html>", headers: { "content-type": "text/html" } };
    if (req.form().get("token_auth") !== MATOMO_TOKEN) return MATOMO_BAD_TOKEN;
    const method = q.get("method")!;
    if (method === "API.getMatomoVersion") return { json: { value: "5.1.2" } };
    if (method === "SitesManager.getSitesWithAtLeastViewAccess") return { json: SITES };
    const site = SITES.find((s) => s.idsite === q.get("idSite"));
    if (!site) return { json: { result: "error", message: `You can't access this resource as it requires 'view' access for the website id = ${q.get("idSite")}.` } };
    const [start, end] = (q.get("date") ?? "").split(",");
    if (q.get("period") !== "day" || !start || !end) return { json: { result: "error", message: "The date or period is invalid." } };
    const days = daysBetween(start, end);
    if (method === "VisitsSummary.get") return { json: Object.fromEntries(days.map((d) => [d, matomoSummary(site.idsite, d)])) };
    if (!DIMS[method]) return { json: { result: "error", message: `The method '${method}' does not exist or is not available in the module '\\Piwik\\Plugins\\API'.` } };
    const limit = Number(q.get("filter_limit") ?? 100);
    const offset = Number(q.get("filter_offset") ?? 0);
    return { json: Object.fromEntries(days.map((d) => [d, matomoTable(site.idsite, d, method).slice(offset, limit < 0 ? undefined : offset + limit)])) };
  });
  return { server, baseUrl: server.url, credential: MATOMO_CREDENTIAL, close: () => server.close() };
}
