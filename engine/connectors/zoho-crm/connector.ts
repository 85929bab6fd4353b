// Zoho CRM API v8 (https://www.zoho.com/crm/developer/docs/api/v8/). OAuth 2.0 through Zoho
// Accounts; requests carry "Authorization: Zoho-oauthtoken <token>". Zoho runs one data center
// per region: the API host is www.zohoapis.<dc> and the connection form keeps the chosen dc as
// the `location` option (com, eu, in, com.au, jp, ca, sa, com.cn); read when the stored
// credential carries it, else the US host. Deals are queried with COQL (POST /crm/v8/coql,
// "limit offset, 200", info.more_records); the org (GET /crm/v8/org) gives timezone and currency.
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, Credential, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "zoho-crm";
const PAGE_SIZE = 200;
const LOCATIONS = ["com", "eu", "in", "com.au", "jp", "ca", "sa", "com.cn"];

/** The API host of the credential's data center (options.location, kept with the source). */
export function zohoApiBase(credential: Credential): string {
  const location = (credential as { options?: Record<string, unknown> }).options?.location;
  const dc = typeof location === "string" && LOCATIONS.includes(location) ? location : "com";
  return `https://www.zohoapis.${dc}`;
}

/** The accounts server of a data center (Canada's is zohocloud.ca). */
export function zohoTokenUrl(options: Record<string, string | string[]> | undefined): string {
  const location = options?.location;
  const dc = typeof location === "string" && LOCATIONS.includes(location) ? location : "com";
  return dc === "ca" ? "https://accounts.zohocloud.ca/oauth/v2/token" : `https://accounts.zoho.${dc}/oauth/v2/token`;
}

const zohoDeal = z.object({
  id: z.string(),
  Deal_Name: z.string(),
  Amount: numberOrString.nullable(),
  Stage: z.string(),
  Pipeline: z.string().nullish(),
  Lead_Source: z.string().nullish(),
  Created_Time: z.string(),
  Closing_Date: z.string().nullish(),
  Owner: z.object({ id: z.string(), name: z.string().nullish() }).nullish(),
});
export type ZohoDeal = z.infer<typeof zohoDeal>;
/** An empty result is 204 No Content, read as null. */
const coqlPage = z.object({ data: z.array(zohoDeal).nullish(), info: z.object({ more_records: z.boolean().nullish(), count: z.number().nullish() }).nullish() }).nullable();
const orgAnswer = z.object({
  org: z.array(z.object({ id: z.string(), company_name: z.string(), time_zone: z.string().nullish(), iso_code: z.string().nullish(), currency: z.string().nullish(), primary_email: z.string().nullish() })).min(1),
});

async function org(ctx: ConnectorContext) {
  const body = await ctx.http.json({ url: "/crm/v8/org" }, orgAnswer);
  return body.org[0];
}

function deals(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from, to } = rangeBounds(range, account.timezone);
  const iso = (d: typeof from) => d.toISO({ suppressMilliseconds: true });
  return paginate<ZohoDeal, number>(
    async (offset = 0) => {
      // COQL reads at most 2,000 rows per offset window; day-sized slices of a CRM rarely approach that.
      const select_query = `select id, Deal_Name, Amount, Stage, Pipeline, Lead_Source, Created_Time, Closing_Date, Owner from Deals where Created_Time between '${iso(from)}' and '${iso(to.minus({ seconds: 1 }))}' order by Created_Time asc limit ${offset}, ${PAGE_SIZE}`;
      // An empty result is 204 No Content.
      const body = await ctx.http.json({ method: "POST", url: "/crm/v8/coql", account: account.id, json: { select_query } }, coqlPage);
      const items = body?.data ?? [];
      return { items, next: body?.info?.more_records ? offset + items.length : null };
    },
    { platform: PLATFORM },
  );
}

export const zohoCrmConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: "account",
  currency: "account",
  // Stages and amounts of deals move until they close, usually within a month.
  restatementDays: 30,
  allowedHosts: LOCATIONS.flatMap((dc) => [`www.zohoapis.${dc}`, `accounts.zoho.${dc}`]).concat(["accounts.zohocloud.ca"]),
  defaultBaseUrl: "https://www.zohoapis.com",
  baseUrlFor: zohoApiBase,
  // Tokens are issued and refreshed by the accounts server of the user's data center
  // (https://www.zoho.com/accounts/protocol/oauth/multi-dc.html).
  oauth2TokenUrlFor: zohoTokenUrl,
  supportsHourly: true,
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 50, intervalMs: 60_000 } },
  oauth2: {
    authorizeUrl: "https://accounts.zoho.com/oauth/v2/auth",
    tokenUrl: "https://accounts.zoho.com/oauth/v2/token",
    scopes: ["ZohoCRM.modules.deals.READ", "ZohoCRM.org.READ", "ZohoCRM.coql.READ"],
    extraAuthorizeParams: { access_type: "offline", prompt: "consent" },
  },
  authorize(request, credential) {
    if (credential.type !== "oauth2") throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Zoho CRM connects with OAuth 2.0. Reconnect the source." });
    request.headers.authorization = `Zoho-oauthtoken ${credential.accessToken}`;
  },
  // {"code": "INVALID_TOKEN", "details": {}, "message": "invalid oauth token", "status": "error"}
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Zoho CRM",
    message: (b) => (b?.message ? `${b.message} (${b.code})` : undefined),
    reconnect: "Reconnect Zoho CRM (check the data center chosen in the form matches your Zoho account).",
    isAuthError: (b) => ["INVALID_TOKEN", "AUTHENTICATION_FAILURE", "OAUTH_SCOPE_MISMATCH"].includes(b?.code),
  }),
  async check(ctx) {
    const o = await org(ctx);
    return { ok: true, identity: o.primary_email ?? o.company_name };
  },
  async listAccounts(ctx) {
    const o = await org(ctx);
    return [{ id: o.id, name: o.company_name, timezone: o.time_zone || "UTC", currency: o.iso_code || o.currency || "USD", status: "active" }];
  },
  reports: [
    {
      id: "deals",
      name: "Deals created",
      description: "Deals by the day they were created, with amount and stage.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Day the deal was created, in the org's timezone."),
        dim("hour", "Hour", "HOUR", "Hour the deal was created."),
        dim("stage", "Stage", "TEXT", "Deal stage (Qualification, Closed Won...)."),
        dim("pipeline", "Pipeline", "TEXT", "Pipeline."),
        dim("lead_source", "Lead source", "TEXT", "Lead source."),
        dim("owner", "Owner", "TEXT", "Deal owner."),
        metric("deals", "Deals", "NUMBER", "COUNT_DISTINCT", "Deals created."),
        metric("amount", "Amount", "CURRENCY", "SUM", "Deal amount."),
        metric("won_deals", "Won deals", "NUMBER", "SUM", "Deals in a Closed Won stage."),
        metric("won_amount", "Won amount", "CURRENCY", "SUM", "Amount of the deals won."),
        metric("win_rate", "Win rate", "PERCENT", "AVG", "Won deals / deals."),
      ],
      derived: { win_rate: (g) => ratio(g.won_deals, g.deals, 4) },
      fetch: (ctx, account, range) => deals(ctx, account, range),
      record: (d: ZohoDeal, account) => {
        const won = /closed.won/i.test(d.Stage);
        return {
          ...stamp(d.Created_Time, account.timezone),
          stage: d.Stage,
          pipeline: d.Pipeline ?? null,
          lead_source: d.Lead_Source ?? null,
          owner: d.Owner?.name ?? d.Owner?.id ?? null,
          deals: d.id,
          amount: num(d.Amount),
          won_deals: won ? 1 : 0,
          won_amount: won ? num(d.Amount) : 0,
        };
      },
    },
  ],
});
