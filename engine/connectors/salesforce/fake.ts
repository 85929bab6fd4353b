// A local Salesforce: OAuth 2.0 token endpoint at /services/oauth2/token, /services/oauth2/userinfo
// pointing urls.rest at this fake, and /services/data/v62.0/query running the small SOQL subset
// the connectors send (FROM object, CreatedDate >= and < literals) with 200-record batches and
// nextRecordsUrl; errors as [{message, errorCode}]. Also serves Account Engagement (Pardot) v5.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply, type FakeServer } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2, type FakeOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const SALESFORCE_APP = { clientId: "3MVG9-sf-client", clientSecret: "sf-client-secret-0123456789" };
export const SALESFORCE_CREDENTIAL = { type: "oauth2" as const, accessToken: "00Dxx!sf-access-0123456789", refreshToken: "5Aep-sf-refresh-0123456789", expiresAt: "2099-01-01T00:00:00Z" };
export const SALESFORCE_UNAUTHORIZED: FakeReply = { status: 401, json: [{ message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID" }] };
export const SF_ZONE = "America/New_York";
const BATCH = 200;

/** 10 opportunities and 5 leads a day in January 2025, from 08:00 New York time every 90 minutes. */
export function buildSalesforceData() {
  const at = (day: number, k: number) => DateTime.fromISO("2025-01-01T08:00:00", { zone: SF_ZONE }).plus({ days: day, minutes: 90 * k }).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'+0000'");
  const opportunities = Array.from({ length: 310 }, (_, n) => ({ Id: `006${String(n).padStart(12, "0")}`, StageName: n % 3 === 0 ? "Closed Won" : "Prospecting", Amount: 1000 + (n % 5) * 500, IsWon: n % 3 === 0, IsClosed: n % 3 === 0, LeadSource: n % 2 ? "Web" : "Partner", Type: "New Business", CreatedDate: at(Math.floor(n / 10), n % 10) }));
  const leads = Array.from({ length: 155 }, (_, n) => ({ Id: `00Q${String(n).padStart(12, "0")}`, Status: n % 4 === 0 ? "Qualified" : "Open", LeadSource: "Web", IsConverted: n % 4 === 0, CreatedDate: at(Math.floor(n / 5), n % 5) }));
  return { opportunities, leads };
}

export interface SalesforceFake extends PlatformFake {
  opportunities: ReturnType<typeof buildSalesforceData>["opportunities"];
  leads: ReturnType<typeof buildSalesforceData>["leads"];
}

/** The userinfo, Organization and query routes on a server with Salesforce OAuth; shared with the Pardot fake. */
export function mountSalesforce(server: FakeServer, objects: Record<string, { CreatedDate?: string }[]>): { oauth: FakeOAuth2; route: ReturnType<typeof guardedRoutes> } {
  const oauth = mountOAuth2(server, { path: "/services/oauth2/token", ...SALESFORCE_APP, refreshToken: SALESFORCE_CREDENTIAL.refreshToken, accessToken: SALESFORCE_CREDENTIAL.accessToken });
  const route = guardedRoutes(server, (req) => !!oauth.bearer(req), () => SALESFORCE_UNAUTHORIZED);
  const cursors = new Map<string, unknown[]>();
  route("GET", "/services/oauth2/userinfo", () => ({ json: { organization_id: "00D000000000001EAA", email: "ops@signalpost.example", zoneinfo: SF_ZONE, urls: { rest: `${server.url}/services/data/v{version}/` } } }));
  route("GET", "/services/data/v62.0/query", (req) => {
    const q = req.query.get("q") ?? "";
    const object = /FROM (\w+)/.exec(q)?.[1] ?? "";
    const all: { CreatedDate?: string }[] | undefined = object === "Organization" ? [{ Id: "00D000000000001EAA", Name: "Signal Corp", TimeZoneSidKey: SF_ZONE, DefaultCurrencyIsoCode: "USD" } as { CreatedDate?: string }] : objects[object];
    if (!all) return { status: 400, json: [{ message: `sObject type '${object}' is not supported.`, errorCode: "INVALID_TYPE" }] };
    const gte = /CreatedDate >= (\S+)/.exec(q)?.[1];
    const lt = /CreatedDate < (\S+)/.exec(q)?.[1];
    const records = all.filter((r) => !gte || !r.CreatedDate || (DateTime.fromISO(r.CreatedDate.replace("+0000", "Z")) >= DateTime.fromISO(gte) && DateTime.fromISO(r.CreatedDate.replace("+0000", "Z")) < DateTime.fromISO(lt!)));
    return batch(records, 0);
  });
  route("GET", "/services/data/v62.0/query/:cursor", (req) => {
    const [id, offset] = req.params.cursor.split("-");
    return batch(cursors.get(id) ?? [], Number(offset), id);
  });
  function batch(records: unknown[], offset: number, id = `01g${cursors.size}`): FakeReply {
    cursors.set(id, records);
    const done = offset + BATCH >= records.length;
    return { json: { totalSize: records.length, done, records: records.slice(offset, offset + BATCH), ...(done ? {} : { nextRecordsUrl: `/services/data/v62.0/query/${id}-${offset + BATCH}` }) } };
  }
  return { oauth, route };
}

export async function startSalesforceFake(): Promise<SalesforceFake> {
  const server = await startFakeServer();
  const data = buildSalesforceData();
  const { oauth } = mountSalesforce(server, { Opportunity: data.opportunities, Lead: data.leads });
  return { server, baseUrl: server.url, credential: SALESFORCE_CREDENTIAL, app: SALESFORCE_APP, oauth, ...data, close: () => server.close() };
}
