// A local HubSpot API: OAuth 2.0 refresh at /oauth/v1/token (30-minute access tokens), token
// metadata, account details, and the CRM v3 search endpoint (filterGroups GTE/LT on a date
// property, sorts, properties, limit <= 200, `after` cursors, the 10,000-result paging cap), with
// HubSpot's {"status":"error",...} bodies and 429 policyName answers.
import { DateTime } from "luxon";
import { mountOAuth2, type FakeOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const HS_APP = { clientId: "hs-client-5f6e7d", clientSecret: "hs-client-secret-1a2b3c" };
export const HS_TOKEN = "hs-access-token-CJ2x9";
export const HS_REFRESH = "hs-refresh-token-8c7b6a";
export const HS_PORTAL = { portalId: 6421337, timeZone: "America/New_York", companyCurrency: "USD", uiDomain: "app.hubspot.com", accountType: "STANDARD" };

type Properties = Record<string, string | null>;
export interface HubSpotRecord {
  id: string;
  properties: Properties;
}

const STAGES = ["subscriber", "lead", "marketingqualifiedlead", "customer"];
const SOURCES = ["ORGANIC_SEARCH", "PAID_SOCIAL", "DIRECT_TRAFFIC"];
const DEAL_STAGES = ["appointmentscheduled", "qualifiedtobuy", "closedwon"];

/** Deterministic records: `perDay` of each object on every day of March 2025 (New York time). */
export function hubSpotRecords(object: string, perDay = 3): HubSpotRecord[] {
  const out: HubSpotRecord[] = [];
  for (let day = 1; day <= 31; day++) {
    for (let i = 0; i < perDay; i++) {
      const n = (day - 1) * perDay + i + 1;
      const created = DateTime.fromObject({ year: 2025, month: 3, day }, { zone: HS_PORTAL.timeZone }).plus({ minutes: 17 + Math.floor((i * 1440) / perDay) }).toUTC().toISO()!;
      const modified = DateTime.fromISO(created).plus({ days: 2 }).toUTC().toISO()!;
      const base: Properties = { createdate: created, hs_object_id: String(n), hubspot_owner_id: String(100 + (n % 2)) };
      const key = `${object}/${n}`;
      if (object === "contacts") {
        out.push({ id: String(1000 + n), properties: { ...base, lastmodifieddate: modified, email: `person${n}@example.com`, firstname: `First${n}`, lastname: `Last${n}`, lifecyclestage: STAGES[Math.floor(seeded(key) * STAGES.length)], hs_lead_status: null, hs_analytics_source: SOURCES[n % SOURCES.length], country: "US" } });
      } else if (object === "companies") {
        out.push({ id: String(2000 + n), properties: { ...base, hs_lastmodifieddate: modified, name: `Company ${n}`, domain: `company${n}.example`, industry: "SOFTWARE", lifecyclestage: "lead", country: "US", numberofemployees: String(10 + n), annualrevenue: String(100_000 * n) } });
      } else {
        out.push({ id: String(3000 + n), properties: { ...base, hs_lastmodifieddate: modified, dealname: `Deal ${n}`, pipeline: "default", dealstage: DEAL_STAGES[n % 3], closedate: modified, amount: (Math.round(seeded(key) * 500_000) / 100).toFixed(2) } });
      }
    }
  }
  return out;
}

export type HubSpotFailure = "rate-limited" | "daily-limit" | "server-error" | "missing-scopes";

export interface HubSpotFake {
  server: FakeServer;
  baseUrl: string;
  oauth: FakeOAuth2;
  /** Records per day per object. */
  perDay: number;
  /** Results a search may page through before HubSpot refuses (10,000 for real). */
  searchCap: number;
  /** Leave `total` out of search pages, as some real answers do. */
  omitTotal: boolean;
  fail(kind: HubSpotFailure, opts?: { path?: RegExp }): void;
  close(): Promise<void>;
}

const hsError = (status: number, category: string, message: string, extra: Record<string, unknown> = {}): FakeReply => ({
  status,
  json: { status: "error", message, correlationId: "3f1c9a8e-0b6d-4c1e-9d2a-6f7e8a9b0c1d", category, ...extra },
});

interface SearchBody {
  filterGroups?: { filters: { propertyName: string; operator: string; value: string }[] }[];
  sorts?: { propertyName: string; direction: string }[];
  properties?: string[];
  limit?: number;
  after?: string;
}

const epoch = (value: string | null | undefined) => (value ? Date.parse(value) : NaN);

export async function startHubSpotFake(opts: { perDay?: number; searchCap?: number } = {}): Promise<HubSpotFake> {
  const server = await startFakeServer();
  const oauth = mountOAuth2(server, { path: "/oauth/v1/token", clientId: HS_APP.clientId, clientSecret: HS_APP.clientSecret, refreshToken: HS_REFRESH, accessToken: HS_TOKEN, expiresIn: 1800 });
  const authed =
    (handler: (req: RecordedRequest) => FakeReply) =>
    (req: RecordedRequest): FakeReply =>
      oauth.bearer(req) ? handler(req) : hsError(401, "EXPIRED_AUTHENTICATION", "The OAuth token used to make this call expired 2 minute(s) ago.");

  server.route("GET", "/oauth/v1/access-tokens/:token", (req) =>
    oauth.validTokens.has(req.params.token)
      ? { status: 200, json: { token: req.params.token, user: "ada@example.com", hub_domain: "acme.example", scopes: ["oauth", "crm.objects.contacts.read"], hub_id: HS_PORTAL.portalId, app_id: 42, expires_in: 1700, user_id: 7, token_type: "access" } }
      : hsError(404, "OBJECT_NOT_FOUND", "The access token does not exist or has expired."),
  );
  server.route("GET", "/account-info/v3/details", authed(() => ({ status: 200, json: { ...HS_PORTAL, additionalCurrencies: [], utcOffset: "-05:00", utcOffsetMilliseconds: -18_000_000, dataHostingLocation: "na1" } })));
  server.route(
    "POST",
    "/crm/v3/objects/:object/search",
    authed((req) => {
      const body = req.json<SearchBody>();
      if ((body.limit ?? 10) > 200) return hsError(400, "VALIDATION_ERROR", "limit must be at most 200");
      const filters = body.filterGroups?.[0]?.filters ?? [];
      let records = hubSpotRecords(req.params.object, fake.perDay).filter((r) =>
        filters.every((f) => {
          const v = epoch(r.properties[f.propertyName]);
          const x = Number(f.value);
          return f.operator === "GTE" ? v >= x : f.operator === "LT" ? v < x : f.operator === "LTE" ? v <= x : f.operator === "GT" ? v > x : true;
        }),
      );
      const sort = body.sorts?.[0];
      if (sort) records = [...records].sort((a, b) => (epoch(a.properties[sort.propertyName]) - epoch(b.properties[sort.propertyName])) * (sort.direction === "DESCENDING" ? -1 : 1));
      const offset = Number(body.after ?? 0);
      const limit = body.limit ?? 10;
      if (offset + limit > fake.searchCap && offset > 0) return hsError(400, "VALIDATION_ERROR", `There was a problem with the request: paging beyond ${fake.searchCap} results is not allowed.`);
      const props = new Set(["createdate", "hs_object_id", "lastmodifieddate", "hs_lastmodifieddate", ...(body.properties ?? [])]);
      const results = records.slice(offset, offset + limit).map((r) => ({
        id: r.id,
        properties: Object.fromEntries(Object.entries(r.properties).filter(([k]) => props.has(k))),
        createdAt: r.properties.createdate,
        updatedAt: r.properties.hs_lastmodifieddate ?? r.properties.lastmodifieddate,
        archived: false,
      }));
      const next = offset + limit < records.length ? { next: { after: String(offset + limit), link: `${server.url}/crm/v3/objects/${req.params.object}/search?after=${offset + limit}` } } : undefined;
      return { status: 200, json: { ...(fake.omitTotal ? {} : { total: records.length }), results, ...(next ? { paging: next } : {}) } };
    }),
  );

  const fake: HubSpotFake = {
    server,
    baseUrl: server.url,
    oauth,
    perDay: opts.perDay ?? 3,
    searchCap: opts.searchCap ?? 10_000,
    omitTotal: false,
    fail(kind, o = {}) {
      const replies: Record<HubSpotFailure, FakeReply> = {
        "rate-limited": { ...hsError(429, "RATE_LIMITS", "You have reached your secondly limit.", { errorType: "RATE_LIMIT", policyName: "SECONDLY", groupName: "publicapi:oauth:42:6421337" }), headers: { "retry-after": "1" } },
        "daily-limit": hsError(429, "RATE_LIMITS", "You have reached your daily limit.", { errorType: "RATE_LIMIT", policyName: "DAILY", groupName: "publicapi:oauth:42:6421337" }),
        "server-error": hsError(502, "BAD_GATEWAY", "Bad gateway"),
        "missing-scopes": hsError(403, "MISSING_SCOPES", "This app hasn't been granted all required scopes to make this call.", {
          errors: [{ message: "One or more of the following scopes are required.", context: { requiredGranularScopes: ["crm.objects.deals.read"] } }],
          links: { scopes: "https://developers.hubspot.com/scopes" },
        }),
      };
      server.once("*", o.path ?? /.*/, replies[kind]);
    },
    close: () => server.close(),
  };
  return fake;
}
