// CallRail through its API v3 (https://apidocs.callrail.com): the form's API key in
// `Authorization: Token token="..."` on https://api.callrail.com/v3. The key's accounts
// (GET /a.json) are the accounts, with the timezone of their first company (GET
// /a/{id}/companies.json); calls come from GET /a/{id}/calls.json with start_date/end_date and the
// optional fields we need, paged by page/per_page until total_pages, and are counted per day (or
// hour), source, campaign, company, direction and lead status.
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { ADS_FIELD } from "../shared/ads-fields.js";
import { defsOf, dimCol, mapped, metricCol, textOf, type ColumnField } from "../shared/app-analytics.js";
import { num, platformErrors, recordsConnector, stamp, unexpectedPayload } from "../shared/records.js";

const PLATFORM = "call-rail";
/** The largest page calls.json serves. */
const PER_PAGE = 250;
const EXTRA_FIELDS = ["company_id", "company_name", "source", "campaign", "first_call", "lead_status", "value"];

const FIELDS: ColumnField[] = [
  mapped(ADS_FIELD.date, ""),
  mapped(ADS_FIELD.hour, ""),
  dimCol("account_id", "Account ID", "TEXT", "CallRail account.", ""),
  dimCol("company_name", "Company", "TEXT", "Company the tracking number belongs to.", ""),
  dimCol("source", "Source", "TEXT", "Marketing source of the call (tracker source).", ""),
  dimCol("campaign", "Campaign", "TEXT", "Campaign of the tracking number.", ""),
  dimCol("direction", "Direction", "TEXT", "inbound or outbound.", ""),
  dimCol("lead_status", "Lead status", "TEXT", "good_lead, not_a_lead or unset.", ""),
  dimCol("tracking_number", "Tracking number", "TEXT", "Tracking phone number called.", ""),
  metricCol("calls", "Calls", "NUMBER", "SUM", "Calls.", ""),
  metricCol("answered_calls", "Answered calls", "NUMBER", "SUM", "Calls answered.", ""),
  metricCol("missed_calls", "Missed calls", "NUMBER", "SUM", "Calls not answered.", ""),
  metricCol("first_time_callers", "First-time callers", "NUMBER", "SUM", "Calls from a number that never called before.", ""),
  metricCol("voicemails", "Voicemails", "NUMBER", "SUM", "Calls that left a voicemail.", ""),
  metricCol("duration", "Duration", "DURATION", "SUM", "Total call duration in seconds.", ""),
  metricCol("average_duration", "Average duration", "DURATION", "AVG", "Duration divided by calls, in seconds.", ""),
  metricCol("value", "Value", "CURRENCY", "SUM", "Value assigned to the calls.", ""),
];

const call = z.object({
  id: z.string(),
  start_time: z.string(),
  answered: z.boolean().nullish(),
  voicemail: z.boolean().nullish(),
  first_call: z.boolean().nullish(),
  direction: z.string().nullish(),
  duration: z.number().nullish(),
  tracking_phone_number: z.string().nullish(),
  company_name: z.string().nullish(),
  source: z.string().nullish(),
  campaign: z.string().nullish(),
  lead_status: z.string().nullish(),
  value: z.union([z.string(), z.number()]).nullish(),
}).passthrough();
type Call = z.infer<typeof call>;
const pageInfo = z.object({ page: z.number(), total_pages: z.number() }).passthrough();

/** A CallRail listing ({page, total_pages, <key>: [...]}) page after page. */
function listing<T>(ctx: ConnectorContext, url: string, key: string, item: z.ZodType<T>, query: Record<string, string | number>, account?: string): AsyncGenerator<T[]> {
  return paginate<T, number>(
    async (n = 1) => {
      const body = await ctx.http.json({ url, account, query: { ...query, page: n } }, pageInfo);
      const items = z.array(item).safeParse(body[key] ?? []);
      if (!items.success) throw unexpectedPayload(ctx, PLATFORM, url, body);
      return { items: items.data, next: body.page < body.total_pages ? body.page + 1 : null };
    },
    { platform: PLATFORM },
  );
}

function calls(ctx: ConnectorContext, account: Account, range: DateRange) {
  const query = { start_date: range.start, end_date: range.end, per_page: PER_PAGE, fields: EXTRA_FIELDS.join(",") };
  return listing(ctx, `/a/${encodeURIComponent(account.id)}/calls.json`, "calls", call, query, account.id);
}

const accountItem = z.object({ id: z.union([z.string(), z.number()]), name: z.string().nullish() }).passthrough();
const companiesPage = z.object({ companies: z.array(z.object({ time_zone: z.string().nullish() }).passthrough()) }).passthrough();

async function accounts(ctx: ConnectorContext) {
  const out: { id: string; name: string }[] = [];
  for await (const items of listing(ctx, "/a.json", "accounts", accountItem, { per_page: 100 })) out.push(...items.map((a) => ({ id: String(a.id), name: a.name ?? String(a.id) })));
  return out;
}

export const callRailConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  authorize(request, credential) {
    if (credential.type === "api-key") request.headers.authorization = `Token token="${credential.key}"`;
  },
  timezone: "account",
  currency: "none",
  supportsHourly: true,
  // Lead status, value and tags are set on calls after they happen (by people and by
  // automation rules): https://support.callrail.com/hc/en-us/articles/5711544539533 (lead status);
  // the last 3 days are re-read.
  restatementDays: 3,
  allowedHosts: ["api.callrail.com"],
  defaultBaseUrl: "https://api.callrail.com/v3",
  // 1,000 requests an hour and 10,000 a day per key (API rate limits), 429 beyond.
  rateLimit: { maxConcurrent: 1 },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "CallRail",
    message: (b: any) => b?.error ?? b?.errors?.[0] ?? b?.message,
    reconnect: "Create an API key in CallRail (Settings > Integrations > API keys) and reconnect the source.",
  }),
  async check(ctx) {
    const [first] = await accounts(ctx);
    return { ok: true, identity: first?.name };
  },
  async listAccounts(ctx) {
    const out = [];
    for (const a of await accounts(ctx)) {
      const companies = await ctx.http.json({ url: `/a/${encodeURIComponent(a.id)}/companies.json`, account: a.id, query: { per_page: 1 } }, companiesPage);
      out.push({ ...a, timezone: companies.companies[0]?.time_zone || "America/New_York", currency: "USD", status: "active" });
    }
    return out;
  },
  reports: [
    {
      id: "calls",
      name: "Calls",
      description: "Calls, answered, missed, first-time callers, duration and value by day or hour, source, campaign and company.",
      fields: defsOf(FIELDS),
      fetch: calls,
      record(c: Call, account: Account): Row {
        const at = stamp(c.start_time, account.timezone);
        return {
          date: at.date,
          hour: at.hour,
          account_id: account.id,
          company_name: textOf(c.company_name),
          source: textOf(c.source),
          campaign: textOf(c.campaign),
          direction: textOf(c.direction),
          lead_status: textOf(c.lead_status),
          tracking_number: textOf(c.tracking_phone_number),
          calls: 1,
          answered_calls: c.answered ? 1 : 0,
          missed_calls: c.answered ? 0 : 1,
          first_time_callers: c.first_call ? 1 : 0,
          voicemails: c.voicemail ? 1 : 0,
          duration: num(c.duration),
          value: num(c.value),
        };
      },
      derived: { average_duration: (g) => ratio(g.duration, g.calls, 1) },
    },
  ],
});
