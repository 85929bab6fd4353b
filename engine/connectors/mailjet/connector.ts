// Mailjet Email API v3 REST: https://api.mailjet.com/v3/REST (https://dev.mailjet.com/email/reference/).
// HTTP Basic with the API key and secret key. Daily counters come from /statcounters
// (CounterSource=APIKey, CounterTiming=Message, CounterResolution=Day, FromTS/ToTS), paged with
// Limit/Offset against Total. Mailjet time slices are UTC days; e-mail metrics carry no currency.
import { paginate } from "../../core/paginate.js";
import { dimension as dim } from "../../core/field-defs.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { EMAIL_DERIVED, EMAIL_METRICS } from "../shared/email-fields.js";
import { num, platformErrors, recordsConnector } from "../shared/records.js";
import { DateTime } from "luxon";

const PLATFORM = "mailjet";
const PAGE_SIZE = 100;

export interface StatCounter {
  Timeslice: string;
  MessageSentCount: number;
  MessageOpenedCount: number;
  MessageClickedCount: number;
  MessageHardBouncedCount: number;
  MessageSoftBouncedCount: number;
  MessageUnsubscribedCount: number;
  MessageSpamCount: number;
  MessageBlockedCount?: number;
  EventOpenedCount: number;
  EventClickedCount: number;
}

function counters(ctx: ConnectorContext, account: Account, range: DateRange) {
  return paginate<StatCounter, number>(
    async (offset = 0) => {
      const body = await ctx.http.json<{ Count: number; Total: number; Data: StatCounter[] }>({
        url: "/statcounters",
        account: account.id,
        query: {
          CounterSource: "APIKey",
          CounterTiming: "Message",
          CounterResolution: "Day",
          FromTS: `${range.start}T00:00:00Z`,
          ToTS: DateTime.fromISO(range.end, { zone: "UTC" }).plus({ days: 1 }).toISODate() + "T00:00:00Z",
          Limit: PAGE_SIZE,
          Offset: offset,
        },
      });
      const items = body?.Data ?? [];
      return { items, next: offset + items.length < num(body?.Total) && items.length > 0 ? offset + items.length : null };
    },
    { platform: PLATFORM },
  );
}

export const mailjetConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: { fixed: "UTC" },
  currency: "none",
  // Message events (opens, clicks, late bounces) are counted against the send day for days after.
  restatementDays: 14,
  allowedHosts: ["api.mailjet.com"],
  defaultBaseUrl: "https://api.mailjet.com/v3/REST",
  rateLimit: { maxConcurrent: 2 },
  authorize(request, credential) {
    if (credential.type === "api-key") request.headers.authorization = `Basic ${Buffer.from(`${credential.key}:${credential.secret ?? ""}`).toString("base64")}`;
  },
  // {"ErrorInfo": "", "ErrorMessage": "...", "StatusCode": 401}
  classifyError: platformErrors({ platform: PLATFORM, displayName: "Mailjet", message: (b) => b?.ErrorMessage || b?.ErrorInfo, reconnect: "Copy the API key and secret key from Mailjet (Account settings > REST API keys) and reconnect." }),
  async check(ctx) {
    const me = await ctx.http.json<{ Data: { Email?: string }[] }>({ url: "/user" });
    return { ok: true, identity: me?.Data?.[0]?.Email };
  },
  async listAccounts(ctx) {
    const profile = await ctx.http.json<{ Data: { CompanyName?: string; ID?: number }[] }>({ url: "/myprofile" });
    const p = profile?.Data?.[0];
    return [{ id: String(p?.ID ?? "mailjet"), name: p?.CompanyName || "Mailjet", timezone: "UTC", currency: "EUR", status: "active" }];
  },
  reports: [
    {
      id: "daily",
      name: "Daily e-mail statistics",
      description: "Messages sent with this API key and what happened to them, per day.",
      fields: [dim("date", "Date", "YEAR_MONTH_DAY", "Day (UTC)."), ...EMAIL_METRICS],
      derived: EMAIL_DERIVED,
      fetch: (ctx, account, range) => counters(ctx, account, range),
      record: (c: StatCounter) => ({
        date: c.Timeslice.slice(0, 10),
        sent: num(c.MessageSentCount),
        delivered: null,
        opens: num(c.EventOpenedCount),
        unique_opens: num(c.MessageOpenedCount),
        clicks: num(c.EventClickedCount),
        unique_clicks: num(c.MessageClickedCount),
        hard_bounces: num(c.MessageHardBouncedCount),
        soft_bounces: num(c.MessageSoftBouncedCount),
        unsubscribes: num(c.MessageUnsubscribedCount),
        spam_reports: num(c.MessageSpamCount),
      }),
    },
  ],
});
