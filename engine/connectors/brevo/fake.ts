// A local Brevo API v3: api-key header, /v3/account, /v3/smtp/statistics/reports (startDate,
// endDate, limit <= 30, offset) and /v3/emailCampaigns (status=sent, statistics=globalStats,
// startDate/endDate, limit/offset, count); errors as {code, message}.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";

export const BREVO_KEY = "xkeysib-0123456789abcdef0123456789abcdef-AbCdEfGh";
export const BREVO_CREDENTIAL = { type: "api-key" as const, key: BREVO_KEY };
export const BREVO_UNAUTHORIZED: FakeReply = { status: 401, json: { code: "unauthorized", message: "Key not found" } };

export const brevoDay = (date: string) => {
  const d = Number(date.slice(8, 10));
  return { date, requests: 1000 + d, delivered: 990 + d, hardBounces: 2, softBounces: 8, clicks: 120 + d, uniqueClicks: 100 + d, opens: 500 + d, uniqueOpens: 400 + d, spamReports: 1, blocked: 0, invalid: 0, unsubscribed: 3 };
};

export const brevoCampaigns = daysBetween("2025-01-01", "2025-01-31").map((date, i) => ({
  id: 10 + i,
  name: `Campaign ${i}`,
  type: "classic",
  status: "sent",
  sentDate: `${date}T09:00:00.000Z`,
  statistics: { globalStats: { sent: 5000, delivered: 4950, viewed: 2400, uniqueViews: 2000, clickers: 300, uniqueClicks: 250, hardBounces: 10, softBounces: 40, unsubscriptions: 12, complaints: 2 } },
}));

export async function startBrevoFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  const route = guardedRoutes(server, (req) => req.headers["api-key"] === BREVO_KEY, () => BREVO_UNAUTHORIZED);
  route("GET", "/v3/account", () => ({ json: { email: "ops@signalpost.example", firstName: "Ops", lastName: "Team", companyName: "Signalpost", plan: [{ type: "free" }] } }));
  route("GET", "/v3/smtp/statistics/reports", (req) => {
    const limit = Number(req.query.get("limit") ?? 10);
    if (limit > 30) return { status: 400, json: { code: "out_of_range", message: "limit should be less than or equal to 30" } };
    const offset = Number(req.query.get("offset") ?? 0);
    const days = daysBetween(req.query.get("startDate")!, req.query.get("endDate")!).filter((d) => d >= "2025-01-01" && d <= "2025-01-31");
    return { json: { reports: days.slice(offset, offset + limit).map(brevoDay) } };
  });
  route("GET", "/v3/emailCampaigns", (req) => {
    const from = req.query.get("startDate") ?? "";
    const to = req.query.get("endDate") ?? "9";
    const matching = brevoCampaigns.filter((c) => c.sentDate >= from && c.sentDate < to);
    const offset = Number(req.query.get("offset") ?? 0);
    const limit = Number(req.query.get("limit") ?? 50);
    return { json: { campaigns: matching.slice(offset, offset + limit), count: matching.length } };
  });
  return { server, baseUrl: `${server.url}/v3`, credential: BREVO_CREDENTIAL, close: () => server.close() };
}
