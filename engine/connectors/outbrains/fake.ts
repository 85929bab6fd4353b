// A local Outbrain Amplify API v0.1: GET /login (HTTP Basic -> {"OB-TOKEN-V1": ...}), /marketers,
// /marketers/{id}/campaigns, and the periodic reports /reports/marketers/{id}/periodic and
// .../campaigns/periodic (breakdown=daily, limit/offset, totalResults), OB-TOKEN-V1 header checks.
// Wire format: https://amplifyv01.docs.apiary.io
import { offsetPage } from "../../../tests/fakes/support/ads-family.js";
import { adsCells, startSessionFake, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";

export const outbrainError = (status: number, message: string): FakeReply => ({ status, json: { message } });
export const OUTBRAIN_UNAUTHORIZED = outbrainError(401, "Invalid or expired OB-TOKEN-V1");
export const OUTBRAIN_REFUSAL = outbrainError(401, "Bad credentials");
export const OUTBRAIN_LOGIN = { username: "ads@signal.example", password: "ob-password-0001" };
export const MARKETERS = [
  { id: "00f4b02153ee75f3c9dc4fc128ab0419ab", name: "Signal Media", enabled: true, currency: "USD" },
  { id: "00a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6", name: "Signal Old", enabled: false, currency: "EUR" },
];

const metrics = (m: { impressions: number; clicks: number; cost: number; conversions: number; conversionValue: number }) => ({
  impressions: m.impressions,
  clicks: m.clicks,
  spend: m.cost,
  conversions: m.conversions,
  sumValue: m.conversionValue,
  ctr: m.impressions ? (m.clicks / m.impressions) * 100 : 0,
});

export async function startOutbrainFake(): Promise<SessionFake> {
  const fake = await startSessionFake({
    name: "outbrain",
    basePath: "/amplify/v0.1",
    loginMethod: "GET",
    loginPath: "/amplify/v0.1/login",
    credential: { type: "api-key", key: "", options: { ...OUTBRAIN_LOGIN } },
    accepts: (req) => String(req.headers.authorization) === `Basic ${Buffer.from(`${OUTBRAIN_LOGIN.username}:${OUTBRAIN_LOGIN.password}`).toString("base64")}`,
    refusal: OUTBRAIN_REFUSAL,
    issue: (token) => ({ json: { "OB-TOKEN-V1": token } }),
    tokenOf: (req) => req.headers["ob-token-v1"] as string | undefined,
    unauthorized: () => OUTBRAIN_UNAUTHORIZED,
  });
  const window = (req: RecordedRequest) => ({ offset: Number(req.query.get("offset") ?? 0), limit: Math.min(fake.options.pageSize, Number(req.query.get("limit") ?? 500)) });
  fake.route("GET", "/marketers", () => ({ json: { count: MARKETERS.length, marketers: MARKETERS } }));
  fake.route("GET", "/marketers/:id/campaigns", (req) => {
    const { offset, limit } = window(req);
    const all = fakeCampaigns(req.params.id).map((c) => ({ id: c.id, name: c.name, enabled: c.status === "ACTIVE", marketerId: req.params.id }));
    return { json: { campaigns: offsetPage(all, offset, limit).items, totalCount: all.length, count: all.length } };
  });
  fake.route("GET", "/reports/marketers/:id/periodic", (req) => {
    if (req.query.get("breakdown") !== "daily") return outbrainError(400, "breakdown must be daily, weekly or monthly");
    const { offset, limit } = window(req);
    const all = adsCells(req.params.id, req.query.get("from") ?? "", req.query.get("to") ?? "", {}).map(({ day, m }) => ({ metadata: { id: day, fromDate: day, toDate: day }, metrics: metrics(m) }));
    return { json: { results: offsetPage(all, offset, limit).items, totalResults: all.length, summary: {} } };
  });
  fake.route("GET", "/reports/marketers/:id/campaigns/periodic", (req) => {
    const { offset, limit } = window(req);
    const cells = adsCells(req.params.id, req.query.get("from") ?? "", req.query.get("to") ?? "", { byCampaign: true });
    const all = fakeCampaigns(req.params.id)
      .map((c) => ({ campaignId: c.id, results: cells.filter((x) => x.campaign?.id === c.id).map(({ day, m }) => ({ metadata: { id: day, fromDate: day, toDate: day }, metrics: metrics(m) })) }))
      .filter((c) => c.results.length > 0);
    return { json: { campaignResults: offsetPage(all, offset, limit).items, totalResults: all.length } };
  });
  return fake;
}
