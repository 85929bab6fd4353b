// HubSpot CRM (contacts, companies, deals) through the CRM v3 search API, which is the one way
// to filter objects by date; its paging is an `after` cursor and it stops at 10,000 results per
// query, so a busy range is split into smaller time windows.
// https://developers.hubspot.com/docs/api/crm/search
import { DateTime } from "luxon";
import { z } from "zod";
import { InvalidRequestError } from "../../core/errors.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { recordsConnector } from "../shared/records.js";
import { classifyHubSpotError, PLATFORM } from "./errors.js";
import { COMPUTED, DATE_CONFIG_FIELD, DATE_PROPERTY, FIELDS_BY_REPORT, REPORT_HELP, REPORTS, type ObjectType } from "./fields.js";

/** The search endpoint's page size limit. */
const SEARCH_PAGE = 200;

export interface HubSpotOptions {
  /** Results one search query can page through (HubSpot: 10,000). */
  searchLimit?: number;
}

const accountDetails = z.object({
  portalId: z.number(),
  timeZone: z.string(),
  companyCurrency: z.string().optional(),
  uiDomain: z.string().optional(),
  accountType: z.string().optional(),
});
const tokenInfo = z.object({ user: z.string().optional(), hub_domain: z.string().optional(), hub_id: z.number().optional() }).passthrough();
const searchPage = z.object({
  // Absent from some answers (recorded from the real API): then the window is paged as it is.
  total: z.number().optional(),
  results: z.array(z.object({ id: z.string(), properties: z.record(z.string(), z.string().nullable()), createdAt: z.string().optional() })),
  paging: z.object({ next: z.object({ after: z.string() }).optional() }).optional(),
});
type SearchResult = z.infer<typeof searchPage>["results"][number];

function dateMode(req: ReadRequest): "created" | "modified" {
  const option = req.options?.date_property;
  const value = (Array.isArray(option) ? option[0] : option) ?? "created";
  if (value !== "created" && value !== "modified") throw new InvalidRequestError(`Unknown HubSpot date_property "${value}". Use created or modified.`);
  return value;
}

export function createHubSpotConnector(options: HubSpotOptions = {}): Connector {
  const searchLimit = options.searchLimit ?? 10_000;

  function search(ctx: ConnectorContext, account: Account, object: ObjectType, dateProperty: string, properties: string[], fromMs: number, toMs: number) {
    return (after: string | undefined) =>
      ctx.http.json(
        {
          method: "POST",
          url: `/crm/v3/objects/${object}/search`,
          account: account.id,
          json: {
            filterGroups: [
              {
                filters: [
                  { propertyName: dateProperty, operator: "GTE", value: String(fromMs) },
                  { propertyName: dateProperty, operator: "LT", value: String(toMs) },
                ],
              },
            ],
            // Ascending by the date property: records arrive day after day, so finished days stream out.
            sorts: [{ propertyName: dateProperty, direction: "ASCENDING" }],
            properties,
            limit: SEARCH_PAGE,
            ...(after ? { after } : {}),
          },
        },
        searchPage,
      );
  }

  /** The records of [fromMs, toMs), halving the window while one query would pass the 10,000 cap. */
  async function* records(ctx: ConnectorContext, account: Account, object: ObjectType, dateProperty: string, properties: string[], fromMs: number, toMs: number): AsyncGenerator<SearchResult[]> {
    const fetchPage = search(ctx, account, object, dateProperty, properties, fromMs, toMs);
    const first = await fetchPage(undefined);
    if (first.total !== undefined && first.total > searchLimit && toMs - fromMs > 1000) {
      const middle = fromMs + Math.floor((toMs - fromMs) / 2);
      yield* records(ctx, account, object, dateProperty, properties, fromMs, middle);
      yield* records(ctx, account, object, dateProperty, properties, middle, toMs);
      return;
    }
    yield* paginate<SearchResult, string>(
      async (after) => {
        const page = after ? await fetchPage(after) : first;
        return { items: page.results, next: page.paging?.next?.after };
      },
      { platform: PLATFORM },
    );
  }

  /** The report's records of one account, as rows of the declared fields, in date order. */
  async function* fetchRecords(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, report: (typeof REPORTS)[number]): AsyncGenerator<Row[]> {
    const declared = FIELDS_BY_REPORT[report.id];
    const dateProperty = DATE_PROPERTY[report.object][dateMode(req)];
    const asked = [...new Set([...req.fields, ...(req.filters ?? []).map((f) => f.field)])];
    const properties = [...new Set([dateProperty, "createdate", ...asked.filter((f) => !COMPUTED.has(f))])];
    const zone = account.timezone;
    const fromMs = DateTime.fromISO(range.start, { zone }).startOf("day").toMillis();
    const toMs = DateTime.fromISO(range.end, { zone }).plus({ days: 1 }).startOf("day").toMillis();
    for await (const results of records(ctx, account, report.object, dateProperty, properties, fromMs, toMs)) {
      yield results.map((r) => {
        const record: Row = { record_id: r.id, created_at: r.properties.createdate ?? r.createdAt ?? null, [report.countField]: 1 };
        const stamp = r.properties[dateProperty];
        record.date = stamp ? DateTime.fromISO(stamp, { zone: "utc" }).setZone(zone).toISODate() : null;
        for (const field of declared) {
          if (COMPUTED.has(field.id)) continue;
          const value = r.properties[field.id] ?? null;
          record[field.id] = field.type === "metric" ? (value === null || value === "" ? null : Number(value)) : field.id === "closedate" && value ? DateTime.fromISO(value, { zone: "utc" }).setZone(zone).toISODate() : value;
        }
        return record;
      });
    }
  }

  return recordsConnector({
    id: PLATFORM,
    authMethod: "oauth2",
    timezone: "account",
    currency: "account",
    // CRM records are edited at any time (a deal's amount or stage, a contact's lifecycle stage),
    // and HubSpot has no restatement notion. Re-reading a week catches the usual follow-up edits
    // of new records; older edits need a backfill (or the "modified" date mode).
    restatementDays: 7,
    allowedHosts: ["api.hubapi.com", "app.hubspot.com"],
    defaultBaseUrl: "https://api.hubapi.com",
    // Search endpoints: 5 requests per second per account, shared by every app in the portal.
    rateLimit: { maxConcurrent: 1, minTimeMs: 250 },
    oauth2: {
      authorizeUrl: "https://app.hubspot.com/oauth/authorize",
      tokenUrl: "https://api.hubapi.com/oauth/v1/token",
      scopes: ["oauth", "crm.objects.contacts.read", "crm.objects.companies.read", "crm.objects.deals.read"],
      clientAuth: "body",
    },
    classifyError: (response, request) => classifyHubSpotError(response, request),

    async check(ctx) {
      const credential = ctx.http.credential;
      if (credential.type === "oauth2") {
        // The token's own metadata names the user who connected it.
        const info = await ctx.http.json({ url: `/oauth/v1/access-tokens/${encodeURIComponent(credential.accessToken)}`, auth: false }, tokenInfo);
        return { ok: true, identity: info.user ?? info.hub_domain };
      }
      const details = await ctx.http.json({ url: "/account-info/v3/details" }, accountDetails);
      return { ok: true, identity: details.uiDomain ?? String(details.portalId) };
    },

    async listAccounts(ctx) {
      const details = await ctx.http.json({ url: "/account-info/v3/details" }, accountDetails);
      return [
        {
          id: String(details.portalId),
          name: `HubSpot ${details.portalId}${details.accountType ? ` (${details.accountType.toLowerCase()})` : ""}`,
          timezone: DateTime.local().setZone(details.timeZone).isValid ? details.timeZone : "UTC",
          currency: details.companyCurrency ?? "USD",
          status: "active",
        },
      ];
    },

    reportHelp: REPORT_HELP,
    configFields: [DATE_CONFIG_FIELD],
    reports: REPORTS.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      fields: FIELDS_BY_REPORT[r.id],
      // Searches sort ascending by the date property: records arrive day after day.
      ordered: true,
      fetch: (ctx, account, range, req) => fetchRecords(ctx, account, range, req, r),
      record: (row: Row) => row,
    })),
  });
}

export const hubSpotConnector = createHubSpotConnector();
