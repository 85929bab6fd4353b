// ActiveCampaign API v3 on the account's own host: {url}/api/3 (https://developers.activecampaign.com/reference).
// The key goes in the Api-Token header; the account URL comes from the form (options.url, e.g.
// https://youraccount.api-us1.com). Campaigns list with limit/offset (meta.total) and carry their
// lifetime counters (send_amt, uniqueopens, linkclicks...) as strings; they are read newest
// first and kept when their send date (sdate, ISO-8601 with offset) falls in the range.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { EMAIL_DERIVED, EMAIL_METRICS } from "../shared/email-fields.js";
import { customerBaseUrl, num, platformErrors, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "active-campaign";
const PAGE_SIZE = 100;

// Counters are strings ("1200"), read with num().
const acCampaign = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: numberOrString,
  sdate: z.string().nullable(),
  send_amt: numberOrString,
  opens: numberOrString,
  uniqueopens: numberOrString,
  linkclicks: numberOrString,
  uniquelinkclicks: numberOrString,
  hardbounces: numberOrString,
  softbounces: numberOrString,
  unsubscribes: numberOrString,
  forwards: numberOrString.nullish(),
});
export type AcCampaign = z.infer<typeof acCampaign>;
const campaignPage = z.object({ campaigns: z.array(acCampaign).nullish(), meta: z.object({ total: numberOrString.nullish() }).nullish() });
const me = z.object({ user: z.object({ email: z.string().nullish() }).nullish() });

async function* campaigns(ctx: ConnectorContext, account: Account, range: DateRange): AsyncIterable<AcCampaign[]> {
  // orders[sdate]=DESC: once a page ends before the range, older pages cannot match.
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const body = await ctx.http.json(
      {
        url: "/api/3/campaigns",
        account: account.id,
        query: { limit: PAGE_SIZE, offset, "orders[sdate]": "DESC" },
      },
      campaignPage,
    );
    const page = body.campaigns ?? [];
    yield page.filter((c) => c.sdate);
    const oldest = page.map((c) => stamp(c.sdate, account.timezone).date).filter(Boolean).sort()[0];
    if (page.length < PAGE_SIZE || offset + PAGE_SIZE >= num(body.meta?.total) || (oldest && oldest < range.start)) return;
  }
}

export const activeCampaignConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  // Campaign send dates carry their offset; days are UTC (the API exposes no account timezone).
  timezone: { fixed: "UTC" },
  currency: "none",
  // Opens and clicks keep arriving for about two weeks after a send.
  restatementDays: 14,
  allowedHosts: ["*.api-us1.com", "*.activehosted.com", "account.activecampaign.invalid"],
  defaultBaseUrl: "https://account.activecampaign.invalid",
  baseUrlFor: (credential) => customerBaseUrl(credentialOption(credential, "url"), /\/api\/3$/i),
  // 5 requests per second per account (https://developers.activecampaign.com/reference/rate-limits).
  rateLimit: { maxConcurrent: 1, reservoir: { amount: 5, intervalMs: 1000 } },
  authorize(request, credential) {
    if (request.url.hostname.endsWith(".invalid")) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The ActiveCampaign API URL is missing: copy it from Settings > Developer (https://youraccount.api-us1.com) and reconnect." });
    }
    if (credential.type === "api-key") request.headers["api-token"] = credential.key;
  },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "ActiveCampaign",
    message: (b) => b?.message ?? b?.errors?.map((e: { title?: string }) => e.title).join("; "),
    reconnect: "Copy the API key from Settings > Developer in ActiveCampaign and reconnect.",
    // A wrong token answers 403 {"message": "Forbidden"} rather than 401.
    isAuthError: (b, r) => r.status === 403 && /forbidden|api.?token|api.?key/i.test(String(b?.message ?? "")),
  }),
  async check(ctx) {
    const answer = await ctx.http.json({ url: "/api/3/users/me" }, me);
    return { ok: true, identity: answer.user?.email ?? undefined };
  },
  async listAccounts(ctx) {
    const host = new URL(customerBaseUrl(credentialOption(ctx.credential, "url")) ?? ctx.http.baseUrl).hostname.split(".")[0];
    return [{ id: host, name: host, timezone: "UTC", currency: "USD", status: "active" }];
  },
  reports: [
    {
      id: "campaigns",
      name: "Campaigns",
      description: "Sent campaigns with their delivery, open and click counts, by send date.",
      fields: [
        dim("date", "Send date", "YEAR_MONTH_DAY", "Day the campaign was sent (UTC)."),
        dim("campaign_id", "Campaign ID", "TEXT", "Campaign id."),
        dim("campaign_name", "Campaign", "TEXT", "Campaign name."),
        dim("campaign_type", "Type", "TEXT", "single, recurring, split, responder, reminder..."),
        metric("campaigns", "Campaigns", "NUMBER", "COUNT_DISTINCT", "Campaigns sent."),
        ...EMAIL_METRICS,
      ],
      derived: EMAIL_DERIVED,
      fetch: (ctx, account, range) => campaigns(ctx, account, range),
      record: (c: AcCampaign, account) => ({
        date: stamp(c.sdate, account.timezone).date,
        campaign_id: c.id,
        campaign_name: c.name,
        campaign_type: c.type,
        campaigns: c.id,
        sent: num(c.send_amt),
        delivered: null,
        opens: num(c.opens),
        unique_opens: num(c.uniqueopens),
        clicks: num(c.linkclicks),
        unique_clicks: num(c.uniquelinkclicks),
        hard_bounces: num(c.hardbounces),
        soft_bounces: num(c.softbounces),
        unsubscribes: num(c.unsubscribes),
        spam_reports: null,
      }),
    },
  ],
});
