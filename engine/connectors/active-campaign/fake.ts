// A local ActiveCampaign API v3: Api-Token header, /api/3/users/me, /api/3/campaigns with
// limit/offset, orders[sdate]=DESC and meta.total, counters as strings, 403 {"message": "Forbidden"}
// for a bad token.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const ACTIVE_CAMPAIGN_KEY = "ac0123456789abcdef0123456789abcdef01234567";
export const ACTIVE_CAMPAIGN_CREDENTIAL = { type: "api-key" as const, key: ACTIVE_CAMPAIGN_KEY, options: { url: "https://signal.api-us1.com" } };
export const ACTIVE_CAMPAIGN_FORBIDDEN: FakeReply = { status: 403, json: { message: "Forbidden" } };

/** Four campaigns a day in January 2025, sent at 08:00, 11:00, 15:00 and 20:00 Chicago time. */
export function buildAcCampaigns() {
  let n = 0;
  return Array.from({ length: 31 }, (_, d) =>
    [8, 11, 15, 20].map((hour) => {
      n += 1;
      return {
        id: String(n),
        name: `Newsletter ${n}`,
        type: n % 2 ? "single" : "split",
        status: "5",
        sdate: DateTime.fromISO("2025-01-01", { zone: "America/Chicago" }).plus({ days: d }).set({ hour }).toISO({ suppressMilliseconds: true })!,
        send_amt: String(1000 + n),
        opens: String(400 + n),
        uniqueopens: String(300 + n),
        linkclicks: String(50 + (n % 7)),
        uniquelinkclicks: String(40 + (n % 7)),
        hardbounces: "2",
        softbounces: "3",
        unsubscribes: "1",
      };
    }),
  ).flat();
}

export interface ActiveCampaignFake extends PlatformFake {
  campaigns: ReturnType<typeof buildAcCampaigns>;
}

export async function startActiveCampaignFake(): Promise<ActiveCampaignFake> {
  const server = await startFakeServer();
  const campaigns = buildAcCampaigns();
  const route = guardedRoutes(server, (req) => req.headers["api-token"] === ACTIVE_CAMPAIGN_KEY, () => ACTIVE_CAMPAIGN_FORBIDDEN);
  route("GET", "/api/3/users/me", () => ({ json: { user: { username: "admin", email: "ops@signalpost.example" } } }));
  route("GET", "/api/3/campaigns", (req) => {
    const limit = Math.min(100, Number(req.query.get("limit") ?? 20));
    const offset = Number(req.query.get("offset") ?? 0);
    const sorted = [...campaigns].sort((a, b) => (req.query.get("orders[sdate]") === "DESC" ? DateTime.fromISO(b.sdate).toMillis() - DateTime.fromISO(a.sdate).toMillis() : 0));
    return { json: { campaigns: sorted.slice(offset, offset + limit), meta: { total: String(campaigns.length) } } };
  });
  return { server, baseUrl: server.url, credential: ACTIVE_CAMPAIGN_CREDENTIAL, campaigns, close: () => server.close() };
}
