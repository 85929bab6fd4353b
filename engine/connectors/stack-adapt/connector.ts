// StackAdapt through its GraphQL API (https://docs.stackadapt.com/graphql/): POST
// https://api.stackadapt.com/graphql with the form's API key as a Bearer token. Advertisers page
// with Relay cursors (nodes, pageInfo {hasNextPage, endCursor}); delivery comes from
// campaignDelivery (granularity DAILY), a union of CampaignDeliveryOutcome (records, paged with
// the same cursors) and Progress (still computing: asked again shortly). Errors arrive in a 200
// as {errors: [{message, extensions: {code}}]}; money is a decimal string.
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { collectItems, paginate } from "../../core/paginate.js";
import { delay } from "../../core/poll.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD } from "../shared/ads-family.js";
import { num } from "../shared/records.js";

const PLATFORM = "stack-adapt";
const PAGE_SIZE = 100;
/** Progress answers are asked again this many times before the read is retried later. */
const MAX_PROGRESS_POLLS = 10;

export const ADVERTISERS_QUERY = `query Advertisers($first: Int!, $after: String) {
  advertisers(first: $first, after: $after) { nodes { id name currency timezone } pageInfo { hasNextPage endCursor } }
}`;
export const DELIVERY_QUERY = `query Delivery($advertiserId: ID!, $from: ISO8601Date!, $to: ISO8601Date!, $first: Int!, $after: String) {
  campaignDelivery(filterBy: { advertiserIds: [$advertiserId] }, date: { from: $from, to: $to }, granularity: DAILY, dataType: TABLE) {
    __typename
    ... on CampaignDeliveryOutcome {
      records(first: $first, after: $after) {
        nodes { campaign { id name } granularity { startTime } metrics { impressionsBigint clicksBigint cost conversionsBigint conversionRevenue } }
        pageInfo { hasNextPage endCursor }
      }
    }
    ... on Progress { jobId progress }
  }
}`;

/** Errors come in a 200 beside data (null or partial), so they are read before data's own schema. */
const graphqlErrors = z.object({ errors: z.array(z.object({ message: z.string().nullish(), extensions: z.object({ code: z.string().nullish() }).nullish() })).nullish() });

async function graphql<T>(ctx: ConnectorContext, query: string, variables: Record<string, unknown>, data: z.ZodType<T>, account?: string): Promise<T> {
  const response = await ctx.http.request({ method: "POST", url: "/graphql", account, json: { query, variables } });
  const errors = response.json(graphqlErrors).errors ?? [];
  if (errors.length > 0) {
    const code = errors[0].extensions?.code ?? "";
    const message = ctx.http.redact(errors.map((e) => e.message).join("; ")).slice(0, 300);
    if (code === "UNAUTHENTICATED") throw new ConnectorError({ kind: "config", platform: PLATFORM, status: 401, message: `StackAdapt rejected the API key (${message}). Reconnect the source with a valid key.` });
    if (code === "FORBIDDEN") throw new ConnectorError({ kind: "config", platform: PLATFORM, status: 403, message: `StackAdapt denied access (${message}): the API key is missing a permission for this data.` });
    if (code === "RATE_LIMITED" || code === "THROTTLED") throw new ConnectorError({ kind: "transient", platform: PLATFORM, message: `StackAdapt quota reached (${message}). The extraction will be retried.` });
    throw new ConnectorError({ kind: "system", platform: PLATFORM, message: `StackAdapt rejected the query: ${message}` });
  }
  const body = response.json(z.object({ data: data.nullish() }));
  if (!body.data) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "StackAdapt answered without data." });
  return body.data;
}

const advertiserPage = z.object({ advertisers: z.object({ nodes: z.array(z.object({ id: z.string(), name: z.string(), currency: z.string().nullish(), timezone: z.string().nullish() })), pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }) }) });
const record_ = z.object({ campaign: z.object({ id: z.string(), name: z.string() }).nullish(), granularity: z.object({ startTime: z.string() }), metrics: z.record(z.string(), z.unknown()) });
const delivery = z.object({
  campaignDelivery: z.object({
    __typename: z.string(),
    records: z.object({ nodes: z.array(record_), pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }) }).nullish(),
  }),
});

async function deliveryPage(ctx: ConnectorContext, account: Account, range: DateRange, after: string | undefined) {
  for (let poll = 0; ; poll++) {
    const data = await graphql(ctx, DELIVERY_QUERY, { advertiserId: account.id, from: range.start, to: range.end, first: PAGE_SIZE, after: after ?? null }, delivery, account.id);
    if (data.campaignDelivery.__typename !== "Progress" && data.campaignDelivery.records) return data.campaignDelivery.records;
    if (poll >= MAX_PROGRESS_POLLS) throw new ConnectorError({ kind: "transient", platform: PLATFORM, message: "StackAdapt is still computing the delivery report. The extraction will be retried." });
    await delay(1_000 * (poll + 1), ctx.signal);
  }
}

async function* report(ctx: ConnectorContext, account: Account, range: DateRange) {
  yield* paginate<z.infer<typeof record_>, string>(async (after) => {
    const page = await deliveryPage(ctx, account, range, after);
    return { items: page.nodes, next: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined };
  }, { platform: PLATFORM });
}

function record(r: z.infer<typeof record_>, account: Account): Row {
  const m = r.metrics;
  return {
    date: r.granularity.startTime.slice(0, 10),
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: r.campaign?.id ?? null,
    campaign_name: r.campaign?.name ?? null,
    impressions: num(m.impressionsBigint),
    clicks: num(m.clicksBigint),
    cost: num(m.cost),
    conversions: num(m.conversionsBigint),
    conversion_value: num(m.conversionRevenue),
  };
}

const fields = (level: "account" | "campaign") => adsFields(level, { conversionValue: true, extra: [CPM_FIELD] }).filter((f) => f.id !== "campaign_status");

export const stackAdaptConnector = adsConnector({
  id: PLATFORM,
  displayName: "StackAdapt",
  authMethod: "api-key",
  authorize(request, credential) {
    request.headers.authorization = `Bearer ${credential.type === "api-key" ? credential.key : ""}`;
  },
  timezone: "account",
  currency: "account",
  // Conversions are attributed up to the pixel's 30-day click window (StackAdapt default).
  // https://support.stackadapt.com/hc/en-us/articles/360023624371
  restatementDays: 30,
  allowedHosts: ["api.stackadapt.com"],
  defaultBaseUrl: "https://api.stackadapt.com",
  rateLimit: { maxConcurrent: 2 },
  errorMessage: (b: any) => b?.errors?.[0]?.message ?? b?.message,

  async check(ctx) {
    await graphql(ctx, ADVERTISERS_QUERY, { first: 1, after: null }, advertiserPage);
    return { ok: true };
  },
  async listAccounts(ctx) {
    const all = await collectItems(
      paginate<z.infer<typeof advertiserPage>["advertisers"]["nodes"][number], string>(async (after) => {
        const { advertisers } = await graphql(ctx, ADVERTISERS_QUERY, { first: PAGE_SIZE, after: after ?? null }, advertiserPage);
        return { items: advertisers.nodes, next: advertisers.pageInfo.hasNextPage ? advertisers.pageInfo.endCursor : undefined };
      }, { platform: PLATFORM }),
    );
    return all.map((a) => ({ id: a.id, name: a.name, timezone: a.timezone || "America/New_York", currency: a.currency || "USD", status: "active" }));
  },
  reports: [
    { id: "account", name: "Advertiser", description: "Advertiser totals by day.", fields: fields("account"), fetch: (ctx, a, r) => report(ctx, a, r), record },
    { id: "campaign", name: "Campaigns", description: "Campaign delivery by day.", fields: fields("campaign"), fetch: (ctx, a, r) => report(ctx, a, r), record },
  ],
});
