// A local Account Engagement (Pardot) v5 on the Salesforce fake: PardotTenant through SOQL, and
// /api/v5/objects/prospects and /visitor-activities checking the Bearer token and the
// Pardot-Business-Unit-Id header, filtering createdAt and paging with nextPageUrl.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { mountSalesforce, SALESFORCE_APP, SALESFORCE_CREDENTIAL, SF_ZONE } from "../salesforce/fake.js";

export const PARDOT_CREDENTIAL = SALESFORCE_CREDENTIAL;
export const PARDOT_BU = "0Uv000000000001CAA";
export const PARDOT_UNAUTHORIZED: FakeReply = { status: 401, json: { code: 184, message: "access_token is invalid, unknown, or malformed: Inactive token" } };

/** 40 prospects a day in January 2025 (every 36 minutes from midnight New York), and 2 activities per prospect. */
export function buildProspects() {
  return Array.from({ length: 31 * 40 }, (_, n) => ({
    id: 1000 + n,
    createdAt: DateTime.fromISO("2025-01-01T00:00:00", { zone: SF_ZONE }).plus({ minutes: 36 * n }).toISO({ suppressMilliseconds: true })!,
    source: n % 3 ? "Website" : "Trade show",
    score: 10 + (n % 5) * 10,
    grade: n % 2 ? "B" : "A",
  }));
}

export interface PardotFake extends PlatformFake {
  prospects: ReturnType<typeof buildProspects>;
}

export async function startPardotFake(): Promise<PardotFake> {
  const server = await startFakeServer();
  const prospects = buildProspects();
  const activities = prospects.flatMap((p) => [
    { id: p.id * 10, createdAt: p.createdAt, type: 6, typeName: "Email", prospectId: p.id },
    { id: p.id * 10 + 1, createdAt: p.createdAt, type: 1, typeName: "Click", prospectId: p.id },
  ]);
  const { oauth, route } = mountSalesforce(server, { PardotTenant: [{ Id: PARDOT_BU, Name: "Signal Marketing" } as never] });
  const list = (items: { createdAt: string }[], path: string) => (req: RecordedRequest): FakeReply => {
    if (req.headers["pardot-business-unit-id"] !== PARDOT_BU) return { status: 400, json: { code: 181, message: "Invalid Pardot-Business-Unit-Id header" } };
    const from = DateTime.fromISO(req.query.get("createdAtAfterOrEqualTo") ?? "2000-01-01");
    const to = DateTime.fromISO(req.query.get("createdAtBefore") ?? "2100-01-01");
    const limit = Number(req.query.get("limit") ?? 200);
    const offset = Number(req.query.get("offset") ?? 0);
    const matching = items.filter((i) => DateTime.fromISO(i.createdAt) >= from && DateTime.fromISO(i.createdAt) < to);
    const more = offset + limit < matching.length;
    const next = new URL(`${server.url}${path}`);
    req.query.forEach((v, k) => next.searchParams.set(k, v));
    next.searchParams.set("offset", String(offset + limit));
    return { json: { values: matching.slice(offset, offset + limit), nextPageToken: more ? "tok" : null, nextPageUrl: more ? next.toString() : null } };
  };
  route("GET", "/api/v5/objects/prospects", list(prospects, "/api/v5/objects/prospects"));
  route("GET", "/api/v5/objects/visitor-activities", list(activities, "/api/v5/objects/visitor-activities"));
  return { server, baseUrl: server.url, credential: PARDOT_CREDENTIAL, app: SALESFORCE_APP, oauth, prospects, close: () => server.close() };
}
