// A local Awin API: GET /accounts, GET /publishers/{id}/transactions/ and
// /advertisers/{id}/transactions/ (startDate/endDate at most 31 days apart, dateType, timezone),
// Bearer token checks and {error, description} bodies. Wire format: https://help.awin.com/apidocs
import { DateTime } from "luxon";
import { daysBetween } from "../../../tests/fakes/support/ads-family.js";
import { startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { seeded } from "../demo/prng.js";

export const awinError = (status: number, error: string, description: string): FakeReply => ({ status, json: { error, description } });
export const AWIN_UNAUTHORIZED = awinError(401, "Unauthorized", "Invalid or missing OAuth2 token");
export const AWIN_TOKEN = "awin-token-0001";
export const AWIN_ACCOUNTS = [
  { accountId: 112233, accountName: "Signal Deals (publisher)", accountType: "publisher", userRole: "admin" },
  { accountId: 445566, accountName: "Signal Shop (advertiser)", accountType: "advertiser", userRole: "admin" },
];
const STATUSES = ["pending", "approved", "declined"];

/** Deterministic transactions of an account on a day (from 2024-01-01 on). */
export function awinTransactions(accountId: string, day: string) {
  if (day < "2024-01-01") return [];
  const rand = seeded(`awin/${accountId}`, day, 0);
  return Array.from({ length: 2 + Math.floor(rand() * 4) }, (_, i) => ({
    id: Number(`${day.replace(/-/g, "")}${i}`),
    advertiserId: 7000 + (i % 2),
    publisherId: 9000 + (i % 2),
    commissionStatus: STATUSES[i % 3],
    saleAmount: { amount: Math.round((20 + rand() * 100) * 100) / 100, currency: "GBP" },
    commissionAmount: { amount: Math.round((1 + rand() * 8) * 100) / 100, currency: "GBP" },
    transactionDate: `${day}T${String(8 + i).padStart(2, "0")}:15:00`,
    type: "Commission group transaction",
  }));
}

export async function startAwinFake(): Promise<KeyFake> {
  const fake = await startKeyFake({
    basePath: "",
    credential: { type: "api-key", key: AWIN_TOKEN },
    authorized: (req) => req.headers.authorization === `Bearer ${AWIN_TOKEN}`,
    unauthorized: () => AWIN_UNAUTHORIZED,
  });
  fake.route("GET", "/accounts", () => ({ json: { userId: 5150, accounts: AWIN_ACCOUNTS } }));
  fake.route("GET", /^\/(?<kind>publishers|advertisers)\/(?<id>\d+)\/transactions\/$/, (req) => {
    const account = AWIN_ACCOUNTS.find((a) => String(a.accountId) === req.params.id);
    if (!account || `${account.accountType}s` !== req.params.kind) return awinError(403, "Forbidden", "No access to this account");
    const start = DateTime.fromISO(req.query.get("startDate") ?? "");
    const end = DateTime.fromISO(req.query.get("endDate") ?? "");
    if (!start.isValid || !end.isValid || end.diff(start, "days").days > 31) return awinError(400, "Bad Request", "The date range must not exceed 31 days");
    return { json: daysBetween(start.toISODate()!, end.toISODate()!).flatMap((d) => awinTransactions(req.params.id, d)) };
  });
  return fake;
}
