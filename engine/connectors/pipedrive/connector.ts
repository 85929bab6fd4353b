// Pipedrive API with OAuth 2.0 (https://pipedrive.readme.io/docs/marketplace-oauth-authorization):
// Bearer access tokens refreshed at oauth.pipedrive.com with HTTP Basic client authentication.
// The company (GET /api/v1/users/me) gives the timezone and default currency. Deals are read
// through the v2 Deals API (https://developers.pipedrive.com/docs/api/v1/Deals#getDeals, v2),
// sorted by add_time newest first with cursor paging, and kept when created in the range.
import { z } from "zod";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { ratio } from "../../core/aggregate.js";
import { num, platformErrors, recordsConnector, stamp } from "../shared/records.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";
import { numberOrString } from "../shared/answers.js";

const PLATFORM = "pipedrive";
const PAGE_SIZE = 500;

const deal = z.object({
  id: z.number(),
  title: z.string(),
  value: numberOrString.nullable(),
  currency: z.string(),
  /** open, won, lost or deleted. */
  status: z.string(),
  pipeline_id: z.number(),
  stage_id: z.number(),
  owner_id: z.number(),
  add_time: z.string(),
  won_time: z.string().nullish(),
});
export type Deal = z.infer<typeof deal>;
const dealPage = z.object({ data: z.array(deal).nullable(), additional_data: z.object({ next_cursor: z.string().nullish() }).nullish() });
const meAnswer = z.object({
  data: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    company_id: z.number(),
    company_name: z.string(),
    company_domain: z.string().nullish(),
    timezone_name: z.string().nullish(),
    default_currency: z.string().nullish(),
  }),
});
type Me = z.infer<typeof meAnswer>["data"];

async function me(ctx: ConnectorContext): Promise<Me> {
  return (await ctx.http.json({ url: "/api/v1/users/me" }, meAnswer)).data;
}

async function* deals(ctx: ConnectorContext, account: Account, range: DateRange): AsyncIterable<Deal[]> {
  let cursor: string | undefined;
  for (;;) {
    const body = await ctx.http.json(
      {
        url: "/api/v2/deals",
        account: account.id,
        query: { sort_by: "add_time", sort_direction: "desc", limit: PAGE_SIZE, cursor, status: "open,won,lost" },
      },
      dealPage,
    );
    const page = body.data ?? [];
    yield page;
    const oldest = page.length ? stamp(page[page.length - 1].add_time, account.timezone).date : null;
    cursor = body.additional_data?.next_cursor ?? undefined;
    // Newest first: a page that ends before the range means no later page can match.
    if (!cursor || (oldest && oldest < range.start)) return;
  }
}

export const pipedriveConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: "account",
  currency: "account",
  // Deals created in the range keep moving (won, lost, value edits) for weeks.
  restatementDays: 30,
  allowedHosts: ["api.pipedrive.com", "oauth.pipedrive.com"],
  defaultBaseUrl: "https://api.pipedrive.com",
  supportsHourly: true,
  // Token-based daily budget and 2-second bursts per company (https://pipedrive.readme.io/docs/core-api-concepts-rate-limiting).
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 40, intervalMs: 2000 } },
  oauth2: {
    authorizeUrl: "https://oauth.pipedrive.com/oauth/authorize",
    tokenUrl: "https://oauth.pipedrive.com/oauth/token",
    scopes: ["deals:read", "users:read"],
    clientAuth: "basic",
  },
  authorize(request, credential) {
    setOAuth2Bearer(request, credential, PLATFORM, "Pipedrive");
  },
  // {"success": false, "error": "unauthorized access", "errorCode": 401, "error_info": "..."}
  classifyError: platformErrors({ platform: PLATFORM, displayName: "Pipedrive", message: (b) => b?.error, reconnect: "Reconnect Pipedrive to authorize access again." }),
  async check(ctx) {
    return { ok: true, identity: (await me(ctx)).email };
  },
  async listAccounts(ctx) {
    const m = await me(ctx);
    return [{ id: String(m.company_id), name: m.company_name, timezone: m.timezone_name || "UTC", currency: m.default_currency || "USD", status: "active" }];
  },
  reports: [
    {
      id: "deals",
      name: "Deals created",
      description: "Deals by the day they were created, with their value and outcome so far.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Day the deal was created, in the company's timezone."),
        dim("hour", "Hour", "HOUR", "Hour the deal was created."),
        dim("status", "Status", "TEXT", "open, won or lost."),
        dim("pipeline_id", "Pipeline", "TEXT", "Pipeline id."),
        dim("stage_id", "Stage", "TEXT", "Stage id."),
        dim("owner_id", "Owner", "TEXT", "Owner user id."),
        dim("deal_currency", "Deal currency", "TEXT", "Currency of the deal value."),
        metric("deals", "Deals", "NUMBER", "COUNT_DISTINCT", "Deals created."),
        metric("value", "Value", "CURRENCY", "SUM", "Deal value."),
        metric("won_deals", "Won deals", "NUMBER", "SUM", "Deals won so far."),
        metric("won_value", "Won value", "CURRENCY", "SUM", "Value of the deals won."),
        metric("lost_deals", "Lost deals", "NUMBER", "SUM", "Deals lost so far."),
        metric("win_rate", "Win rate", "PERCENT", "AVG", "Won deals / deals."),
      ],
      derived: { win_rate: (g) => ratio(g.won_deals, g.deals, 4) },
      fetch: (ctx, account, range) => deals(ctx, account, range),
      record: (d: Deal, account) => ({
        ...stamp(d.add_time, account.timezone),
        status: d.status,
        pipeline_id: String(d.pipeline_id),
        stage_id: String(d.stage_id),
        owner_id: String(d.owner_id),
        deal_currency: d.currency,
        deals: d.id,
        value: num(d.value),
        won_deals: d.status === "won" ? 1 : 0,
        won_value: d.status === "won" ? num(d.value) : 0,
        lost_deals: d.status === "lost" ? 1 : 0,
      }),
    },
  ],
});
