import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import type { DB } from "../../db/connection.js";
import { revealApiKey, rotateApiKey, getCompany } from "../../db/repositories/companies.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { listConnectionLogs, listConnections } from "../../db/repositories/connection-logs.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let service: typeof import("~/services/query-url.server");
let route: typeof import("~/routes/api.request");

type Setup = Awaited<ReturnType<typeof makeDemoCompany>>;
let a: Setup;
let b: Setup;

async function makeDemoCompany() {
  const { company, user } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
  const paris = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-paris", name: "Maison Lumière (Paris)", timezone: "Europe/Paris", currency: "EUR" });
  const ny = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-new-york", name: "Summit Outdoor (New York)", timezone: "America/New_York", currency: "USD" });
  return { company, user, source, paris, ny, apikey: revealApiKey(company) };
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  service = await import("~/services/query-url.server");
  route = await import("~/routes/api.request");
  a = await makeDemoCompany();
  b = await makeDemoCompany();
});
afterAll(async () => {
  // Connection logs are written just after a body ends: let them land before the database goes.
  await new Promise((r) => setTimeout(r, 300));
  await drop();
});

function url(params: Record<string, string>): string {
  return `http://localhost:3000/api/request?${new URLSearchParams(params)}`;
}

function base(s: Setup, extra: Record<string, string> = {}): Record<string, string> {
  return {
    platform: "demo",
    dimensions: "date,campaign_name",
    metrics: "clicks,cost",
    date: "CUSTOM",
    start_date: "2026-01-01",
    end_date: "2026-01-02",
    accounts: JSON.stringify([{ id: "demo-paris", authorization_id: s.source.id }]),
    apikey: s.apikey,
    ...extra,
  };
}

async function call(params: Record<string, string>, now?: Date): Promise<Response> {
  if (now) return service.answerQueryUrl(new Request(url(params)), { db, now: () => now });
  return route.loader({ request: new Request(url(params)), params: {}, context: {} }) as Promise<Response>;
}

/** Logs are written after the response ends: waits for every request's log, and `rows` of them in all. */
async function waitForLogs(requestIds: string[], rows = requestIds.length) {
  for (let i = 0; i < 100; i++) {
    const found = await db.selectFrom("connectionLogs").select("requestId").where("requestId", "in", requestIds).execute();
    if (new Set(found.map((r) => r.requestId)).size === requestIds.length && found.length >= rows) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("GET /api/request formats", () => {
  it("streams json with dimensions first, then metrics, and records one connection log per account", async () => {
    const res = await call(base(a, { accounts: JSON.stringify([{ id: "demo-paris", authorization_id: a.source.id }, { id: "demo-new-york", authorization_id: a.source.id }]) }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.columns.map((c: { id: string }) => c.id)).toEqual(["date", "campaign_name", "clicks", "cost"]);
    expect(body.data.length).toBeGreaterThan(4);
    expect(Object.keys(body.data[0])).toEqual(["date", "campaign_name", "clicks", "cost"]);
    expect(new Set(body.data.map((r: { date: string }) => r.date))).toEqual(new Set(["2026-01-01", "2026-01-02"]));
    const requestId = res.headers.get("x-request-id")!;
    await waitForLogs([requestId], 2);
    const { logs } = await listConnectionLogs(db, a.company.id, { requestId });
    expect(logs).toHaveLength(2);
    expect(logs.every((l) => l.success && l.fields.join() === "date,campaign_name,clicks,cost" && l.dateStart === "2026-01-01" && l.dateEnd === "2026-01-02")).toBe(true);
    expect(logs.reduce((n, l) => n + l.numberRow, 0)).toBe(body.data.length);
    expect(logs.every((l) => l.numberRow > 0)).toBe(true);
    expect(logs.reduce((n, l) => n + Number(l.size), 0)).toBe(Buffer.byteLength(text));
    const connections = await listConnections(db, a.company.id);
    expect(connections.map((c) => c.destinationType)).toContain("JSON");
  });

  it("answers csv, tableau and powerbi with the same rows", async () => {
    const json = await (await call(base(a))).json();
    const csv = await (await call(base(a, { format: "csv" }))).text();
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe("date,campaign_name,clicks,cost");
    expect(lines.length - 1).toBe(json.data.length);
    const tableau = await (await call(base(a, { format: "tableau" }))).json();
    expect(tableau.schema.columns.map((c: { dataType: string }) => c.dataType)).toEqual(["date", "string", "float", "float"]);
    expect(tableau.data).toEqual(json.data);
    const powerbi = await (await call(base(a, { format: "powerbi" }))).json();
    expect(powerbi.value).toEqual(json.data);
  });

  it("resolves a preset in each account's timezone and offers the account columns", async () => {
    // 03:00 UTC: already the 15th in Paris, still the 14th in New York.
    const now = new Date("2026-03-15T03:00:00Z");
    const res = await call(
      base(a, {
        date: "TODAY",
        dimensions: "date,account_id,account_timezone,account_currency",
        metrics: "impressions",
        accounts: JSON.stringify([{ id: "demo-paris", authorization_id: a.source.id }, { id: "demo-new-york", authorization_id: a.source.id }]),
      }),
      now,
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()).data as Record<string, string>[];
    const paris = rows.filter((r) => r.account_id === "demo-paris");
    const ny = rows.filter((r) => r.account_id === "demo-new-york");
    expect(new Set(paris.map((r) => r.date))).toEqual(new Set(["2026-03-15"]));
    expect(new Set(ny.map((r) => r.date))).toEqual(new Set(["2026-03-14"]));
    expect(paris[0].account_timezone).toBe("Europe/Paris");
    expect(ny[0].account_currency).toBe("USD");
  });

  it("shares one upstream read between identical concurrent requests", async () => {
    const before = service.queryUrlCounters.upstreamReads;
    const params = base(a, { start_date: "2025-06-01", end_date: "2025-06-20" });
    const responses = await Promise.all([call(params), call(params), call(params)]);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(service.queryUrlCounters.upstreamReads - before).toBe(1);
    expect(responses.map((r) => r.headers.get("x-from-cache")).sort()).toEqual(["0", "1", "1"]);
    await waitForLogs(responses.map((r) => r.headers.get("x-request-id")!));
    const cached = await Promise.all(responses.map((r) => listConnectionLogs(db, a.company.id, { requestId: r.headers.get("x-request-id")! })));
    expect(cached.map((c) => c.logs[0].fromCache).sort()).toEqual([false, true, true]);
    expect(new Set(cached.map((c) => c.logs[0].numberRow)).size).toBe(1);
  });
});

describe("GET /api/request tenancy and keys", () => {
  it("never serves another company's account, whatever the key", async () => {
    const res = await call(base(a, { accounts: JSON.stringify([{ id: "demo-paris", authorization_id: b.source.id }]) }));
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error.parameter).toBe("accounts");
    expect(JSON.stringify(body)).not.toMatch(/Maison|Summit|clicks/);
  });

  it("stops a rotated key at once", async () => {
    const s = await makeDemoCompany();
    expect((await call(base(s))).status).toBe(200);
    await rotateApiKey(db, s.company.id);
    const res = await call(base(s));
    expect(res.status).toBe(401);
    expect((await res.json()).error.parameter).toBe("apikey");
    const fresh = revealApiKey((await getCompany(db, s.company.id))!);
    expect((await call(base(s, { apikey: fresh }))).status).toBe(200);
  });

  it("refuses a blocked account with the spec's text", async () => {
    const s = await makeDemoCompany();
    await db.updateTable("dataSources").set({ blockedAt: new Date() }).where("id", "=", s.paris.id).execute();
    const res = await call(base(s));
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toMatch(/This account is blocked. You need to unblock it to fetch data./);
  });
});

describe("recordConnectionLog", () => {
  it("refuses another company's account and upserts one connection per account and destination", async () => {
    const { recordConnectionLog, DataSourceNotFoundError } = await import("../../db/repositories/connection-logs.js");
    const startedAt = new Date(Date.now() - 1500);
    await expect(recordConnectionLog(db, a.company.id, { dataSourceId: b.paris.id, destinationType: "MYSQL", destinationId: 7, requestId: "run-1", startedAt, success: true })).rejects.toBeInstanceOf(DataSourceNotFoundError);
    const first = await recordConnectionLog(db, a.company.id, { dataSourceId: a.paris.id, destinationType: "MYSQL", destinationId: 7, requestId: "run-1", startedAt, success: true, numberRow: 12, fields: ["date"] });
    const second = await recordConnectionLog(db, a.company.id, { dataSourceId: a.paris.id, destinationType: "MYSQL", destinationId: 7, requestId: "run-2", startedAt, success: false, message: "boom" });
    expect(second.connectionId).toBe(first.connectionId);
    const { logs } = await listConnectionLogs(db, a.company.id, { connectionId: first.connectionId });
    expect(logs.map((l) => [l.requestId, l.success, l.numberRow])).toEqual(expect.arrayContaining([["run-1", true, 12], ["run-2", false, 0]]));
    expect(logs.every((l) => l.duration >= 1500)).toBe(true);
    expect((await listConnectionLogs(db, b.company.id, { connectionId: first.connectionId })).total).toBe(0);
  });

  it("records several accounts' logs at once: one connection each, its last sighting the latest, nothing written when one account is foreign", async () => {
    const { recordConnectionLogs, DataSourceNotFoundError } = await import("../../db/repositories/connection-logs.js");
    const startedAt = new Date(Date.now() - 1000);
    const early = new Date(Date.now() - 500);
    const late = new Date();
    const countLogs = async () => Number((await db.selectFrom("connectionLogs").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", a.company.id).executeTakeFirstOrThrow()).n);
    const before = await countLogs();
    await expect(
      recordConnectionLogs(db, a.company.id, [
        { dataSourceId: a.paris.id, destinationType: "SNOWFLAKE", destinationId: 91, requestId: "batch-0", startedAt, success: true },
        { dataSourceId: b.ny.id, destinationType: "SNOWFLAKE", destinationId: 91, requestId: "batch-0", startedAt, success: true },
      ]),
    ).rejects.toBeInstanceOf(DataSourceNotFoundError);
    expect(await countLogs()).toBe(before);
    expect((await listConnections(db, a.company.id)).some((c) => c.destinationType === "SNOWFLAKE")).toBe(false);

    const recorded = await recordConnectionLogs(db, a.company.id, [
      { dataSourceId: a.ny.id, destinationType: "SNOWFLAKE", destinationId: 91, requestId: "batch-1", startedAt, endedAt: late, success: true, numberRow: 3 },
      { dataSourceId: a.paris.id, destinationType: "SNOWFLAKE", destinationId: 91, requestId: "batch-1", startedAt, endedAt: early, success: true, numberRow: 5 },
      { dataSourceId: a.paris.id, destinationType: "SNOWFLAKE", destinationId: 91, requestId: "batch-1", startedAt, endedAt: late, success: false, message: "boom" },
    ]);
    expect(await countLogs()).toBe(before + 3);
    const connections = (await listConnections(db, a.company.id)).filter((c) => c.destinationType === "SNOWFLAKE");
    expect(connections.map((c) => c.dataSourceId).sort()).toEqual([a.paris.id, a.ny.id].sort());
    const paris = connections.find((c) => c.dataSourceId === a.paris.id)!;
    expect(recorded.map((r) => r.connectionId)).toEqual([connections.find((c) => c.dataSourceId === a.ny.id)!.id, paris.id, paris.id]);
    expect(paris.lastSeenAt?.getTime()).toBe(late.getTime());
    const { logs } = await listConnectionLogs(db, a.company.id, { connectionId: paris.id });
    expect(logs.map((l) => [l.id, l.numberRow, l.success]).sort()).toEqual([
      [recorded[1].logId, 5, true],
      [recorded[2].logId, 0, false],
    ].sort());

    // A later batch moves the sighting forward only, and never renames the connection.
    await recordConnectionLogs(db, a.company.id, [{ dataSourceId: a.paris.id, destinationType: "SNOWFLAKE", destinationId: 91, connectionName: "renamed", requestId: "batch-2", startedAt, endedAt: early, success: true }]);
    const again = (await listConnections(db, a.company.id)).find((c) => c.id === paris.id)!;
    expect(again.lastSeenAt?.getTime()).toBe(late.getTime());
    expect(again.name).toBe(paris.name);
  });
});
