// Salesforce REST API (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/),
// OAuth 2.0 web server flow with refresh tokens. The org's instance comes from userinfo; its
// timezone and corporate currency from the Organization object; opportunities and leads are SOQL
// queries on CreatedDate between the org's day boundaries (UTC literals), paged by nextRecordsUrl.
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";
import { num, rangeBounds, recordsConnector, stamp } from "../shared/records.js";
import { SALESFORCE_HOSTS, SALESFORCE_OAUTH, salesforceErrors, soql, userInfo } from "../shared/salesforce.js";

const PLATFORM = "salesforce";

const opportunity = z.object({
  Id: z.string(),
  StageName: z.string(),
  Amount: numberOrString.nullable(),
  IsWon: z.boolean(),
  IsClosed: z.boolean(),
  LeadSource: z.string().nullable(),
  Type: z.string().nullable(),
  CreatedDate: z.string(),
});
export type Opportunity = z.infer<typeof opportunity>;
const lead = z.object({ Id: z.string(), Status: z.string(), LeadSource: z.string().nullable(), IsConverted: z.boolean(), CreatedDate: z.string() });
export type Lead = z.infer<typeof lead>;
const organization = z.object({ Id: z.string(), Name: z.string(), TimeZoneSidKey: z.string().nullish(), DefaultCurrencyIsoCode: z.string().nullish() });

const between = (range: DateRange, zone: string) => {
  const { from, to } = rangeBounds(range, zone);
  const lit = (d: typeof from) => d.toUTC().toISO({ suppressMilliseconds: true });
  return `CreatedDate >= ${lit(from)} AND CreatedDate < ${lit(to)}`;
};

const query = <T>(fields: string, object: string, record: z.ZodType<T>) => (ctx: ConnectorContext, account: Account, range: DateRange) =>
  soql(ctx, `SELECT ${fields} FROM ${object} WHERE ${between(range, account.timezone)} ORDER BY CreatedDate`, record, account.id);

export const salesforceConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: "account",
  currency: "account",
  // Opportunities move through stages and amounts until they close (often weeks); leads convert.
  restatementDays: 30,
  allowedHosts: SALESFORCE_HOSTS,
  defaultBaseUrl: "https://login.salesforce.com",
  supportsHourly: true,
  rateLimit: { maxConcurrent: 4 },
  oauth2: SALESFORCE_OAUTH,
  authorize(request, credential) {
    setOAuth2Bearer(request, credential, PLATFORM, "Salesforce");
  },
  classifyError: salesforceErrors(PLATFORM, "Salesforce"),
  async check(ctx) {
    return { ok: true, identity: (await userInfo(ctx)).email ?? undefined };
  },
  async listAccounts(ctx) {
    const info = await userInfo(ctx);
    let org: z.infer<typeof organization> | undefined;
    for await (const page of soql(ctx, "SELECT Id, Name, TimeZoneSidKey, DefaultCurrencyIsoCode FROM Organization", organization)) org ??= page[0];
    return [{ id: info.organization_id, name: org?.Name ?? info.organization_id, timezone: org?.TimeZoneSidKey || info.zoneinfo || "UTC", currency: org?.DefaultCurrencyIsoCode || "USD", status: "active" }];
  },
  reportHelp: "Opportunities or leads, by the day they were created.",
  reports: [
    {
      id: "opportunities",
      name: "Opportunities created",
      description: "Opportunities by creation day with amount, stage and outcome.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Day the opportunity was created, in the org's timezone."),
        dim("hour", "Hour", "HOUR", "Hour the opportunity was created."),
        dim("stage", "Stage", "TEXT", "StageName."),
        dim("lead_source", "Lead source", "TEXT", "LeadSource."),
        dim("opportunity_type", "Type", "TEXT", "New Business, Existing Business..."),
        metric("opportunities", "Opportunities", "NUMBER", "COUNT_DISTINCT", "Opportunities created."),
        metric("amount", "Amount", "CURRENCY", "SUM", "Amount (corporate currency)."),
        metric("won", "Won", "NUMBER", "SUM", "Opportunities won so far."),
        metric("won_amount", "Won amount", "CURRENCY", "SUM", "Amount won."),
        metric("win_rate", "Win rate", "PERCENT", "AVG", "Won / opportunities."),
      ],
      derived: { win_rate: (g) => ratio(g.won, g.opportunities, 4) },
      fetch: query("Id, StageName, Amount, IsWon, IsClosed, LeadSource, Type, CreatedDate", "Opportunity", opportunity),
      record: (o: Opportunity, account) => ({
        ...stamp(o.CreatedDate.replace(/\+0000$/, "Z"), account.timezone),
        stage: o.StageName,
        lead_source: o.LeadSource,
        opportunity_type: o.Type,
        opportunities: o.Id,
        amount: num(o.Amount),
        won: o.IsWon ? 1 : 0,
        won_amount: o.IsWon ? num(o.Amount) : 0,
      }),
    },
    {
      id: "leads",
      name: "Leads created",
      description: "Leads by creation day with status and conversion.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Day the lead was created, in the org's timezone."),
        dim("hour", "Hour", "HOUR", "Hour the lead was created."),
        dim("status", "Status", "TEXT", "Lead status."),
        dim("lead_source", "Lead source", "TEXT", "LeadSource."),
        metric("leads", "Leads", "NUMBER", "COUNT_DISTINCT", "Leads created."),
        metric("converted", "Converted", "NUMBER", "SUM", "Leads converted so far."),
      ],
      fetch: query("Id, Status, LeadSource, IsConverted, CreatedDate", "Lead", lead),
      record: (l: Lead, account) => ({ ...stamp(l.CreatedDate.replace(/\+0000$/, "Z"), account.timezone), status: l.Status, lead_source: l.LeadSource, leads: l.Id, converted: l.IsConverted ? 1 : 0 }),
    },
  ],
});
