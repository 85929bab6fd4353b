import { DateTime } from "luxon";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { failureOf } from "../../../tests/fakes/support/failure.js";
import { HS_APP, HS_PORTAL, HS_REFRESH, HS_TOKEN, hubSpotRecords, startHubSpotFake, type HubSpotFake } from "./fake.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential, ReadRequest } from "../../core/types.js";
import { createHubSpotConnector } from "./connector.js";

const connector = createHubSpotConnector();
let fake: HubSpotFake;
const credential: Credential = { type: "oauth2", accessToken: HS_TOKEN, refreshToken: HS_REFRESH };
const portal: Account = { id: String(HS_PORTAL.portalId), name: "HubSpot", timezone: HS_PORTAL.timeZone, currency: "USD" };

const ctx = (cred: Credential = credential, base = fake) => fakeContext(connector, { baseUrl: base.baseUrl, tokenUrl: base.oauth.tokenUrl }, { credential: cred, app: HS_APP });

const read = (req: Partial<ReadRequest>, context = ctx().ctx) =>
  collectRows(connector.read(context, { accounts: [portal], fields: ["date", "lifecyclestage", "contacts"], range: { start: "2025-03-02", end: "2025-03-02" }, options: { report: "contacts" }, ...req }));

const nyDay = (iso: string | null) => DateTime.fromISO(iso!, { zone: "utc" }).setZone(HS_PORTAL.timeZone).toISODate();

/** What the read should give: records of [start, end] by create day, counted per key. */
function expected(object: string, start: string, end: string, key: (p: Record<string, string | null>) => string, perDay = 3) {
  const counts = new Map<string, number>();
  for (const r of hubSpotRecords(object, perDay)) {
    const day = nyDay(r.properties.createdate)!;
    if (day < start || day > end) continue;
    const k = `${day}|${key(r.properties)}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

beforeAll(async () => {
  fake = await startHubSpotFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.reset();
  fake.perDay = 3;
  fake.searchCap = 10_000;
  fake.omitTotal = false;
});

describe("hubspot connector", () => {
  it("checks the token through its metadata endpoint", async () => {
    await expect(connector.check(ctx().ctx)).resolves.toEqual({ ok: true, identity: "ada@example.com" });
    expect(fake.server.requests[0].path).toBe(`/oauth/v1/access-tokens/${HS_TOKEN}`);
  });

  it("lists the portal with its timezone and currency", async () => {
    expect(await connector.listAccounts(ctx().ctx)).toEqual([{ id: "6421337", name: "HubSpot 6421337 (standard)", timezone: "America/New_York", currency: "USD", status: "active" }]);
    expect(fake.server.requests[0].headers.authorization).toBe(`Bearer ${HS_TOKEN}`);
  });

  it("searches one day by createdate in the portal's timezone and counts contacts per lifecycle stage", async () => {
    const rows = await read({});
    const want = expected("contacts", "2025-03-02", "2025-03-02", (p) => p.lifecyclestage!);
    expect(rows.map((r) => `${r.date}|${r.lifecyclestage}=${r.contacts}`).sort()).toEqual([...want].map(([k, n]) => `${k}=${n}`).sort());
    const [call] = fake.server.requestsTo("/crm/v3/objects/contacts/search");
    const body = call.json<{ filterGroups: { filters: { propertyName: string; operator: string; value: string }[] }[]; sorts: unknown; properties: string[]; limit: number }>();
    expect(body.filterGroups[0].filters).toEqual([
      { propertyName: "createdate", operator: "GTE", value: String(Date.parse("2025-03-02T05:00:00Z")) },
      { propertyName: "createdate", operator: "LT", value: String(Date.parse("2025-03-03T05:00:00Z")) },
    ]);
    expect(body.sorts).toEqual([{ propertyName: "createdate", direction: "ASCENDING" }]);
    expect(body.properties).toEqual(["createdate", "lifecyclestage"]);
    expect(body.limit).toBe(200);
  });

  it("follows the after cursor through several pages", async () => {
    fake.perDay = 30;
    const rows = await read({ range: { start: "2025-03-01", end: "2025-03-31" }, fields: ["date", "contacts"] });
    const want = expected("contacts", "2025-03-01", "2025-03-31", () => "", 30);
    // 31 days, the DST switch of 9 March included (a 23-hour day in New York).
    expect(rows.map((r) => `${r.date}|=${r.contacts}`)).toEqual([...want].map(([k, n]) => `${k}=${n}`));
    expect(rows.reduce((s, r) => s + Number(r.contacts), 0)).toBe(930);
    const calls = fake.server.requestsTo("/crm/v3/objects/contacts/search");
    expect(calls.map((c) => c.json<{ after?: string }>().after)).toEqual([undefined, "200", "400", "600", "800"]);
  });

  it("splits a window whose results pass the search cap", async () => {
    fake.perDay = 30;
    fake.searchCap = 50;
    const capped = createHubSpotConnector({ searchLimit: 50 });
    const rows = await collectRows(
      capped.read(ctx().ctx, { accounts: [portal], fields: ["date", "contacts"], range: { start: "2025-03-01", end: "2025-03-03" }, options: { report: "contacts" } }),
    );
    expect(rows).toEqual([
      { date: "2025-03-01", contacts: 30 },
      { date: "2025-03-02", contacts: 30 },
      { date: "2025-03-03", contacts: 30 },
    ]);
    // 90 results > 50: the first query is split in two windows of 45.
    const windows = fake.server.requestsTo("/crm/v3/objects/contacts/search").map((c) => c.json<{ filterGroups: { filters: { value: string }[] }[] }>().filterGroups[0].filters.map((f) => Number(f.value)));
    expect(windows).toHaveLength(3);
    expect(windows[1][0]).toBe(windows[0][0]);
    expect(windows[1][1]).toBe(windows[2][0]);
    expect(windows[2][1]).toBe(windows[0][1]);
  });

  it("returns nothing for a range without records", async () => {
    expect(await read({ range: { start: "2025-02-01", end: "2025-02-10" } })).toEqual([]);
  });

  it("sums deal amounts per stage", async () => {
    const rows = await read({ options: { report: "deals" }, fields: ["dealstage", "deals", "amount"], range: { start: "2025-03-01", end: "2025-03-03" } });
    const deals = hubSpotRecords("deals").filter((r) => ["2025-03-01", "2025-03-02", "2025-03-03"].includes(nyDay(r.properties.createdate)!));
    for (const row of rows) {
      const mine = deals.filter((d) => d.properties.dealstage === row.dealstage);
      expect(row.deals).toBe(mine.length);
      expect(row.amount).toBeCloseTo(mine.reduce((s, d) => s + Number(d.properties.amount), 0), 2);
    }
    expect(rows.reduce((s, r) => s + Number(r.deals), 0)).toBe(9);
  });

  it("filters on the last modified date when asked", async () => {
    await read({ options: { report: "companies", date_property: "modified" }, fields: ["date", "companies"] });
    const [call] = fake.server.requestsTo("/crm/v3/objects/companies/search");
    expect(call.json<{ filterGroups: { filters: { propertyName: string }[] }[] }>().filterGroups[0].filters[0].propertyName).toBe("hs_lastmodifieddate");
  });

  it("refreshes an expired access token, persists it and retries", async () => {
    fake.oauth.expireAccessTokens();
    const { ctx: context, refreshed } = ctx();
    const rows = await read({}, context);
    expect(rows.length).toBeGreaterThan(0);
    expect(fake.oauth.refreshes).toBeGreaterThan(0);
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]).toMatchObject({ type: "oauth2", refreshToken: HS_REFRESH });
    expect((refreshed[0] as { accessToken: string }).accessToken).toMatch(/refreshed/);
    const [token] = fake.server.requestsTo("/oauth/v1/token");
    expect(token.form().get("grant_type")).toBe("refresh_token");
    expect(token.form().get("client_id")).toBe(HS_APP.clientId);
    const searches = fake.server.requestsTo("/crm/v3/objects/contacts/search");
    expect(searches.at(-1)!.headers.authorization).toBe(`Bearer ${(refreshed[0] as { accessToken: string }).accessToken}`);
    fake.oauth.validTokens.add(HS_TOKEN);
  });

  it("maps a 401 that cannot be refreshed to a config error", async () => {
    const e = await failureOf(read({}, ctx({ type: "oauth2", accessToken: "hs-revoked-token-1" }).ctx));
    expect(e.kind).toBe("config");
    expect(e.message).toMatch(/EXPIRED_AUTHENTICATION.*Reconnect/);
  });

  it("names the missing scope of a 403", async () => {
    fake.fail("missing-scopes");
    const e = await failureOf(read({ options: { report: "deals" }, fields: ["deals"] }));
    expect(e.kind).toBe("config");
    expect(e.message).toContain("crm.objects.deals.read");
  });

  it("retries a SECONDLY 429 after Retry-After, then succeeds", async () => {
    fake.fail("rate-limited", { path: /search/ });
    const started = Date.now();
    expect((await read({})).length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.server.requestsTo("/crm/v3/objects/contacts/search")).toHaveLength(2);
  });

  it("hands the DAILY limit back to the caller instead of waiting", async () => {
    fake.fail("daily-limit", { path: /search/ });
    const e = await failureOf(read({}));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterMs).toBe(3_600_000);
    expect(e.message).toMatch(/policy DAILY.*midnight/);
    expect(fake.server.requestsTo("/crm/v3/objects/contacts/search")).toHaveLength(1);
  });

  it("keeps the daily-limit wording for a 429 body without status \"error\"", async () => {
    fake.server.once("POST", /search/, {
      status: 429,
      json: { errorType: "RATE_LIMIT", message: "You have reached your daily limit.", policyName: "DAILY", groupName: "pulse-api-daily", correlationId: "8c3b" },
    });
    const e = await failureOf(read({}));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterMs).toBe(3_600_000);
    expect(e.message).toMatch(/policy DAILY.*daily API call limit.*midnight/);
  });

  it("reads search pages without total", async () => {
    fake.omitTotal = true;
    fake.perDay = 30;
    const rows = await read({ range: { start: "2025-03-01", end: "2025-03-10" }, fields: ["date", "contacts"] });
    expect(rows.reduce((s, r) => s + Number(r.contacts), 0)).toBe(300);
    expect(fake.server.requestsTo("/crm/v3/objects/contacts/search").length).toBeGreaterThan(1);
  });

  it("retries a 5xx, then succeeds", async () => {
    fake.fail("server-error", { path: /search/ });
    expect((await read({})).length).toBeGreaterThan(0);
  });
  it("reports an unexpected search payload as a system error with an excerpt", async () => {
    fake.server.once("POST", /search/, { status: 200, json: { total: "many", results: null } });
    const e = await failureOf(read({}));
    expect(e.kind).toBe("system");
    expect(e.message).toMatch(/unexpected payload/);
    expect(e.bodyExcerpt).toContain("many");
  });

});
