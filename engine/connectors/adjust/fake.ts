// A local Adjust Report Service API: Bearer token checks, GET /reports-service/filters_data
// (apps) and GET /reports-service/report with app_token__in, date_period, dimensions and metrics
// answering {rows, totals, warnings} with string figures like the real service, {detail} errors.
// Wire format: https://dev.adjust.com/en/api/rs-api/
import { appDay, activeDays, PARTNERS } from "../../../tests/fakes/support/app-analytics.js";
import { bearerOf, startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";

export const adjustError = (status: number, detail: string): FakeReply => ({ status, json: { detail } });
export const ADJUST_UNAUTHORIZED = adjustError(401, "Invalid token.");
export const ADJUST_TOKEN = "adjust-api-token-0001";
export const ADJUST_APPS = [
  { id: "abc123def456", name: "Signal Shop" },
  { id: "xyz789uvw012", name: "Signal Games" },
];
const COUNTRIES = ["de", "us"];

/** The finest-grain facts of an app on a day: one per network and country. */
export function adjustFacts(app: string, day: string) {
  return PARTNERS.flatMap((p) =>
    COUNTRIES.map((country) => {
      const m = appDay(`${app}/${country}`, day, p.id);
      return { day, app_token: app, app: ADJUST_APPS.find((a) => a.id === app)?.name ?? app, network: p.name, campaign: p.campaign, country, os_name: "ios", ...m };
    }),
  );
}

export async function startAdjustFake(): Promise<KeyFake> {
  const fake = await startKeyFake({
    basePath: "/reports-service",
    credential: { type: "api-key", key: ADJUST_TOKEN },
    authorized: (req) => bearerOf(req) === ADJUST_TOKEN,
    unauthorized: () => ADJUST_UNAUTHORIZED,
  });
  fake.route("GET", "/filters_data", (req) => (req.query.get("required_filters") === "apps" ? { json: { apps: ADJUST_APPS } } : adjustError(400, "required_filters is required")));
  fake.route("GET", "/report", (req) => {
    const [start, end] = (req.query.get("date_period") ?? "").split(":");
    if (!start || !end) return adjustError(400, "date_period must be YYYY-MM-DD:YYYY-MM-DD");
    const dims = (req.query.get("dimensions") ?? "").split(",").filter(Boolean);
    const metrics = (req.query.get("metrics") ?? "").split(",").filter(Boolean);
    const apps = (req.query.get("app_token__in") ?? "").split(",");
    const groups = new Map<string, Record<string, string | number>>();
    for (const app of apps) {
      for (const day of activeDays(start, end).filter((d) => daysBetween(start, end).includes(d))) {
        for (const fact of adjustFacts(app, day) as Record<string, string | number>[]) {
          const key = dims.map((d) => fact[d]).join("|");
          const row = groups.get(key) ?? Object.fromEntries([...dims.map((d) => [d, fact[d]]), ...metrics.map((m) => [m, 0])]);
          for (const m of metrics) row[m] = Math.round((Number(row[m]) + Number(fact[m] ?? 0)) * 100) / 100;
          groups.set(key, row);
        }
      }
    }
    // Figures come back as strings.
    const rows = [...groups.values()].map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, metrics.includes(k) ? String(v) : v])));
    return { json: { rows, totals: {}, warnings: [] } };
  });
  return fake;
}
