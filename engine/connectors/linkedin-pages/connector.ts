// LinkedIn Pages through the Community Management API (versioned /rest, LinkedIn-Version header,
// Rest.li 2.0): the organizations the member administers (organizationAcls q=roleAssignee, start
// and count paging, names from /organizations/{id}) and three time-bound statistics finders with
// DAY granularity, each answering one element per UTC day with no paging of its own.
// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-access-control-by-role
// OAuth 2.0 with programmatic refresh tokens, as the ads connector.
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import { collectItems, nextOffset, paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange, ReadRequest } from "../../core/types.js";
import { LINKEDIN_VERSION } from "../linkedin/connector.js";
import { classifyLinkedInErrorAs } from "../linkedin/errors.js";
import { encodeValue, restliQuery } from "../linkedin/restli.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";
import { num, rangeBounds, recordsConnector, stamp } from "../shared/records.js";
import { COMMON_FIELDS, STATS_REPORTS, type StatsReport } from "./fields.js";

const PLATFORM = "linkedin-pages";
const PAGE_SIZE = 100;
/**
 * Statistics reach back 12 months; windows of 90 days keep each answer (one element per day)
 * small and make a retried window cheap.
 */
const WINDOW_DAYS = 90;

const acls = z.object({
  elements: z.array(z.object({ organization: z.string(), role: z.string().optional(), state: z.string().optional() })).default([]),
  paging: z.object({ start: z.number().optional(), count: z.number().optional(), total: z.number().optional() }).optional(),
});
const organization = z.object({ id: z.union([z.number(), z.string()]), localizedName: z.string().optional(), vanityName: z.string().optional() });
const stats = z.object({ elements: z.array(z.record(z.string(), z.unknown())).default([]) });

const orgUrn = (id: string) => `urn:li:organization:${id}`;

async function listOrganizations(ctx: ConnectorContext): Promise<Account[]> {
  const pages = paginate<string, number>(async (start = 0) => {
    const query = restliQuery({ q: "roleAssignee", role: "ADMINISTRATOR", state: "APPROVED", start, count: PAGE_SIZE });
    const body = await ctx.http.json({ url: `/organizationAcls?${query}` }, acls);
    return { items: body.elements.map((e) => /urn:li:organization:(\d+)/.exec(e.organization)?.[1]).filter((id): id is string => !!id), next: nextOffset(start, body.elements.length, PAGE_SIZE, body.paging?.total) };
  }, { platform: PLATFORM });
  const ids = [...new Set(await collectItems(pages))];
  return Promise.all(
    ids.map(async (id) => {
      const org = await ctx.http.json({ url: `/organizations/${id}` }, organization);
      return { id, name: org.localizedName ?? org.vanityName ?? `Organization ${id}`, timezone: "UTC", currency: "USD", status: "active" };
    }),
  );
}

/** (timeRange:(start:ms,end:ms),timeGranularityType:DAY), end exclusive. */
function timeIntervals(range: DateRange): string {
  const { from, to } = rangeBounds(range, "UTC");
  return `(timeRange:(start:${from.toMillis()},end:${to.toMillis()}),timeGranularityType:DAY)`;
}

function statistics(report: StatsReport) {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange, _req: ReadRequest) {
    for (const window of splitDateRange(range, WINDOW_DAYS)) {
      const query = restliQuery({ q: report.entityParam, [report.entityParam]: encodeValue(orgUrn(account.id)), timeIntervals: timeIntervals(window) });
      const body = await ctx.http.json({ url: `${report.resource}?${query}`, account: account.id }, stats);
      if (body.elements.length > 0) yield body.elements;
    }
  };
}

const at = (element: Record<string, unknown>, path: string): unknown => path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), element);

export const linkedInPagesConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  // Statistics days are UTC days (timeRange in epoch milliseconds at UTC midnight).
  timezone: { fixed: "UTC" },
  currency: "none",
  // LinkedIn's organization analytics lag up to 48 hours (the Page analytics help says data is
  // updated within two days): re-read the last 3 days.
  // https://www.linkedin.com/help/linkedin/answer/a547077
  restatementDays: 3,
  allowedHosts: ["api.linkedin.com", "www.linkedin.com"],
  defaultBaseUrl: "https://api.linkedin.com/rest",
  rateLimit: { maxConcurrent: 2, minTimeMs: 200 },
  oauth2: {
    authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
    tokenUrl: "https://www.linkedin.com/oauth/v2/accessToken",
    scopes: ["r_organization_admin", "r_organization_social", "r_organization_followers"],
  },
  authorize(request, credential) {
    setOAuth2Bearer(request, credential, PLATFORM, "LinkedIn");
    request.headers["linkedin-version"] = LINKEDIN_VERSION;
    request.headers["x-restli-protocol-version"] = "2.0.0";
  },
  classifyError: (response, request) =>
    classifyLinkedInErrorAs(
      {
        platform: PLATFORM,
        missingPermission: (_req, detail) => `Missing permission: the connected LinkedIn member cannot read this page's analytics (${detail}). The member needs the Super admin or Content admin role on the page and the r_organization_admin scope; reconnect after granting them.`,
      },
      response,
      request,
    ),
  async check(ctx) {
    const orgs = await listOrganizations(ctx);
    return { ok: true, identity: `${orgs.length} LinkedIn page${orgs.length === 1 ? "" : "s"}` };
  },
  listAccounts: listOrganizations,
  reportHelp: "Post statistics, follower gains or page views, per UTC day.",
  reports: STATS_REPORTS.map((report) => ({
    id: report.id,
    name: report.name,
    description: report.description,
    fields: [...COMMON_FIELDS, ...report.fields],
    fetch: statistics(report),
    record: (element: Record<string, unknown>, account: Account) => {
      const values = Object.fromEntries(Object.entries(report.paths).map(([id, path]) => [id, num(at(element, path))]));
      return { date: stamp(num(at(element, "timeRange.start")), "UTC", { format: "millis" }).date, organization_id: account.id, organization_name: account.name, ...values, follower_gain: (values.organic_follower_gain ?? 0) + (values.paid_follower_gain ?? 0) };
    },
    derived: report.id === "shares" ? { engagement_rate: (g) => (num(g.impressions) ? Math.round(((num(g.clicks) + num(g.likes) + num(g.comments) + num(g.shares)) / num(g.impressions)) * 1e6) / 1e6 : 0) } : undefined,
  })),
});
