import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import type { DB } from "../../db/connection.js";
import { seedDemo } from "../../server/seed/index.js";
import { listNetworkAuthorizations, readCredential } from "../../db/repositories/network-authorizations.js";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";

let db: DB;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDatabase()));
afterAll(async () => drop());

describe("demo-source seed step", () => {
  it("seeds the demo source with the accounts the demo connector reports, once", async () => {
    await seedDemo(db);
    await seedDemo(db);
    const company = await db.selectFrom("companies").selectAll().where("name", "=", "Demo Agency").executeTakeFirstOrThrow();
    const sources = (await listNetworkAuthorizations(db, company.id)).filter((s) => s.platform === "demo");
    expect(sources).toHaveLength(1);
    expect(sources[0].availableDataSources!.map((a) => a.accountId)).toEqual(DEMO_ACCOUNTS.map((a) => a.id));
    expect(readCredential(sources[0])).toEqual({ type: "api-key", key: "demo" });
    const activated = await listDataSources(db, company.id, { networkAuthorizationId: sources[0].id });
    expect(activated.map((d) => d.accountId).sort()).toEqual(DEMO_ACCOUNTS.slice(0, 2).map((a) => a.id).sort());
  });

  it("repairs a demo source seeded with a stale account list", async () => {
    const company = await db.selectFrom("companies").selectAll().where("name", "=", "Demo Agency").executeTakeFirstOrThrow();
    const [source] = (await listNetworkAuthorizations(db, company.id)).filter((s) => s.platform === "demo");
    await db.updateTable("networkAuthorizations").set({ availableDataSources: JSON.stringify([{ accountId: "demo-001", name: "old" }]) }).where("id", "=", source.id).execute();
    await seedDemo(db);
    const [fixed] = (await listNetworkAuthorizations(db, company.id)).filter((s) => s.platform === "demo");
    expect(fixed.availableDataSources!.map((a) => a.accountId)).toEqual(DEMO_ACCOUNTS.map((a) => a.id));
  });
});

describe("cross-platform seed step (issue 22)", () => {
  it("sets the reporting currency, saves a cross-platform query that answers, and lists an example link, once", async () => {
    const { DEMO_BLENDED_QUERY_NAME, DEMO_LINK_CLIENT } = await import("../../server/seed/cross-platform.js");
    const { listSavedQueries } = await import("../../db/repositories/saved-queries.js");
    const { listClientLinks } = await import("../../db/repositories/client-connect-links.js");
    const { revealApiKey } = await import("../../db/repositories/companies.js");
    const { buildQueryParams } = await import("~/utils/query-url");
    await seedDemo(db);
    const company = await db.selectFrom("companies").selectAll().where("name", "=", "Demo Agency").executeTakeFirstOrThrow();
    expect(company.reportingCurrency).toBe("EUR");
    const blended = (await listSavedQueries(db, company.id)).filter((q) => q.name === DEMO_BLENDED_QUERY_NAME);
    expect(blended).toHaveLength(1);
    const links = (await listClientLinks(db, company.id)).filter((l) => l.clientName === DEMO_LINK_CLIENT);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ platform: "google-ads", usedAt: null, revokedAt: null });
    // The saved query is a working cross-platform query URL.
    const { answerQueryUrl } = await import("~/services/query-url.server");
    const params = buildQueryParams(blended[0].json as never, revealApiKey(company));
    const res = await answerQueryUrl(new Request(`http://localhost:3000/api/request?${params}`), { db });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.columns.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(["platform", "spend", "spend_converted", "account_timezone"]));
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r: { platform: string }) => r.platform === "demo")).toBe(true);
  });
});

describe("read-cache seed step (issue 20)", () => {
  it("logs a demo account read from the platform, then the same days from the read cache, once", async () => {
    await seedDemo(db);
    await seedDemo(db);
    const company = await db.selectFrom("companies").selectAll().where("name", "=", "Demo Agency").executeTakeFirstOrThrow();
    const { DEMO_CACHED_READ_FIELDS } = await import("../../server/seed/read-cache.js");
    const logs = (await db.selectFrom("connectionLogs").select(["fromCache", "daysFromPlatform", "daysFromCache", "numberRow", "fields"]).where("companyId", "=", company.id).orderBy("id").execute()).filter(
      (l) => JSON.stringify(l.fields) === JSON.stringify(DEMO_CACHED_READ_FIELDS),
    );
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ fromCache: false, daysFromPlatform: 7, daysFromCache: 0 });
    expect(logs[1]).toMatchObject({ fromCache: true, daysFromPlatform: 0, daysFromCache: 7 });
    expect(logs[1].numberRow).toBe(logs[0].numberRow);
    expect(logs[0].numberRow).toBeGreaterThan(0);
  });
});
