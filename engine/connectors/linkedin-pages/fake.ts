// A local LinkedIn Community Management API (versioned /rest): organizationAcls q=roleAssignee with
// start/count paging, /organizations/{id}, and the share, follower and page statistics finders with
// Rest.li timeIntervals (one element per UTC day), LinkedIn-Version checks and LinkedIn's errors.
import { activeDays, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const LI_UNAUTHORIZED: FakeReply = { status: 401, json: { status: 401, serviceErrorCode: 65600, code: "INVALID_ACCESS_TOKEN", message: "Invalid access token" } };
export const LI_RATE_LIMITED: FakeReply = { status: 429, headers: { "retry-after": "1" }, json: { status: 429, code: "TOO_MANY_REQUESTS", message: "Resource level throttle APPLICATION DAY limit for calls to this resource is reached." } };

export const ORGANIZATIONS = [
  { id: "2414183", localizedName: "Signal Post", vanityName: "signalpost" },
  { id: "2414184", localizedName: "Signal Careers", vanityName: "signalcareers" },
  { id: "2414185", localizedName: "Signal Labs", vanityName: "signallabs" },
];

/** A deterministic statistic of an organization on a UTC day. */
export const stat = (org: string, name: string, day: string, scale = 500) => Math.floor(seeded(`${org}|${name}|${day}`) * scale);

function days(req: RecordedRequest): string[] {
  const m = /timeRange:\(start:(\d+),end:(\d+)\),timeGranularityType:DAY/.exec(req.query.get("timeIntervals") ?? "");
  if (!m) return [];
  const start = new Date(Number(m[1])).toISOString().slice(0, 10);
  const end = new Date(Number(m[2]) - 1).toISOString().slice(0, 10);
  return activeDays(start, end);
}

const range = (day: string) => ({ start: Date.parse(`${day}T00:00:00Z`), end: Date.parse(`${day}T00:00:00Z`) + 86_400_000 });
const views = (org: string, day: string, name: string) => ({ pageViews: stat(org, name, day) });

export async function startLinkedInPagesFake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "lip", basePath: "/rest", tokenPath: "/oauth/v2/accessToken", unauthorized: () => LI_UNAUTHORIZED });
  const versioned = (handler: (req: RecordedRequest) => FakeReply) => (req: RecordedRequest) =>
    req.headers["linkedin-version"] && req.headers["x-restli-protocol-version"] === "2.0.0" ? handler(req) : { status: 426, json: { status: 426, code: "VERSION_MISSING", message: "A version must be present." } };
  const entity = (req: RecordedRequest, param: string) => /^urn:li:organization:(\d+)$/.exec(req.query.get(param) ?? "")?.[1] ?? "";
  fake.route("GET", "/organizationAcls", versioned((req) => {
    const start = Number(req.query.get("start") ?? 0);
    const count = Math.min(fake.options.pageSize, Number(req.query.get("count") ?? 10));
    const elements = ORGANIZATIONS.slice(start, start + count).map((o) => ({ organization: `urn:li:organization:${o.id}`, role: "ADMINISTRATOR", state: "APPROVED", roleAssignee: "urn:li:person:abc" }));
    return { json: { elements, paging: { start, count, total: ORGANIZATIONS.length, links: [] } } };
  }));
  fake.route("GET", "/organizations/:id", versioned((req) => ({ json: ORGANIZATIONS.find((o) => o.id === req.params.id) ?? { id: req.params.id } })));
  fake.route("GET", "/organizationalEntityShareStatistics", versioned((req) => {
    const org = entity(req, "organizationalEntity");
    return {
      json: {
        elements: days(req).map((day) => ({
          organizationalEntity: `urn:li:organization:${org}`,
          timeRange: range(day),
          totalShareStatistics: { impressionCount: stat(org, "impressions", day, 5000), uniqueImpressionsCount: stat(org, "unique", day, 3000), clickCount: stat(org, "clicks", day, 200), likeCount: stat(org, "likes", day, 100), commentCount: stat(org, "comments", day, 20), shareCount: stat(org, "shares", day, 10), engagement: 0.01 },
        })),
      },
    };
  }));
  fake.route("GET", "/organizationalEntityFollowerStatistics", versioned((req) => {
    const org = entity(req, "organizationalEntity");
    return { json: { elements: days(req).map((day) => ({ organizationalEntity: `urn:li:organization:${org}`, timeRange: range(day), followerGains: { organicFollowerGain: stat(org, "organic", day, 40), paidFollowerGain: stat(org, "paid", day, 5) } })) } };
  }));
  fake.route("GET", "/organizationPageStatistics", versioned((req) => {
    const org = entity(req, "organization");
    return {
      json: {
        elements: days(req).map((day) => ({
          organization: `urn:li:organization:${org}`,
          timeRange: range(day),
          totalPageStatistics: { views: { allPageViews: views(org, day, "all"), allDesktopPageViews: views(org, day, "desktop"), allMobilePageViews: views(org, day, "mobile"), careersPageViews: views(org, day, "careers") }, clicks: {} },
        })),
      },
    };
  }));
  return fake;
}
