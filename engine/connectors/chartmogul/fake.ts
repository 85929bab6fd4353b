// A local ChartMogul API v1: the key as HTTP Basic user, /v1/account, /v1/metrics/all and
// /v1/metrics/mrr with start-date/end-date/interval=day ({entries, summary}, money in cents),
// /v1/activities with per_page and cursor/has_more, errors as {code, message}.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";

export const CHARTMOGUL_KEY = "cm-api-key-0123456789abcdef";
export const CHARTMOGUL_CREDENTIAL = { type: "api-key" as const, key: CHARTMOGUL_KEY };
export const CHARTMOGUL_UNAUTHORIZED: FakeReply = { status: 401, json: { code: 401, message: "No valid API key provided" } };

const day = (date: string) => Number(date.slice(8, 10));
export const mrrOn = (date: string) => 1_000_000 + day(date) * 2_500; // cents

/** Ten activities a day through January 2025 (310: two pages of 200). */
export function buildActivities() {
  return daysBetween("2025-01-01", "2025-01-31").flatMap((date, d) =>
    ["new_biz", "new_biz", "expansion", "contraction", "churn", "new_biz", "reactivation", "expansion", "new_biz", "churn"].map((type, k) => ({
      uuid: `act_${d}_${k}`,
      date: `${date}T${String(10 + k).padStart(2, "0")}:00:00.000Z`,
      type,
      "customer-uuid": `cus_${(d * 5 + k) % 40}`,
      "activity-mrr-movement": type === "churn" || type === "contraction" ? -2900 : 4900,
      "plan-external-id": k % 2 ? "pro" : "starter",
      currency: "USD",
    })),
  );
}

export interface ChartmogulFake extends PlatformFake {
  activities: ReturnType<typeof buildActivities>;
}

export async function startChartmogulFake(): Promise<ChartmogulFake> {
  const server = await startFakeServer();
  const activities = buildActivities();
  const route = guardedRoutes(server, (req) => req.headers.authorization === `Basic ${Buffer.from(`${CHARTMOGUL_KEY}:`).toString("base64")}`, () => CHARTMOGUL_UNAUTHORIZED);
  route("GET", "/v1/account", () => ({ json: { name: "Signal SaaS", currency: "USD", time_zone: "Europe/Berlin", week_start_on: "monday" } }));
  const days = (req: { query: URLSearchParams }) => {
    const from = req.query.get("start-date") ?? "";
    const to = req.query.get("end-date") ?? "";
    return daysBetween(from, to).filter((d) => d >= "2025-01-01" && d <= "2025-01-31");
  };
  route("GET", "/v1/metrics/all", (req) => ({
    json: { entries: days(req).map((date) => ({ date, mrr: mrrOn(date), arr: mrrOn(date) * 12, arpa: 4900, asp: 5900, customers: 200 + day(date), "customer-churn-rate": 1.5, "mrr-churn-rate": -0.5, ltv: 120000 })), summary: {} },
  }));
  route("GET", "/v1/metrics/mrr", (req) => ({
    json: { entries: days(req).map((date) => ({ date, mrr: mrrOn(date), "mrr-new-business": 9800, "mrr-expansion": 4900, "mrr-contraction": -2900, "mrr-churn": -2900, "mrr-reactivation": 0 })), summary: {} },
  }));
  route("GET", "/v1/activities", (req) => {
    const from = req.query.get("start-date") ?? "";
    const to = req.query.get("end-date") ?? "";
    const per = Number(req.query.get("per_page") ?? 200);
    const matching = activities.filter((a) => a.date.slice(0, 19) >= from && a.date.slice(0, 19) <= to);
    const start = Number(req.query.get("cursor") ?? 0);
    const page = matching.slice(start, start + per);
    const more = start + per < matching.length;
    return { json: { entries: page, has_more: more, cursor: more ? String(start + per) : undefined } };
  });
  return { server, baseUrl: server.url, credential: CHARTMOGUL_CREDENTIAL, activities, close: () => server.close() };
}
