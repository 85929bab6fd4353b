// A local Quora Ads API v0 for connector tests: /me, /accounts and /accounts/{id} with fields,
// level, startDate/endDate and offset/limit paging, {"data": [...]} envelopes and error bodies.
// Wire format: https://www.quora.com/ads/api
import { accountMetrics, activeDays, campaignMetrics, fakeCampaigns, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const quoraError = (status: number, message: string): FakeReply => ({ status, json: { error: { code: status, message } } });
export const QUORA_UNAUTHORIZED = quoraError(401, "Invalid or expired OAuth token");

export const ACCOUNTS = [
  { accountId: 90001, accountName: "Signal Q&A", accountCurrency: "USD", timezone: "America/Los_Angeles", status: "ACTIVE" },
  { accountId: 90002, accountName: "Signal Q&A EU", accountCurrency: "EUR", timezone: "Europe/Dublin", status: "ACTIVE" },
];

const paged = (fake: AdsFake, req: RecordedRequest, items: unknown[]) => ({ json: { data: offsetPage(items, Number(req.query.get("offset") ?? 0), Math.min(fake.options.pageSize, Number(req.query.get("limit") ?? 25))).items } });

/** The EU account runs 102 campaigns, more than one page of the connector's limit of 100. */
export function quoraCampaigns(accountId: string) {
  if (accountId !== String(ACCOUNTS[1].accountId)) return fakeCampaigns(accountId);
  return Array.from({ length: 102 }, (_, i) => ({ id: `${accountId}${String(i + 1).padStart(3, "0")}`, name: `Topic ${i + 1}`, status: "ACTIVE" }));
}

export async function startQuoraFake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "quora", basePath: "/ads/v0", tokenPath: "/_/oauth/token", unauthorized: () => QUORA_UNAUTHORIZED });
  fake.route("GET", "/me", () => ({ json: { data: { email: "ads@signalpost.test", name: "Signal Ads" } } }));
  fake.route("GET", "/accounts", (req) => paged(fake, req, ACCOUNTS));
  fake.route("GET", "/accounts/:id", (req) => {
    const id = req.params.id;
    const [start, end] = [req.query.get("startDate")!, req.query.get("endDate")!];
    const days = activeDays(start, end);
    const sum = (of: (day: string) => ReturnType<typeof accountMetrics>) => days.reduce((acc, d) => {
      const m = of(d);
      return { impressions: acc.impressions + m.impressions, clicks: acc.clicks + m.clicks, spend: Math.round((acc.spend + m.cost) * 100) / 100, conversions: acc.conversions + m.conversions };
    }, { impressions: 0, clicks: 0, spend: 0, conversions: 0 });
    if (days.length === 0) return { json: { data: [] } };
    if (req.query.get("level") === "CAMPAIGN") return paged(fake, req, quoraCampaigns(id).map((c) => ({ campaignId: c.id, campaignName: c.name, status: c.status, ...sum((d) => campaignMetrics(c.id, d)) })));
    return { json: { data: [{ accountId: Number(id), ...sum((d) => accountMetrics(id, d)) }] } };
  });
  return fake;
}
