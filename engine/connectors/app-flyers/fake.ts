// A local AppsFlyer: Bearer V2 token checks, GET /api/mng/apps (JSON:API pages with links.next)
// and the Pull API aggregate reports GET /api/agg-data/export/app/{app}/{report}_report/v5
// answering CSV with AppsFlyer's column titles; the daily quota answer is scriptable.
// Wire format: https://dev.appsflyer.com/hc/reference/aggregate-data-1
import { DateTime } from "luxon";
import { csvLine } from "../../../tests/fakes/support/ads-family.js";
import { appDay, activeDays, PARTNERS } from "../../../tests/fakes/support/app-analytics.js";
import { bearerOf, startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const APPSFLYER_TOKEN = "appsflyer-v2-token-0001";
export const APPSFLYER_UNAUTHORIZED: FakeReply = { status: 401, json: { message: "Unauthorized: the token is invalid or expired" } };
export const APPSFLYER_LIMIT: FakeReply = { status: 403, body: "Limit reached for partners_by_date_report" };
export const APPSFLYER_APPS = [
  { id: "id1234567890", name: "Signal Shop iOS", time_zone: "Europe/Paris", currency: "EUR" },
  { id: "com.signal.shop", name: "Signal Shop Android", time_zone: "UTC", currency: "USD" },
];
const COUNTRIES = ["FR", "US"];
const HEADER = ["Date", "Agency/PMD (af_prt)", "Media Source (pid)", "Campaign (c)", "Impressions", "Clicks", "CTR", "Installs", "Conversion Rate", "Sessions", "Loyal Users", "Loyal Users/Installs", "Total Revenue", "Total Cost", "ROI", "ARPU", "Average eCPI"];

/** Facts of an app on a day (app-zone day): one per media source and country. */
export function appsflyerFacts(app: string, day: string) {
  return PARTNERS.flatMap((p) =>
    COUNTRIES.map((country) => ({ day, country, agency: p.id === "Facebook Ads" ? "signal-agency" : "None", pid: p.id, campaign: p.campaign || "None", ...appDay(`${app}/${country}`, day, p.id) })),
  );
}

export async function startAppsFlyerFake(): Promise<KeyFake & { pageSize: number }> {
  const fake = await startKeyFake({
    basePath: "",
    credential: { type: "api-key", key: APPSFLYER_TOKEN },
    authorized: (req) => bearerOf(req) === APPSFLYER_TOKEN,
    unauthorized: () => APPSFLYER_UNAUTHORIZED,
  });
  const state = Object.assign(fake, { pageSize: 100 });
  fake.route("GET", "/api/mng/apps", (req) => {
    const offset = Number(req.query.get("offset") ?? 0);
    const size = Math.min(Number(req.query.get("limit") ?? 100), state.pageSize);
    const page = APPSFLYER_APPS.slice(offset, offset + size);
    const next = offset + size < APPSFLYER_APPS.length ? `/api/mng/apps?limit=${size}&offset=${offset + size}` : undefined;
    return { json: { data: page.map(({ id, ...attributes }) => ({ id, type: "app", attributes })), links: next ? { next } : {} } };
  });
  fake.route("GET", /^\/api\/agg-data\/export\/app\/(?<app>[^/]+)\/(?<report>partners_by_date|geo_by_date)_report\/v5$/, (req) => {
    const from = req.query.get("from");
    const to = req.query.get("to");
    if (!from || !to || !DateTime.fromISO(from).isValid) return { status: 400, body: "from and to are required (yyyy-mm-dd)" };
    const geo = req.params.report === "geo_by_date";
    const header = geo ? [...HEADER.slice(0, 4), "Country", ...HEADER.slice(4)] : HEADER;
    const lines = [csvLine(header)];
    for (const day of activeDays(from, to)) {
      const groups = new Map<string, ReturnType<typeof appsflyerFacts>>();
      for (const f of appsflyerFacts(req.params.app, day)) {
        const key = [f.agency, f.pid, f.campaign, geo ? f.country : ""].join("|");
        groups.set(key, [...(groups.get(key) ?? []), f]);
      }
      for (const facts of groups.values()) {
        const f = facts[0];
        const s = (k: "impressions" | "clicks" | "installs" | "sessions" | "revenue" | "cost") => Math.round(facts.reduce((a, x) => a + x[k], 0) * 100) / 100;
        const dims = [day, f.agency, f.pid, f.campaign, ...(geo ? [f.country] : [])];
        lines.push(csvLine([...dims, s("impressions"), s("clicks"), "N/A", s("installs"), "N/A", s("sessions"), Math.floor(s("installs") / 2), "N/A", s("revenue"), s("cost"), "N/A", "N/A", "N/A"]));
      }
    }
    return { headers: { "content-type": "text/csv" }, body: lines.join("\n") + "\n" };
  });
  return state;
}
