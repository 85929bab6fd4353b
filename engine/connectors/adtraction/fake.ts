// A local Adtraction API v3: X-Token checks, GET /v3/partner/channels/ and POST
// /v3/partner/transactions/ ({fromDate, toDate, channelId}, ISO dates with an offset), {message}
// errors. Wire format: https://adtraction.docs.apiary.io
import { DateTime } from "luxon";
import { seeded } from "../demo/prng.js";
import { daysBetween } from "../../../tests/fakes/support/ads-family.js";
import { startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const adtractionError = (status: number, message: string): FakeReply => ({ status, json: { message } });
export const ADTRACTION_UNAUTHORIZED = adtractionError(401, "Invalid token");
export const ADTRACTION_TOKEN = "adtraction-token-0001";
export const CHANNELS = [
  { channelId: 1436, channelName: "Signal Blog", currency: "SEK", status: 1 },
  { channelId: 1437, channelName: "Signal Newsletter", currency: "EUR", status: 1 },
];

/** Deterministic transactions of a channel on a (Stockholm) day, from 2024-01-01 on. */
export function adtractionTransactions(channelId: string, day: string) {
  if (day < "2024-01-01") return [];
  const rand = seeded(`adtraction/${channelId}`, day, 0);
  return Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, i) => ({
    uniqueId: `${channelId}-${day}-${i}`,
    transactionDate: DateTime.fromISO(`${day}T${String(9 + i).padStart(2, "0")}:30:00`, { zone: "Europe/Stockholm" }).toISO(),
    programId: 3000 + (i % 2),
    programName: i % 2 ? "Signal Shoes SE" : "Signal Books SE",
    orderValue: Math.round((100 + rand() * 900) * 100) / 100,
    commission: Math.round((5 + rand() * 50) * 100) / 100,
    currency: "SEK",
    transactionStatus: [1, 2, 4][i % 3],
  }));
}

export async function startAdtractionFake(): Promise<KeyFake> {
  const fake = await startKeyFake({
    basePath: "/v3",
    credential: { type: "api-key", key: ADTRACTION_TOKEN },
    authorized: (req) => req.headers["x-token"] === ADTRACTION_TOKEN,
    unauthorized: () => ADTRACTION_UNAUTHORIZED,
  });
  fake.route("GET", "/partner/channels/", () => ({ json: CHANNELS }));
  fake.route("POST", "/partner/transactions/", (req) => {
    const b = req.json<{ fromDate: string; toDate: string; channelId: number }>();
    const from = DateTime.fromISO(b.fromDate, { setZone: true });
    const to = DateTime.fromISO(b.toDate, { setZone: true });
    if (!from.isValid || !to.isValid) return adtractionError(400, "fromDate and toDate must be ISO 8601 dates with an offset");
    return { json: daysBetween(from.toISODate()!, to.toISODate()!).flatMap((d) => adtractionTransactions(String(b.channelId), d)) };
  });
  return fake;
}
