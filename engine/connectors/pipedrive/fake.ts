// A local Pipedrive API: OAuth 2.0 token endpoint (Basic client auth) at /oauth/token, Bearer
// checks, /api/v1/users/me and /api/v2/deals sorted by add_time with limit and cursor
// (additional_data.next_cursor); errors as {success: false, error, errorCode}.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const PIPEDRIVE_APP = { clientId: "pd-client-id", clientSecret: "pd-client-secret-0123456789" };
export const PIPEDRIVE_CREDENTIAL = { type: "oauth2" as const, accessToken: "pd-access-token-0123456789", refreshToken: "pd-refresh-token-0123456789", expiresAt: "2099-01-01T00:00:00Z" };
export const PIPEDRIVE_UNAUTHORIZED: FakeReply = { status: 401, json: { success: false, error: "unauthorized access", errorCode: 401, error_info: "Please check developers.pipedrive.com" } };
const ZONE = "Europe/Tallinn";

/** 20 deals a day in January 2025, one every 72 minutes from 00:30 Tallinn time. */
export function buildDeals() {
  return Array.from({ length: 31 * 20 }, (_, n) => ({
    id: n + 1,
    title: `Deal ${n + 1}`,
    value: 1000 + (n % 10) * 100,
    currency: "EUR",
    status: n % 4 === 0 ? "won" : n % 4 === 1 ? "lost" : "open",
    pipeline_id: 1 + (n % 2),
    stage_id: 1 + (n % 5),
    owner_id: 7,
    add_time: DateTime.fromISO("2025-01-01T00:30:00", { zone: ZONE }).plus({ minutes: 72 * n }).toUTC().toISO({ suppressMilliseconds: true })!,
  }));
}

export interface PipedriveFake extends PlatformFake {
  deals: ReturnType<typeof buildDeals>;
}

export async function startPipedriveFake(): Promise<PipedriveFake> {
  const server = await startFakeServer();
  const deals = buildDeals();
  const oauth = mountOAuth2(server, { path: "/oauth/token", clientAuth: "basic", ...PIPEDRIVE_APP, refreshToken: PIPEDRIVE_CREDENTIAL.refreshToken, accessToken: PIPEDRIVE_CREDENTIAL.accessToken, rotateRefreshToken: true });
  const route = guardedRoutes(server, (req) => !!oauth.bearer(req), () => PIPEDRIVE_UNAUTHORIZED);
  route("GET", "/api/v1/users/me", () => ({ json: { success: true, data: { id: 7, name: "Ops", email: "ops@signalpost.example", company_id: 9001, company_name: "Signal OÜ", company_domain: "signal", timezone_name: ZONE, default_currency: "EUR" } } }));
  route("GET", "/api/v2/deals", (req) => {
    const limit = Number(req.query.get("limit") ?? 100);
    if (limit > 500) return { status: 400, json: { success: false, error: "limit must be <= 500", errorCode: 400 } };
    const sorted = [...deals].sort((a, b) => (req.query.get("sort_direction") === "desc" ? b.add_time.localeCompare(a.add_time) : a.add_time.localeCompare(b.add_time)));
    const start = req.query.get("cursor") ? Number(Buffer.from(req.query.get("cursor")!, "base64").toString()) : 0;
    const page = sorted.slice(start, start + limit);
    const next = start + limit < sorted.length ? Buffer.from(String(start + limit)).toString("base64") : null;
    return { json: { success: true, data: page, additional_data: { next_cursor: next } } };
  });
  return { server, baseUrl: server.url, credential: PIPEDRIVE_CREDENTIAL, app: PIPEDRIVE_APP, oauth, deals, close: () => server.close() };
}
