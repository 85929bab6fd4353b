// A local Pinterest API v5 for organic analytics: /user_account, /user_account/analytics
// (all.daily_metrics with data_status) and /user_account/analytics/top_pins, behind the Bearer
// check and Basic-authenticated token endpoint of the shared OAuth fake; {code, message} errors.
import { activeDays, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const PIN_UNAUTHORIZED: FakeReply = { status: 401, json: { code: 2, message: "Authentication failed." } };
export const PIN_RATE_LIMITED: FakeReply = { status: 429, headers: { "retry-after": "1" }, json: { code: 8, message: "You have exceeded your rate limit. Try again later." } };
export const PIN_METRICS = ["IMPRESSION", "SAVE", "PIN_CLICK", "OUTBOUND_CLICK", "ENGAGEMENT", "VIDEO_MRC_VIEW"];
/** Days from this one on are still PROCESSING. */
export const PROCESSING_FROM = "2025-06-01";

export const pinValue = (key: string, metric: string, day: string) => Math.floor(seeded(`${key}|${metric}|${day}`) * (metric === "IMPRESSION" ? 20_000 : 900));
const metricsOf = (key: string, days: string[], wanted: string[]) => Object.fromEntries(wanted.map((m) => [m, days.reduce((s, d) => s + pinValue(key, m, d), 0)]));
export const TOP_PINS = Array.from({ length: 12 }, (_, i) => `98765432100${String(i).padStart(2, "0")}`);

export async function startPinterestOrganicFake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "pino", basePath: "/v5", tokenPath: "/v5/oauth/token", clientAuth: "basic", unauthorized: () => PIN_UNAUTHORIZED });
  fake.route("GET", "/user_account", () => ({ json: { account_type: "BUSINESS", username: "signalpost", business_name: "Signal Post", id: "549700000001" } }));
  fake.route("GET", "/user_account/analytics", (req) => {
    const wanted = (req.query.get("metric_types") ?? "").split(",");
    const days = activeDays(req.query.get("start_date")!, req.query.get("end_date")!);
    return {
      json: {
        all: {
          daily_metrics: days.map((date) => (date >= PROCESSING_FROM ? { date, data_status: "PROCESSING" } : { date, data_status: "READY", metrics: metricsOf("account", [date], wanted) })),
          summary_metrics: metricsOf("account", days, wanted),
        },
      },
    };
  });
  fake.route("GET", "/user_account/analytics/top_pins", (req) => {
    const wanted = (req.query.get("metric_types") ?? "").split(",");
    const days = activeDays(req.query.get("start_date")!, req.query.get("end_date")!);
    const pins = days.length ? TOP_PINS.map((pin_id) => ({ pin_id, metrics: metricsOf(pin_id, days, wanted) })) : [];
    return { json: { date_availability: { latest_available_timestamp: 1740787200000, is_realtime: false }, pins, sort_by: req.query.get("sort_by") } };
  });
  return fake;
}
