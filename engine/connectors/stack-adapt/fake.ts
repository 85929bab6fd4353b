// A local StackAdapt GraphQL API: POST /graphql with a Bearer key, answering the advertisers and
// campaignDelivery queries the connector sends (Relay cursors, CampaignDeliveryOutcome | Progress),
// errors inside a 200 as {errors: [{message, extensions: {code}}]}.
import { adsCells, startKeyFake, type KeyFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";

export const stackError = (code: string, message: string, status = 200): FakeReply => ({ status, json: { data: null, errors: [{ message, extensions: { code } }] } });
export const STACK_UNAUTHORIZED = stackError("UNAUTHENTICATED", "Invalid API key", 401);
export const STACK_KEY = "stack-api-key-0001";
export const STACK_ADVERTISERS = [
  { id: "8101", name: "Signal Outdoors", currency: "CAD", timezone: "America/Toronto" },
  { id: "8102", name: "Signal Tech", currency: "USD", timezone: "America/Los_Angeles" },
];

const cursorPage = <T>(items: T[], after: string | null | undefined, first: number) => {
  const start = after ? Number(Buffer.from(after, "base64").toString()) : 0;
  const end = start + first;
  return { nodes: items.slice(start, end), pageInfo: { hasNextPage: end < items.length, endCursor: Buffer.from(String(end)).toString("base64") } };
};

export async function startStackAdaptFake(): Promise<KeyFake> {
  const fake = await startKeyFake({
    basePath: "",
    credential: { type: "api-key", key: STACK_KEY },
    authorized: (req) => req.headers.authorization === `Bearer ${STACK_KEY}`,
    unauthorized: () => STACK_UNAUTHORIZED,
  });
  fake.route("POST", "/graphql", (req) => {
    const { query, variables } = req.json<{ query: string; variables: Record<string, any> }>();
    const first = Math.min(fake.options.pageSize, Number(variables.first ?? 100));
    if (/advertisers\(/.test(query)) return { json: { data: { advertisers: cursorPage(STACK_ADVERTISERS, variables.after, first) } } };
    if (/campaignDelivery\(/.test(query)) {
      const records = adsCells(String(variables.advertiserId), variables.from, variables.to, { byCampaign: true }).map(({ day, campaign: c, m }) => ({
        campaign: { id: c!.id, name: c!.name },
        granularity: { startTime: `${day}T00:00:00-05:00` },
        metrics: { impressionsBigint: String(m.impressions), clicksBigint: String(m.clicks), cost: m.cost.toFixed(2), conversionsBigint: String(m.conversions), conversionRevenue: m.conversionValue.toFixed(2) },
      }));
      return { json: { data: { campaignDelivery: { __typename: "CampaignDeliveryOutcome", records: cursorPage(records, variables.after, first) } } } };
    }
    return stackError("GRAPHQL_VALIDATION_FAILED", "Unknown query");
  });
  return fake;
}
