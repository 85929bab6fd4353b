// A local LinkedIn Marketing API (versioned /rest) for connector tests: adAccounts and
// adAccounts/{id}/adCampaigns search finders (pageSize + pageToken, metadata.nextPageToken) and
// adAnalytics q=analytics (pivot ACCOUNT/CAMPAIGN, DAILY/ALL, Rest.li dateRange and accounts List),
// with LinkedIn-Version/X-Restli-Protocol-Version checks and LinkedIn's error bodies.
// Wire format: https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/ads-reporting
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2, type FakeOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { daysBetween, seeded } from "../../../tests/fakes/support/seeded.js";
import { metricFieldOf } from "../../../tests/fakes/support/field-kinds.js";
import { allocate, fieldValues, type SplitOf } from "../../../tests/fakes/support/field-values.js";
import { fieldOf } from "../shared/column-catalogue.js";
import { LINKEDIN_COLUMNS } from "./catalogue.data.js";

const gen = fieldValues("linkedin");

export const VERSION = "202607";
export const CLIENT = { clientId: "78fakelinkedinclient", clientSecret: "fake-linkedin-client-secret-6d1f" };
export const REFRESH_TOKEN = "AQWfake-linkedin-refresh-token";
export const ACCESS_TOKEN = "AQVfake-linkedin-access-token";

export const AD_ACCOUNTS = [
  { id: 508000001, name: "Acme Brand", currency: "EUR", status: "ACTIVE", type: "BUSINESS", reference: "urn:li:organization:1001", test: false },
  { id: 508000002, name: "Acme Careers", currency: "USD", status: "ACTIVE", type: "BUSINESS", reference: "urn:li:organization:1001", test: false },
  { id: 508000003, name: "Old tests", currency: "EUR", status: "CANCELED", type: "BUSINESS", reference: "urn:li:organization:1001", test: true },
];

export function campaignsOf(accountId: number) {
  return [
    { id: accountId * 10 + 1, name: "Awareness Q1", status: "ACTIVE", type: "SPONSORED_UPDATES", account: `urn:li:sponsoredAccount:${accountId}` },
    { id: accountId * 10 + 2, name: "Lead gen", status: "PAUSED", type: "SPONSORED_UPDATES", account: `urn:li:sponsoredAccount:${accountId}` },
    { id: accountId * 10 + 3, name: "Retargeting", status: "ACTIVE", type: "TEXT_AD", account: `urn:li:sponsoredAccount:${accountId}` },
  ];
}

export function dayStats(campaignId: number, date: string) {
  const r = seeded(`${campaignId}|${date}`);
  const impressions = Math.floor(r * 3000);
  const clicks = Math.floor(impressions * 0.008);
  return {
    impressions,
    clicks,
    costInLocalCurrency: Math.round(clicks * 6.2 * 100) / 100,
    costInUsd: Math.round(clicks * 6.7 * 100) / 100,
    externalWebsiteConversions: r > 0.75 ? 2 : 0,
    conversionValueInLocalCurrency: r > 0.75 ? 120 : 0,
    landingPageClicks: Math.floor(clicks * 0.9),
    oneClickLeads: r > 0.5 ? 1 : 0,
    videoViews: 0,
    totalEngagements: clicks + 3,
  };
}

export function linkedInError(status: number, code: string, message: string, serviceErrorCode = 100): FakeReply {
  return { status, json: { status, serviceErrorCode, code, message } };
}

export const failures = {
  expired: () => linkedInError(401, "EXPIRED_ACCESS_TOKEN", "The token used in the request has expired", 65601),
  forbidden: () => linkedInError(403, "ACCESS_DENIED", "Not enough permissions to access: adAnalytics.GET.20260701"),
  throttled: (retryAfter?: number) => ({ ...linkedInError(429, "TOO_MANY_REQUESTS", "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.", 101), ...(retryAfter ? { headers: { "retry-after": String(retryAfter) } } : {}) }),
  gateway: () => linkedInError(504, "GATEWAY_TIMEOUT", "Gateway timeout"),
};

export interface LinkedInFake {
  server: FakeServer;
  oauth: FakeOAuth2;
  baseUrl: string;
  tokenUrl: string;
  options: { pageSize: number };
  close(): Promise<void>;
}

/** Parses dateRange=(start:(year:2025,month:3,day:1),end:(year:...)) as written by Rest.li 2.0. */
function parseDateRange(value: string): { start: string; end: string } | undefined {
  const m = /^\(start:\(year:(\d+),month:(\d+),day:(\d+)\),end:\(year:(\d+),month:(\d+),day:(\d+)\)\)$/.exec(value);
  if (!m) return undefined;
  const iso = (y: string, mo: string, d: string) => `${y}-${mo.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return { start: iso(m[1], m[2], m[3]), end: iso(m[4], m[5], m[6]) };
}

export async function startLinkedInFake(): Promise<LinkedInFake> {
  const server = await startFakeServer();
  const oauth = mountOAuth2(server, { path: "/oauth/v2/accessToken", ...CLIENT, refreshToken: REFRESH_TOKEN, accessToken: ACCESS_TOKEN });
  const options = { pageSize: 100 };

  function guard(req: RecordedRequest): FakeReply | undefined {
    if (!oauth.bearer(req)) return linkedInError(401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600);
    if (!req.headers["linkedin-version"]) return linkedInError(400, "VERSION_MISSING", "A version must be present. Please specify a version by adding the LinkedIn-Version header.");
    if (req.headers["linkedin-version"] !== VERSION) return linkedInError(426, "NONEXISTENT_VERSION", `Requested version ${req.headers["linkedin-version"]} is not active`);
    if (req.headers["x-restli-protocol-version"] !== "2.0.0") return linkedInError(400, "ILLEGAL_ARGUMENT", "Rest.li protocol 2.0.0 is required.");
    return undefined;
  }

  /** Search-finder paging: pageToken is opaque to clients (here an offset). */
  function searchPage<T>(req: RecordedRequest, items: T[]) {
    const size = Math.min(Number(req.query.get("pageSize") ?? 100), options.pageSize);
    const start = Number(req.query.get("pageToken") ?? 0);
    const next = start + size < items.length ? { nextPageToken: String(start + size) } : {};
    return { json: { elements: items.slice(start, start + size), metadata: next } };
  }

  server.route("GET", "/rest/adAccounts", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    if (req.query.get("q") !== "search") return linkedInError(400, "ILLEGAL_ARGUMENT", "Unsupported finder");
    const search = req.query.get("search") ?? "";
    const statuses = /status:\(values:List\(([A-Z_,]+)\)\)/.exec(search)?.[1].split(",");
    return searchPage(req, AD_ACCOUNTS.filter((a) => !statuses || statuses.includes(a.status)));
  });

  server.route("GET", "/rest/adAccounts/:id/adCampaigns", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const account = AD_ACCOUNTS.find((a) => String(a.id) === req.params.id);
    if (!account) return failures.forbidden();
    return searchPage(req, campaignsOf(account.id));
  });

  server.route("GET", "/rest/adAnalytics", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const q = Object.fromEntries(req.query);
    if (q.q !== "analytics" && q.q !== "statistics") return linkedInError(400, "ILLEGAL_ARGUMENT", "Unsupported finder");
    const range = parseDateRange(q.dateRange ?? "");
    if (!range) return linkedInError(400, "ILLEGAL_ARGUMENT", "Invalid dateRange: the Rest.li structure could not be parsed.");
    const accountUrns = /^List\((.*)\)$/.exec(q.accounts ?? "")?.[1].split(",") ?? [];
    const accounts = accountUrns.map((urn) => AD_ACCOUNTS.find((a) => `urn:li:sponsoredAccount:${a.id}` === urn));
    if (accounts.length === 0 || accounts.some((a) => !a)) return failures.forbidden();
    const pivots = q.q === "statistics" ? (/^List\((.*)\)$/.exec(q.pivots ?? "")?.[1].split(",") ?? []) : [q.pivot];
    if (pivots.length === 0 || pivots.length > 3) return linkedInError(400, "ILLEGAL_ARGUMENT", "Between one and three pivots are allowed.");
    const fields = (q.fields ?? "").split(",");
    if (fields.length > 20) return linkedInError(400, "ILLEGAL_ARGUMENT", "A maximum of 20 fields can be requested.");
    const unknown = fields.find((f) => f !== "dateRange" && f !== "pivotValues" && !LINKEDIN_COLUMNS[f]);
    if (unknown) return linkedInError(400, "ILLEGAL_ARGUMENT", `Invalid field: ${unknown}`);
    const daily = q.timeGranularity === "DAILY";
    const days = daysBetween(range.start, range.end);
    const breakdowns = pivots.slice(1).map((pivot) => ({ pivot, members: [1, 2, 3].map((n) => `urn:li:${pivot.toLowerCase()}:${n}`) }));
    let cells: string[][] = [[]];
    for (const b of breakdowns) cells = cells.flatMap((c) => b.members.map((m) => [...c, m]));
    const elements: Record<string, unknown>[] = [];
    for (const account of accounts) {
      const campaigns = campaignsOf(account!.id);
      const own = pivots[0];
      const entities =
        own === "ACCOUNT"
          ? [{ urn: `urn:li:sponsoredAccount:${account!.id}`, ids: campaigns.map((c) => c.id) }]
          : own === "CAMPAIGN_GROUP"
            ? [{ urn: `urn:li:sponsoredCampaignGroup:${account!.id}9`, ids: campaigns.map((c) => c.id) }]
            : own === "CREATIVE"
              ? campaigns.map((c) => ({ urn: `urn:li:sponsoredCreative:${c.id}7`, ids: [c.id] }))
              : campaigns.map((c) => ({ urn: `urn:li:sponsoredCampaign:${c.id}`, ids: [c.id] }));
      for (const entity of entities) {
        for (const slot of daily ? days.map((d) => [d]) : [days]) {
          const totals: Record<string, number> = {};
          for (const id of entity.ids) for (const d of slot) for (const [k, v] of Object.entries(dayStats(id, d))) totals[k] = Math.round(((totals[k] ?? 0) + v) * 100) / 100;
          if (!totals.impressions) continue;
          for (const cell of cells) {
            const split: SplitOf[] = cell.map((member, i) => ({ dimension: breakdowns[i].pivot, members: breakdowns[i].members, member }));
            const share = (n: number, cents = false) => {
              let v = cents ? Math.round(n * 100) : n;
              for (const s of split) v = allocate(v, [3, 2, 1])[s.members.indexOf(s.member)];
              return cents ? v / 100 : v;
            };
            const [y1, m1, d1] = slot[0].split("-").map(Number);
            const [y2, m2, d2] = slot[slot.length - 1].split("-").map(Number);
            const element: Record<string, unknown> = {};
            for (const field of fields) {
              if (field === "dateRange") element.dateRange = { start: { year: y1, month: m1, day: d1 }, end: { year: y2, month: m2, day: d2 } };
              else if (field === "pivotValues") element.pivotValues = [entity.urn, ...cell];
              else if (field in totals) {
                // Money as decimal strings, counts as numbers, as LinkedIn writes them.
                const money = field.startsWith("cost") || field.startsWith("conversionValue");
                const value = share(totals[field], money);
                element[field] = money ? String(value) : value;
              } else {
                const def = fieldOf(LINKEDIN_COLUMNS[field]);
                const value = gen.metric(metricFieldOf(def, field), { entities: entity.ids.map(String), days: slot, cell: split });
                element[field] = def.fieldType === "CURRENCY" && value !== null ? String(value) : value;
              }
            }
            elements.push(element);
          }
        }
      }
    }
    return { json: { paging: { start: 0, count: 10, links: [] }, elements } };
  });

  return { server, oauth, baseUrl: `${server.url}/rest`, tokenUrl: oauth.tokenUrl, options, close: () => server.close() };
}
