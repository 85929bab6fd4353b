// Mailjet Email API v3 REST: https://api.mailjet.com/v3/REST (https://dev.mailjet.com/email/reference/).
// HTTP Basic with the API key and secret key. Daily counters come from /statcounters
// (CounterSource=APIKey, CounterTiming=Message, CounterResolution=Day, FromTS/ToTS), paged with
// Limit/Offset against Total. Mailjet time slices are UTC days; e-mail metrics carry no currency.
import { z } from "zod";
import { paginate } from "../../core/paginate.js";
import { dimension as dim } from "../../core/field-defs.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { EMAIL_DERIVED, EMAIL_METRICS } from "../shared/email-fields.js";
import { num, platformErrors, recordsConnector } from "../shared/records.js";
import { DateTime } from "luxon";

const PLATFORM = "mailjet";
const PAGE_SIZE = 100;

const counter = numberOrString.nullish();
const statCounter = z.object({
  Timeslice: z.string(),
  MessageSentCount: counter,
  MessageOpenedCount: counter,
  MessageClickedCount: counter,
  MessageHardBouncedCount: counter,
  MessageSoftBouncedCount: counter,
  MessageUnsubscribedCount: counter,
  MessageSpamCount: counter,
  MessageBlockedCount: counter,
  EventOpenedCount: counter,
  EventClickedCount: counter,
});
export type StatCounter = z.infer<typeof statCounter>;
/** Every REST answer: {Count, Total, Data: [...]}. */
const listAnswer = <T>(item: z.ZodType<T>) => z.object({ Count: z.number().nullish(), Total: numberOrString.nullish(), Data: z.array(item).nullish() });
const counterPage = listAnswer(statCounter);
const users = listAnswer(z.object({ Email: z.string().nullish() }));
const profiles = listAnswer(z.object({ CompanyName: z.string().nullish(), ID: numberOrString.nullish() }));

function counters(ctx: ConnectorContext, account: Account, range: DateRange) {
  return paginate<StatCounter, number>(
    async (offset = 0) => {
      const body = await ctx.http.json({
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
      }, counterPage);
      const items = body.Data ?? [];
      return { items, next: offset + items.length < num(body.Total) && items.length > 0 ? offset + items.length : null };
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
    const me = await ctx.http.json({ url: "/user" }, users);
    return { ok: true, identity: me.Data?.[0]?.Email ?? undefined };
  },
  async listAccounts(ctx) {
    const profile = await ctx.http.json({ url: "/myprofile" }, profiles);
    const p = profile.Data?.[0];
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
