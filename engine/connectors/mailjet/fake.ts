// A local Mailjet v3 REST API: Basic key:secret, /v3/REST/user, /v3/REST/myprofile and
// /v3/REST/statcounters (CounterSource/CounterTiming/CounterResolution, FromTS/ToTS, Limit/Offset,
// {Count, Data, Total}); errors as {ErrorInfo, ErrorMessage, StatusCode}.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";

export const MAILJET_CREDENTIAL = { type: "api-key" as const, key: "mjapikey0123456789abcdef01234567", secret: "mjsecret0123456789abcdef01234567" };
export const MAILJET_UNAUTHORIZED: FakeReply = { status: 401, json: { ErrorInfo: "", ErrorMessage: "API key authentication/authorization failure. You may be unauthorized to access the API or your API key may be expired.", StatusCode: 401 } };

/** Hourly-free daily counters for 2024-10-01 .. 2025-01-31 (123 days: two pages of 100). */
export const mailjetDay = (date: string) => {
  const d = Number(date.slice(8, 10));
  return { Timeslice: `${date}T00:00:00Z`, MessageSentCount: 800 + d, MessageOpenedCount: 300 + d, MessageClickedCount: 60 + d, MessageHardBouncedCount: 2, MessageSoftBouncedCount: 4, MessageUnsubscribedCount: 1, MessageSpamCount: 0, EventOpenedCount: 420 + d, EventClickedCount: 90 + d };
};

export async function startMailjetFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  const { key, secret } = MAILJET_CREDENTIAL;
  const route = guardedRoutes(server, (req) => req.headers.authorization === `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`, () => MAILJET_UNAUTHORIZED);
  route("GET", "/v3/REST/user", () => ({ json: { Count: 1, Data: [{ Email: "ops@signalpost.example", ID: 42 }], Total: 1 } }));
  route("GET", "/v3/REST/myprofile", () => ({ json: { Count: 1, Data: [{ CompanyName: "Signalpost", ID: 42 }], Total: 1 } }));
  route("GET", "/v3/REST/statcounters", (req) => {
    if (req.query.get("CounterResolution") !== "Day" || req.query.get("CounterSource") !== "APIKey") return { status: 400, json: { ErrorInfo: "", ErrorMessage: "Invalid counter parameters", StatusCode: 400 } };
    const from = req.query.get("FromTS")!.slice(0, 10);
    const to = req.query.get("ToTS")!.slice(0, 10);
    const days = daysBetween(from, to).filter((d) => d < to && d >= "2024-10-01" && d <= "2025-01-31");
    const limit = Number(req.query.get("Limit") ?? 10);
    const offset = Number(req.query.get("Offset") ?? 0);
    const data = days.slice(offset, offset + limit).map(mailjetDay);
    return { json: { Count: data.length, Data: data, Total: days.length } };
  });
  return { server, baseUrl: `${server.url}/v3/REST`, credential: MAILJET_CREDENTIAL, close: () => server.close() };
}
