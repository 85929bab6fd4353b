// Brevo (ex-Sendinblue) API v3: https://api.brevo.com/v3 (https://developers.brevo.com/reference).
// The key goes in the api-key header. Reports: transactional e-mail statistics per day
// (GET /smtp/statistics/reports, limit/offset, at most 30 days per page) and sent e-mail campaigns
// with their global statistics (GET /emailCampaigns?status=sent&statistics=globalStats,
// limit/offset with count). Brevo reports days in UTC; e-mail metrics carry no currency.
import { z } from "zod";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { EMAIL_DERIVED, EMAIL_METRICS } from "../shared/email-fields.js";
import { num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "brevo";

// Counters are read with num(): https://developers.brevo.com/reference/getsmtpreport
const dayReport = z.object({
  date: z.string(),
  requests: numberOrString.nullish(),
  delivered: numberOrString.nullish(),
  hardBounces: numberOrString.nullish(),
  softBounces: numberOrString.nullish(),
  clicks: numberOrString.nullish(),
  uniqueClicks: numberOrString.nullish(),
  opens: numberOrString.nullish(),
  uniqueOpens: numberOrString.nullish(),
  spamReports: numberOrString.nullish(),
  unsubscribed: numberOrString.nullish(),
});
export type DayReport = z.infer<typeof dayReport>;
const campaign = z.object({
  id: z.number(),
  name: z.string(),
  sentDate: z.string().nullish(),
  statistics: z.object({ globalStats: z.record(z.string(), numberOrString.nullable()).nullish() }).nullish(),
});
export type Campaign = z.infer<typeof campaign>;
const reportPage = z.object({ reports: z.array(dayReport).nullish() });
const campaignPage = z.object({ campaigns: z.array(campaign).nullish(), count: numberOrString.nullish() });
const accountAnswer = z.object({ email: z.string(), companyName: z.string().nullish() });

function dailyReports(ctx: ConnectorContext, account: Account, range: DateRange) {
  // limit is 10 by default and 30 at most (https://developers.brevo.com/reference/getsmtpreport).
  return paginate<DayReport, number>(
    async (offset = 0) => {
      const body = await ctx.http.json({ url: "/smtp/statistics/reports", account: account.id, query: { startDate: range.start, endDate: range.end, limit: 30, offset, sort: "asc" } }, reportPage);
      const items = body.reports ?? [];
      return { items, next: items.length === 30 ? offset + 30 : null };
    },
    { platform: PLATFORM },
  );
}

function campaigns(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from, to } = rangeBounds(range, account.timezone);
  return paginate<Campaign, number>(
    async (offset = 0) => {
      const body = await ctx.http.json(
        {
          url: "/emailCampaigns",
          account: account.id,
          query: { type: "classic", status: "sent", statistics: "globalStats", startDate: from.toUTC().toISO(), endDate: to.toUTC().toISO(), limit: 100, offset, sort: "asc" },
        },
        campaignPage,
      );
      const items = body.campaigns ?? [];
      return { items, next: offset + items.length < num(body.count) && items.length > 0 ? offset + items.length : null };
    },
    { platform: PLATFORM },
  );
}

export const brevoConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: { fixed: "UTC" },
  currency: "none",
  // Opens, clicks and late bounces keep arriving for days after a send.
  restatementDays: 14,
  allowedHosts: ["api.brevo.com"],
  defaultBaseUrl: "https://api.brevo.com/v3",
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 10, intervalMs: 1000 } },
  authorize(request, credential) {
    if (credential.type === "api-key") request.headers["api-key"] = credential.key;
  },
  // {"code": "unauthorized", "message": "Key not found"}
  classifyError: platformErrors({ platform: PLATFORM, displayName: "Brevo", message: (b) => (b?.message ? `${b.message}${b.code ? ` (${b.code})` : ""}` : undefined), reconnect: "Create an API key in Brevo (SMTP & API > API keys) and reconnect." }),
  async check(ctx) {
    const a = await ctx.http.json({ url: "/account" }, accountAnswer);
    return { ok: true, identity: a.email };
  },
  async listAccounts(ctx) {
    const a = await ctx.http.json({ url: "/account" }, accountAnswer);
    return [{ id: a.email, name: a.companyName || a.email, timezone: "UTC", currency: "EUR", status: "active" }];
  },
  reportHelp: "Transactional e-mails per day, or marketing campaigns by send date.",
  reports: [
    {
      id: "transactional",
      name: "Transactional e-mails",
      description: "Daily statistics of transactional e-mails (SMTP and API).",
      fields: [dim("date", "Date", "YEAR_MONTH_DAY", "Day (UTC)."), ...EMAIL_METRICS],
      derived: EMAIL_DERIVED,
      fetch: (ctx, account, range) => dailyReports(ctx, account, range),
      record: (r: DayReport) => ({
        date: r.date,
        sent: num(r.requests),
        delivered: num(r.delivered),
        opens: num(r.opens),
        unique_opens: num(r.uniqueOpens),
        clicks: num(r.clicks),
        unique_clicks: num(r.uniqueClicks),
        hard_bounces: num(r.hardBounces),
        soft_bounces: num(r.softBounces),
        unsubscribes: num(r.unsubscribed),
        spam_reports: num(r.spamReports),
      }),
    },
    {
      id: "campaigns",
      name: "E-mail campaigns",
      description: "Sent marketing campaigns with their lifetime statistics, by send date.",
      fields: [
        dim("date", "Send date", "YEAR_MONTH_DAY", "Day the campaign was sent (UTC)."),
        dim("campaign_id", "Campaign ID", "TEXT", "Campaign id."),
        dim("campaign_name", "Campaign", "TEXT", "Campaign name."),
        metric("campaigns", "Campaigns", "NUMBER", "COUNT_DISTINCT", "Campaigns sent."),
        ...EMAIL_METRICS,
      ],
      derived: EMAIL_DERIVED,
      fetch: (ctx, account, range) => campaigns(ctx, account, range),
      record: (c: Campaign) => {
        const s = c.statistics?.globalStats ?? {};
        return {
          date: stamp(c.sentDate, "UTC").date,
          campaign_id: String(c.id),
          campaign_name: c.name,
          campaigns: c.id,
          sent: num(s.sent),
          delivered: num(s.delivered),
          opens: num(s.viewed),
          unique_opens: num(s.uniqueViews),
          clicks: num(s.clickers),
          unique_clicks: num(s.uniqueClicks),
          hard_bounces: num(s.hardBounces),
          soft_bounces: num(s.softBounces),
          unsubscribes: num(s.unsubscriptions),
          spam_reports: num(s.complaints),
        };
      },
    },
  ],
});
