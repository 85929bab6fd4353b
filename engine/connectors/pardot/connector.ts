// Salesforce Marketing Cloud Account Engagement (Pardot) API v5: https://pi.pardot.com/api/v5
// (https://developer.salesforce.com/docs/marketing/pardot/guide/version5overview.html). It takes
// a Salesforce OAuth 2.0 token plus the Pardot-Business-Unit-Id header. Business units (accounts)
// are the org's PardotTenant records, read with SOQL on the Salesforce instance found through
// userinfo. Objects are listed with fields=..., createdAtAfterOrEqualTo/createdAtBefore,
// orderBy=createdAt and nextPageUrl paging.
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";
import { num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";
import { SALESFORCE_HOSTS, SALESFORCE_OAUTH, soql, userInfo } from "../shared/salesforce.js";

const PLATFORM = "pardot";
const LOGIN = "https://login.salesforce.com";
const BU_HEADER = "pardot-business-unit-id";

const prospect = z.object({
  id: z.number(),
  createdAt: z.string(),
  source: z.string().nullable(),
  score: numberOrString.nullable(),
  grade: z.string().nullable(),
  optedOut: z.boolean().nullish(),
});
export type Prospect = z.infer<typeof prospect>;
const visitorActivity = z.object({
  id: z.number(),
  createdAt: z.string(),
  type: z.number(),
  typeName: z.string(),
  prospectId: z.number().nullable(),
  campaignId: z.number().nullish(),
});
export type VisitorActivity = z.infer<typeof visitorActivity>;
/** A page of a v5 object list, followed through nextPageUrl. */
const objectPage = <T>(item: z.ZodType<T>) => z.object({ values: z.array(item).nullish(), nextPageUrl: z.string().nullish() });
const businessUnit = z.object({ Id: z.string(), Name: z.string() });

const loginBase = (ctx: ConnectorContext) => (ctx.baseUrl ? undefined : LOGIN);

function objects<T>(path: string, fields: string, item: z.ZodType<T>) {
  const page = objectPage(item);
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange): AsyncIterable<T[]> {
    const fetchPage = (url: string, query?: Record<string, string | number>) => ctx.http.json({ url, query, account: account.id, headers: { [BU_HEADER]: account.id } }, page);
    const { from, to } = rangeBounds(range, account.timezone);
    let url: string | undefined = `/api/v5/objects/${path}`;
    let query: Record<string, string | number> | undefined = {
      fields,
      createdAtAfterOrEqualTo: from.toISO({ suppressMilliseconds: true })!,
      createdAtBefore: to.toISO({ suppressMilliseconds: true })!,
      orderBy: "createdAt",
      limit: 1000,
    };
    while (url) {
      const body = await fetchPage(url, query);
      yield body?.values ?? [];
      url = body?.nextPageUrl ?? undefined;
      query = undefined;
    }
  };
}

export const pardotConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: "account",
  currency: "none",
  // Scores and grades of new prospects settle within days; activities are final when logged.
  restatementDays: 7,
  allowedHosts: ["pi.pardot.com", "pi.demo.pardot.com", ...SALESFORCE_HOSTS],
  defaultBaseUrl: "https://pi.pardot.com",
  supportsHourly: true,
  rateLimit: { maxConcurrent: 5 },
  oauth2: { ...SALESFORCE_OAUTH, scopes: ["pardot_api", "api", "refresh_token", "openid"] },
  authorize(request, credential) {
    setOAuth2Bearer(request, credential, PLATFORM, "Account Engagement");
  },
  // v5: {"code": 184, "message": "access_token is invalid, unknown, or malformed"}; Salesforce: [{message, errorCode}].
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Account Engagement (Pardot)",
    message: (b) => (Array.isArray(b) ? b.map((e) => `${e.message} (${e.errorCode})`).join("; ") : b?.message ? `${b.message} (code ${b.code})` : undefined),
    reconnect: "Reconnect with a Salesforce user that has Account Engagement access to this business unit.",
    isAuthError: (b) => [184, 181].includes(b?.code) || (Array.isArray(b) && b.some((e) => e.errorCode === "INVALID_SESSION_ID")),
    // 122: the business unit's daily API allowance is spent.
    isTransient: (b) => b?.code === 122,
  }),
  async check(ctx) {
    return { ok: true, identity: (await userInfo(ctx, loginBase(ctx))).email ?? undefined };
  },
  async listAccounts(ctx) {
    const info = await userInfo(ctx, loginBase(ctx));
    const units: z.infer<typeof businessUnit>[] = [];
    for await (const page of soql(ctx, "SELECT Id, Name FROM PardotTenant", businessUnit, undefined, loginBase(ctx))) units.push(...page);
    if (units.length === 0) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "This Salesforce org has no Account Engagement business unit the connected user can see." });
    return units.map((u) => ({ id: u.Id, name: u.Name, timezone: info.zoneinfo || "UTC", currency: "USD", status: "active" }));
  },
  reportHelp: "Prospects created, or visitor activities (e-mail opens, clicks, form submissions...).",
  reports: [
    {
      id: "prospects",
      name: "Prospects created",
      description: "New prospects by day, with source, score and grade.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Day the prospect was created."),
        dim("hour", "Hour", "HOUR", "Hour the prospect was created."),
        dim("source", "Source", "TEXT", "Prospect source."),
        dim("grade", "Grade", "TEXT", "Prospect grade (A-F)."),
        metric("prospects", "Prospects", "NUMBER", "COUNT_DISTINCT", "Prospects created."),
        metric("score", "Average score", "NUMBER", "AVG", "Average prospect score."),
      ],
      fetch: objects("prospects", "id,createdAt,source,score,grade", prospect),
      record: (p: Prospect, account) => ({ ...stamp(p.createdAt, account.timezone), source: p.source, grade: p.grade, prospects: p.id, score: num(p.score) }),
    },
    {
      id: "visitor_activities",
      name: "Visitor activities",
      description: "Prospect and visitor activities by day and type.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Day of the activity."),
        dim("hour", "Hour", "HOUR", "Hour of the activity."),
        dim("activity_type", "Activity type", "TEXT", "Email, Click, Form, Visit, Opportunity Won..."),
        metric("activities", "Activities", "NUMBER", "COUNT_DISTINCT", "Activities."),
        metric("prospects", "Prospects", "NUMBER", "COUNT_DISTINCT", "Distinct prospects active."),
      ],
      fetch: objects("visitor-activities", "id,createdAt,type,typeName,prospectId,campaignId", visitorActivity),
      record: (a: VisitorActivity, account) => ({ ...stamp(a.createdAt, account.timezone), activity_type: a.typeName, activities: a.id, prospects: a.prospectId }),
    },
  ],
});
