// A local ProfitWell Metrics API v2: the bare token in Authorization, /v2/company/settings/,
// /v2/metrics/daily/?month=YYYY-MM&metrics=a,b answering {data: {metric: [{date, value}]}} for
// every day of the month (days after today absent), errors as {"detail": ...}.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const PROFITWELL_TOKEN = "pw-private-token-0123456789ABCDEF";
export const PROFITWELL_CREDENTIAL = { type: "api-key" as const, key: PROFITWELL_TOKEN };
export const PROFITWELL_UNAUTHORIZED: FakeReply = { status: 401, json: { detail: "Invalid token." } };

/** The fake's value of a metric on a day (only December 2024 to February 2025 hold data). */
export function profitwellValue(metric: string, date: string): number | null {
  if (date < "2024-12-01" || date > "2025-02-28") return null;
  const d = Number(date.slice(8, 10));
  return metric === "recurring_revenue" ? 10_000 + d * 10 : metric === "active_customers" ? 300 + d : (metric.length % 5) + (d % 3);
}

export async function startProfitwellFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  const route = guardedRoutes(server, (req) => req.headers.authorization === PROFITWELL_TOKEN, () => PROFITWELL_UNAUTHORIZED);
  route("GET", "/v2/company/settings/", () => ({ json: { company_name: "Signal SaaS", currency: "usd" } }));
  route("GET", "/v2/metrics/daily/", (req) => {
    const month = req.query.get("month") ?? "";
    if (!/^\d{4}-\d{2}$/.test(month)) return { status: 400, json: { detail: "month must be YYYY-MM" } };
    const start = DateTime.fromISO(`${month}-01`);
    const days = Array.from({ length: start.daysInMonth! }, (_, i) => start.plus({ days: i }).toISODate()!);
    const metrics = (req.query.get("metrics") ?? "recurring_revenue").split(",");
    const data = Object.fromEntries(metrics.map((m) => [m, days.filter((d) => profitwellValue(m, d) !== null).map((date) => ({ date, value: profitwellValue(m, date) }))]));
    return { json: { data } };
  });
  return { server, baseUrl: server.url, credential: PROFITWELL_CREDENTIAL, close: () => server.close() };
}
