// A local AdsWizz Domain API: x-api-key checks, GET /domain/v8/agencies and POST
// /domain/v8/reports/query (agency and environment headers; {splitters, metrics, interval}) answering
// {data: [{key, total}]} with camelCase metric ids; {message} errors. Shapes from the Domain API
// examples cited in engine/connectors/ads-wizz/README.md.
import { DateTime } from "luxon";
import { activeDays, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const ADSWIZZ_KEY = "adswizz-domain-key-0001";
export const adswizzError = (status: number, message: string): FakeReply => ({ status, json: { message } });
export const ADSWIZZ_UNAUTHORIZED = adswizzError(401, "Unauthorized");
export const ADSWIZZ_AGENCIES = [
  { id: 654, name: "Signal Audio" },
  { id: 655, name: "Signal Podcasts" },
];

/** The AdsWizz totals of a campaign on a day, from the shared ads metrics. */
export function adswizzTotals(campaignId: string, day: string) {
  const m = campaignMetrics(campaignId, day);
  return { demandAudioImp: m.impressions, supplyRevenueInUSD: m.cost, objectiveCountableSum: m.impressions - m.clicks, supplyGrossClearingPriceSum: Math.round(m.cost * 1.2 * 100) / 100 };
}
export const campaignKey = (c: { id: string; name: string }) => `${c.name}(${c.id})`;

export async function startAdsWizzFake(): Promise<KeyFake> {
  const fake = await startKeyFake({
    basePath: "/domain/v8",
    credential: { type: "api-key", key: ADSWIZZ_KEY },
    authorized: (req) => req.headers["x-api-key"] === ADSWIZZ_KEY,
    unauthorized: () => ADSWIZZ_UNAUTHORIZED,
  });
  fake.route("GET", "/agencies", () => ({ json: ADSWIZZ_AGENCIES }));
  fake.route("POST", "/reports/query", (req) => {
    const agency = String(req.headers.agency ?? "");
    if (!ADSWIZZ_AGENCIES.some((a) => String(a.id) === agency)) return adswizzError(403, "Agency not accessible with this key");
    if (!["AUDIOMAX", "AUDIOSERVE"].includes(String(req.headers.environment))) return adswizzError(400, "environment header must be AUDIOMAX or AUDIOSERVE");
    const b = req.json<{ splitters?: { id: string; limit: number }[]; metrics: string[]; interval: { from: string; to: string } }>();
    const from = DateTime.fromISO(b.interval.from, { zone: "utc" }).toISODate()!;
    const to = DateTime.fromISO(b.interval.to, { zone: "utc" }).toISODate()!;
    const days = activeDays(from, to);
    const pick = (t: Record<string, number>) => Object.fromEntries(b.metrics.map((m) => [m, t[m as keyof typeof t] ?? 0]));
    const sum = (cs: ReturnType<typeof fakeCampaigns>) => {
      const out: Record<string, number> = {};
      for (const c of cs) for (const d of days) for (const [k, v] of Object.entries(adswizzTotals(c.id, d))) out[k] = Math.round(((out[k] ?? 0) + v) * 100) / 100;
      return out;
    };
    const campaigns = fakeCampaigns(agency);
    if (b.splitters?.[0]?.id === "contractLineName") {
      return { json: { data: campaigns.slice(0, b.splitters[0].limit).map((c) => ({ key: campaignKey(c), total: pick(sum([c])) })) } };
    }
    return { json: { data: [{ key: null, total: pick(sum(campaigns)) }] } };
  });
  return fake;
}
