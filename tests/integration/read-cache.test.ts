// The read cache under the query URL (issue 20, decision 0890): stored days are served without
// asking the platform, days the platform may still revise are asked again once older than the
// freshness limit, and bad input (nocache values, outdated catalogue, a full cache, concurrent
// refreshes) gets clear answers with no stale or duplicated rows. The platform is the demo
// connector wrapped to count and record every read.
import zlib from "node:zlib";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { connectionLogsOf } from "../support/connection-logs.js";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createNetworkAuthorization, replaceCredential } from "../../db/repositories/network-authorizations.js";
import { createDataSource, setDataSourceBlockedAt } from "../../db/repositories/data-sources.js";
import { commitFill, listStoredDays, readCacheUsage, resetReadCache, stageChunks } from "../../db/repositories/read-cache.js";
import { createDemoConnector } from "../../engine/connectors/demo/connector.js";
import { DEMO_FIELDS } from "../../engine/connectors/demo/fields.js";
import { getConnector } from "../../engine/connectors/registry.js";
import type { Connector, DateRange, ReadRequest } from "../../engine/core/types.js";
import { encodeRow } from "../../engine/query/cells.js";
import { resetEnvCache } from "../../lib/env.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { readAlertData } from "../../server/alert-evaluation.js";
import { readDigestedThroughCache, type DigestedRead } from "../../server/read-cache/through.js";
import { settleMaintenance, storeWhileReading } from "../../server/read-cache/index.js";
import { HotDays } from "../../server/read-cache/hot-days.js";

/** A stored chunk's rows: chunks are pieces of a stream (sync-flushed, decision 0899). */
const inflatePiece = (deflated: Buffer) => zlib.inflateRawSync(deflated, { finishFlush: zlib.constants.Z_SYNC_FLUSH });

let db: DB;
let drop: () => Promise<void>;
let service: typeof import("~/services/query-url.server");

/** The platform: the demo connector at the test's clock, every read recorded. */
let clock = new Date("2026-03-20T09:00:00Z");
const reads: (DateRange & { fields: string[] })[] = [];
function countingDemo(fields = DEMO_FIELDS): Connector {
  const demo = createDemoConnector({ now: () => clock });
  return {
    ...demo,
    listFields: async (_ctx, opts) => fields[opts?.report ?? "campaigns"],
    read(ctx, req: ReadRequest) {
      reads.push({ ...req.range, fields: [...req.fields] });
      return demo.read(ctx, req);
    },
  };
}
let platform = countingDemo();
const registry = { getConnector: (id: string) => (id === "demo" ? platform : getConnector(id)) };

type Setup = Awaited<ReturnType<typeof makeDemoCompany>>;
let a: Setup;

async function makeDemoCompany() {
  const { company } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
  const paris = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-paris", name: "Paris", timezone: "Europe/Paris", currency: "EUR" });
  const ny = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-new-york", name: "New York", timezone: "America/New_York", currency: "USD" });
  return { company, source, paris, ny, apikey: revealApiKey(company) };
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  service = await import("~/services/query-url.server");
  a = await makeDemoCompany();
});
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 300));
  await drop();
});
// A test that changes what the platform declares must not leave it changed for the next one.
afterEach(() => {
  platform = countingDemo();
});

function params(s: Setup, extra: Record<string, string> = {}): Record<string, string> {
  return {
    platform: "demo",
    dimensions: "date,campaign_name",
    metrics: "clicks,cost",
    date: "CUSTOM",
    start_date: "2026-03-01",
    end_date: "2026-03-20",
    accounts: JSON.stringify([{ id: "demo-paris", authorization_id: s.source.id }]),
    apikey: s.apikey,
    format: "csv",
    ...extra,
  };
}

/** One request at the test's clock, moved on by more than the flight grace first: every call is a read of its own. */
async function call(p: Record<string, string>, deps: Partial<Parameters<typeof service.answerQueryUrl>[1]> = {}): Promise<{ status: number; text: string; requestId: string }> {
  clock = new Date(clock.getTime() + 5_000);
  const res = await service.answerQueryUrl(new Request(`http://localhost:3000/api/request?${new URLSearchParams(p)}`), { db, registry, now: () => clock, ...deps });
  return { status: res.status, text: await res.text(), requestId: res.headers.get("x-request-id")! };
}

async function readsDuring(run: () => Promise<unknown>): Promise<typeof reads> {
  const from = reads.length;
  await run();
  return reads.slice(from);
}

const logsOf = (requestId: string) => connectionLogsOf(db, requestId);

async function partitions(dataSourceId: number) {
  return db.selectFrom("readCachePartitions").selectAll().where("dataSourceId", "=", dataSourceId).orderBy("day").execute();
}

const sortedLines = (csv: string) => csv.trim().split("\n").slice(1).sort();

describe("query URLs read through the cache", () => {
  it("serves stored days without asking the platform again, byte for byte, and logs it", async () => {
    clock = new Date("2026-03-20T09:00:00Z");
    let first!: Awaited<ReturnType<typeof call>>;
    expect(await readsDuring(async () => (first = await call(params(a))))).toEqual([{ start: "2026-03-01", end: "2026-03-20", fields: ["date", "campaign_name", "clicks", "cost"] }]);
    expect(first.status).toBe(200);
    expect((await partitions(a.paris.id)).map((p) => p.day)).toHaveLength(20);

    let second!: Awaited<ReturnType<typeof call>>;
    expect(await readsDuring(async () => (second = await call(params(a))))).toEqual([]);
    expect(second.text).toBe(first.text);

    const [log] = await logsOf(second.requestId);
    expect(log).toMatchObject({ fromCache: true, daysFromPlatform: 0, daysFromCache: 20, success: true });
    expect(log.numberRow).toBe(first.text.trim().split("\n").length - 1);
    const [firstLog] = await logsOf(first.requestId);
    expect(firstLog).toMatchObject({ fromCache: false, daysFromPlatform: 20, daysFromCache: 0 });

    // The other formats are written from the same stored rows, and so is another order of the same fields.
    const json = JSON.parse((await call(params(a, { format: "json" }))).text);
    expect(json.data.map((r: Record<string, unknown>) => [r.date, r.campaign_name, r.clicks, r.cost].join(",")).sort()).toEqual(sortedLines(first.text));
    let reordered!: Awaited<ReturnType<typeof call>>;
    expect(await readsDuring(async () => (reordered = await call(params(a, { format: "json", dimensions: "campaign_name,date", metrics: "cost,clicks" }))))).toEqual([]);
    const rows = JSON.parse(reordered.text).data as Record<string, unknown>[];
    expect(Object.keys(rows[0])).toEqual(["campaign_name", "date", "cost", "clicks"]);
    expect(rows.map((r) => [r.date, r.campaign_name, r.clicks, r.cost].join(",")).sort()).toEqual(sortedLines(first.text));
  });

  it("sends a csv answer from the stored csv form, byte for byte what the JSON form writes, and counts both forms in the company's size", async () => {
    const d = await makeDemoCompany();
    clock = new Date("2026-03-26T09:00:00Z");
    // Values that need quotes, hold commas, line breaks and unicode.
    const awkward = [", comma", ' say "hi"', " two\nlines", " Café, 日本 🎉", " \u2028", ""];
    const demo = countingDemo();
    platform = {
      ...demo,
      async *read(ctx, req) {
        let i = 0;
        for await (const page of demo.read(ctx, req)) yield { ...page, rows: page.rows.map((r) => ({ ...r, campaign_name: `${String(r.campaign_name)}${awkward[i++ % awkward.length]}` })) };
      },
    };
    const p = params(d, { start_date: "2026-03-01", end_date: "2026-03-10" });
    // What PostgreSQL holds is edited by hand below: read it every time, not this process's memory of it (decision 0899).
    const cold = (q: Record<string, string>, deps: Parameters<typeof call>[1] = {}) => call(q, { ...deps, readCache: { hot: undefined } });
    const first = await cold(p);
    expect(first.status).toBe(200);
    expect(first.text).toContain(', comma"');
    expect(first.text).toContain('""hi""');
    const chunks = await db.selectFrom("readCacheChunks").selectAll().where("companyId", "=", d.company.id).execute();
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => c.csvDeflated !== null)).toBe(true);
    // The limit counts both forms, from the one partition row each day has.
    for (const day of await partitions(d.paris.id)) {
      const own = chunks.filter((c) => c.fillId === day.fillId && c.day === day.day);
      expect(day.byteSize).toBe(own.reduce((n, c) => n + inflatePiece(c.deflated).length + inflatePiece(c.csvDeflated!).length, 0));
      // Each form records its length before deflate (the reader's one buffer, decision 0899).
      for (const c of own) expect([c.byteLength, c.csvByteLength]).toEqual([inflatePiece(c.deflated).length, inflatePiece(c.csvDeflated!).length]);
    }
    let cached!: Awaited<ReturnType<typeof call>>;
    expect(await readsDuring(async () => (cached = await cold(p)))).toEqual([]);
    expect(cached.text).toBe(first.text);
    // It is the stored csv form that is sent...
    const [one] = chunks;
    const stored = inflatePiece(one.csvDeflated!).toString("utf8");
    const marked = Buffer.from(stored.replace(/^[^,]*/gm, "marked"));
    await db
      .updateTable("readCacheChunks")
      .set({ csvDeflated: zlib.deflateRawSync(marked, { finishFlush: zlib.constants.Z_SYNC_FLUSH }), csvByteLength: marked.byteLength })
      .where("fillId", "=", one.fillId)
      .where("day", "=", one.day)
      .where("seq", "=", one.seq)
      .execute();
    expect((await cold(p)).text).toContain("\nmarked,");
    // ...and chunks stored without one (before decision 0895) are written from their JSON form, to the same bytes.
    await db.updateTable("readCacheChunks").set({ csvDeflated: null }).where("companyId", "=", d.company.id).execute();
    expect((await cold(p)).text).toBe(first.text);
    // ...and so are chunks stored before their lengths (decision 0899): each its own deflate stream, inflated alone.
    for (const c of chunks) {
      await db
        .updateTable("readCacheChunks")
        .set({ deflated: zlib.deflateRawSync(inflatePiece(c.deflated)), byteLength: null })
        .where("fillId", "=", c.fillId)
        .where("day", "=", c.day)
        .where("seq", "=", c.seq)
        .execute();
    }
    expect((await cold(p)).text).toBe(first.text);
    // A row limit (the builder's preview) reads the JSON form and cuts it.
    const limited = await cold(p, { maxRows: 3 });
    expect(first.text.startsWith(limited.text)).toBe(true);
    // The header and three records, the third holding a line break.
    expect(limited.text.split("\n")).toHaveLength(6);
    expect(limited.text.endsWith("\n")).toBe(true);
  });

  it("sends days read again from this process's memory, and a refill's rows rather than the ones it replaced", async () => {
    const d = await makeDemoCompany();
    clock = new Date("2026-03-26T09:00:00Z");
    const hot = new HotDays(8 * 1024 * 1024);
    const withHot = (q: Record<string, string>, memory = hot) => call(q, { readCache: { hot: memory } });
    const p = params(d, { start_date: "2026-03-01", end_date: "2026-03-10" });
    const chunks = async () => db.selectFrom("readCacheChunks").selectAll().where("companyId", "=", d.company.id).execute();
    /** The next read with the chunks gone from PostgreSQL (by hand: a read from storage would find its days short and ask the platform). */
    const withoutChunks = async (read: () => Promise<Awaited<ReturnType<typeof call>>>) => {
      const kept = await chunks();
      await db.deleteFrom("readCacheChunks").where("companyId", "=", d.company.id).execute();
      let answer!: Awaited<ReturnType<typeof call>>;
      const asked = await readsDuring(async () => (answer = await read()));
      await db.insertInto("readCacheChunks").values(kept).execute();
      return { asked, answer };
    };
    const first = await withHot(p);
    expect(first.status).toBe(200);
    // The fill kept the days it stored in memory: the next read is sent from there.
    expect(hot.bytesHeld).toBeGreaterThan(0);
    const fromFill = await withoutChunks(() => withHot(p));
    expect(fromFill.asked).toEqual([]);
    expect(fromFill.answer.text).toBe(first.text);
    const [log] = await logsOf(fromFill.answer.requestId);
    expect(log).toMatchObject({ fromCache: true, daysFromPlatform: 0, daysFromCache: 10 });
    // A process that did not fill them (another memory) takes the chunks from PostgreSQL once and keeps them.
    const other = new HotDays(8 * 1024 * 1024);
    expect((await withHot(p, other)).text).toBe(first.text);
    expect(other.bytesHeld).toBeGreaterThan(0);
    const fromRead = await withoutChunks(() => withHot(p, other));
    expect(fromRead.asked).toEqual([]);
    expect(fromRead.answer.text).toBe(first.text);

    // A refill (nocache=1) stores other rows under a new fill: the next read sends those, not the ones held in memory.
    const demo = countingDemo();
    platform = { ...demo, async *read(ctx, req) { for await (const page of demo.read(ctx, req)) yield { ...page, rows: page.rows.map((r) => ({ ...r, clicks: 777_777 })) }; } };
    const refilled = await withHot({ ...p, nocache: "1" });
    expect(refilled.text).toContain(",777777,");
    let after!: Awaited<ReturnType<typeof call>>;
    expect(await readsDuring(async () => (after = await withHot(p)))).toEqual([]);
    expect(after.text).toBe(refilled.text);
    expect(after.text).not.toBe(first.text);
    // Another company's identical query never sees these rows: its listing names its own fills.
    const otherCompany = await makeDemoCompany();
    platform = countingDemo();
    const theirs = await withHot(params(otherCompany, { start_date: "2026-03-01", end_date: "2026-03-10" }));
    expect(theirs.text).not.toContain(",777777,");
  });

  it("serves several accounts from storage in the accounts' order, each listed while the one before is sent", async () => {
    const d = await makeDemoCompany();
    clock = new Date("2026-03-26T09:00:00Z");
    const p = params(d, {
      accounts: JSON.stringify([{ id: "demo-new-york", authorization_id: d.source.id }, { id: "demo-paris", authorization_id: d.source.id }]),
      dimensions: "date,account_id,campaign_name",
      start_date: "2026-03-01",
      end_date: "2026-03-12",
    });
    for (const format of ["csv", "json"]) {
      const first = await call({ ...p, format, nocache: "1" });
      let cached!: Awaited<ReturnType<typeof call>>;
      expect(await readsDuring(async () => (cached = await call({ ...p, format })))).toEqual([]);
      expect(cached.text).toBe(first.text);
      const accounts = format === "csv" ? sortedLines(cached.text).map((l) => l.split(",")[1]) : (JSON.parse(cached.text).data as { account_id: string }[]).map((r) => r.account_id);
      expect(new Set(accounts)).toEqual(new Set(["demo-new-york", "demo-paris"]));
      // New York's rows, then Paris's.
      const order = (format === "csv" ? cached.text.trim().split("\n").slice(1).map((l) => l.split(",")[1]) : accounts).filter((a, i, all) => a !== all[i - 1]);
      expect(order).toEqual(["demo-new-york", "demo-paris"]);
    }
  });

  it("lists a range's stored days with the rows of the first day, however large, in the same statement", async () => {
    const d = await makeDemoCompany();
    clock = new Date("2026-03-26T09:00:00Z");
    const p = params(d, { dimensions: "date,hour,campaign_name,ad_group_name", metrics: "impressions,clicks,cost", options_granularity: "hour", start_date: "2026-03-01", end_date: "2026-03-03" });
    expect((await call(p)).status).toBe(200);
    const [first] = await partitions(d.paris.id);
    const ref = { companyId: d.company.id, dataSourceId: d.paris.id, partitionKey: first.partitionKey };
    // A day larger than the first page the reader asks for (32 KB): its rows still come with the listing.
    expect(first.byteSize).toBeGreaterThan(32 * 1024);
    const listed = await listStoredDays(db, ref, { start: "2026-03-01", end: "2026-03-03" }, 32 * 1024);
    expect(listed.days.map((x) => x.day)).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
    expect(listed.prefetched.map((x) => x.day)).toEqual(["2026-03-01"]);
    expect(listed.prefetched[0].chunks.reduce((n, c) => n + c.rowCount, 0)).toBe(first.rowCount);
    // Without a first page, none.
    expect((await listStoredDays(db, ref, { start: "2026-03-01", end: "2026-03-03" })).prefetched).toEqual([]);
  });

  it("reads a stored day inside the restatement window again once it is older than the limit; one outside it, never", async () => {
    // Seven hours later: the demo revises its last 3 days, so 03-17..03-20 (today) are asked again; 03-01..03-16 are not.
    clock = new Date("2026-03-20T16:00:00Z");
    const asked = await readsDuring(() => call(params(a)));
    expect(asked.map((r) => [r.start, r.end])).toEqual([["2026-03-17", "2026-03-20"]]);
    // Half an hour later nothing is old enough to be asked again.
    clock = new Date("2026-03-20T16:30:00Z");
    expect(await readsDuring(() => call(params(a)))).toEqual([]);
    // Two hours later only today and yesterday (shorter limit) are.
    clock = new Date("2026-03-20T18:30:00Z");
    expect((await readsDuring(() => call(params(a)))).map((r) => [r.start, r.end])).toEqual([["2026-03-19", "2026-03-20"]]);
  });

  it("reads once more a day that left the window since it was stored, then never again", async () => {
    // Stored on 03-20 (Paris): 03-17..03-20 were still revisable then. On 03-25 they are outside the window.
    clock = new Date("2026-03-25T09:00:00Z");
    const asked = await readsDuring(() => call(params(a)));
    expect(asked.map((r) => [r.start, r.end])).toEqual([["2026-03-17", "2026-03-20"]]);
    clock = new Date("2026-03-25T20:00:00Z");
    expect(await readsDuring(() => call(params(a)))).toEqual([]);
  });

  it("nocache=1 asks the platform for every day and stores them again; other values are refused", async () => {
    clock = new Date("2026-03-25T20:10:00Z");
    const before = await partitions(a.paris.id);
    let answer!: Awaited<ReturnType<typeof call>>;
    expect((await readsDuring(async () => (answer = await call(params(a, { nocache: "1" }))))).map((r) => [r.start, r.end])).toEqual([["2026-03-01", "2026-03-20"]]);
    expect(answer.status).toBe(200);
    const after = await partitions(a.paris.id);
    expect(after).toHaveLength(20);
    expect(after.every((p, i) => p.fillId !== before[i].fillId)).toBe(true);
    expect((await logsOf(answer.requestId))[0]).toMatchObject({ fromCache: false, daysFromPlatform: 20, daysFromCache: 0 });
    expect(await readsDuring(() => call(params(a, { nocache: "0" })))).toEqual([]);
    for (const value of ["yes", "true", "2", ""]) {
      const refused = await call(params(a, { nocache: value, format: "json" }));
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text).error).toMatchObject({ parameter: "nocache" });
    }
  });

  it("stores a query without the date as one answer for its range, fresh by the range's last day", async () => {
    clock = new Date("2026-03-25T20:20:00Z");
    const p = params(a, { dimensions: "campaign_name", metrics: "clicks,ctr" });
    let fresh!: Awaited<ReturnType<typeof call>>;
    expect(await readsDuring(async () => (fresh = await call(p)))).toEqual([{ start: "2026-03-01", end: "2026-03-20", fields: ["campaign_name", "clicks", "ctr"] }]);
    let again!: Awaited<ReturnType<typeof call>>;
    expect(await readsDuring(async () => (again = await call(p)))).toEqual([]);
    expect(again.text).toBe(fresh.text);
    // Exactly the platform's own answer for the range (a ratio included), read without the cache.
    expect((await call(p, { readCache: { enabled: false } })).text).toBe(fresh.text);
    // Another range is another answer.
    expect((await readsDuring(() => call({ ...p, start_date: "2026-03-02" }))).map((r) => [r.start, r.end])).toEqual([["2026-03-02", "2026-03-20"]]);
    // A range ending yesterday is asked again once yesterday's limit (an hour) has passed.
    const recent = { ...p, start_date: "2026-03-10", end_date: "2026-03-24" };
    await call(recent);
    clock = new Date("2026-03-25T20:50:00Z");
    expect(await readsDuring(() => call(recent))).toEqual([]);
    clock = new Date("2026-03-25T22:30:00Z");
    expect((await readsDuring(() => call(recent))).map((r) => [r.start, r.end])).toEqual([["2026-03-10", "2026-03-24"]]);
  });
});

describe("bad input and races", () => {
  it("never serves rows stored under another catalogue definition: they are read again and replaced", async () => {
    clock = new Date("2026-03-26T09:00:00Z");
    const p = params(a, { dimensions: "date,account_id", metrics: "clicks", start_date: "2026-03-01", end_date: "2026-03-05" });
    const stored = await call(p);
    expect(await readsDuring(() => call(p))).toEqual([]);
    // The platform now declares clicks as a currency (a retyped field): the stored days do not match.
    platform = countingDemo({ ...DEMO_FIELDS, campaigns: DEMO_FIELDS.campaigns.map((f) => (f.id === "clicks" ? { ...f, fieldType: "CURRENCY" as const } : f)) });
    let again!: Awaited<ReturnType<typeof call>>;
    expect((await readsDuring(async () => (again = await call(p)))).map((r) => [r.start, r.end])).toEqual([["2026-03-01", "2026-03-05"]]);
    expect(again.text).toBe(stored.text);
    expect(await readsDuring(() => call(p))).toEqual([]);
    // clicks renamed: asking for the old name is the user's error, never an answer from storage.
    platform = countingDemo({ ...DEMO_FIELDS, campaigns: DEMO_FIELDS.campaigns.map((f) => (f.id === "clicks" ? { ...f, id: "link_clicks" } : f)) });
    const renamed = await call({ ...p, format: "json" });
    expect(renamed.status).toBe(400);
    expect(JSON.parse(renamed.text).error).toMatchObject({ parameter: "metrics", code: "unknown_field" });
  });

  it("keeps a company within its limit by evicting the days read least recently, and reads them again when asked", async () => {
    const b = await makeDemoCompany();
    clock = new Date("2026-03-26T09:00:00Z");
    const p = params(b, { dimensions: "date,campaign_name,ad_group_name", metrics: "clicks", start_date: "2026-02-01", end_date: "2026-02-10" });
    const first = await call(p);
    const one = (await readCacheUsage(db, b.company.id)).bytes;
    expect(one).toBeGreaterThan(0);
    // Room for one and a half reads: storing the next one pushes the least recently read days out.
    const limit = Math.floor(one * 1.5);
    const q = { ...p, start_date: "2026-02-11", end_date: "2026-02-20" };
    await call(q, { readCache: { maxBytesPerCompany: limit } });
    await settleMaintenance(b.company.id);
    expect((await readCacheUsage(db, b.company.id)).bytes).toBeLessThanOrEqual(limit);
    const kept = new Set((await partitions(b.paris.id)).map((x) => x.day));
    const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `2026-02-${String(from + i).padStart(2, "0")}`);
    expect(days(11, 20).every((d) => kept.has(d))).toBe(true);
    const evicted = days(1, 10).filter((d) => !kept.has(d));
    expect(evicted.length).toBeGreaterThan(0);
    // The evicted days, and only they, are read again; the answer is the same, each row once.
    let again!: Awaited<ReturnType<typeof call>>;
    const asked = await readsDuring(async () => (again = await call(p, { readCache: { maxBytesPerCompany: limit } })));
    expect(asked.flatMap((r) => days(Number(r.start.slice(8)), Number(r.end.slice(8))))).toEqual(evicted);
    expect(again.text).toBe(first.text);
    // A read larger than the whole limit answers in full and stores nothing.
    const c = await makeDemoCompany();
    const big = await call(params(c, { dimensions: "date,campaign_name,ad_group_name", metrics: "clicks" }), { readCache: { maxBytesPerCompany: 1000 } });
    expect(big.status).toBe(200);
    expect(big.text.trim().split("\n").length).toBeGreaterThan(100);
    expect((await readCacheUsage(db, c.company.id)).bytes).toBe(0);
    expect(await db.selectFrom("readCacheChunks").select("fillId").where("companyId", "=", c.company.id).execute()).toEqual([]);
  });

  it("ends concurrent refreshes of the same days with one fill per day and no leftover rows", async () => {
    clock = new Date("2026-03-26T10:00:00Z");
    const p = params(a, { start_date: "2026-03-01", end_date: "2026-03-10", nocache: "1" });
    // Different formats do not share a flight: each reads the platform and stores the same days.
    // The fifth overlaps the others from its second day.
    const answers = await Promise.all(["csv", "json", "tableau", "powerbi", "csv"].map((format, i) => call({ ...p, format, ...(i === 4 ? { start_date: "2026-03-02" } : {}) })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const days = (await partitions(a.paris.id)).filter((x) => x.day <= "2026-03-10" && [...x.layout].sort().join() === "campaign_name,clicks,cost,date");
    expect(days.map((d) => d.day)).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"]);
    // Every chunk belongs to the fill its day points at: the losers' chunks are gone.
    const { rows: strays } = await sql<{ n: number }>`
      select count(*)::int as n from read_cache_chunks c
      where c.data_source_id = ${a.paris.id} and not exists (select 1 from read_cache_partitions p where p.fill_id = c.fill_id and p.day = c.day)`.execute(db);
    expect(strays[0].n).toBe(0);
    const cached = await call({ ...p, nocache: "0" });
    expect(cached.text).toBe(answers[0].text);
    expect(new Set(sortedLines(cached.text)).size).toBe(sortedLines(cached.text).length);
  });

  it("refuses a fill that started before the account's cache was emptied", async () => {
    const ref = { companyId: a.company.id, dataSourceId: a.ny.id, partitionKey: "k-reset-test" };
    const layout = ["clicks", "date"];
    await stageChunks(db, a.company.id, a.ny.id, "00000000-0000-4000-8000-000000000001", [{ day: "2026-03-01", seq: 0, rowCount: 1, bytes: new TextEncoder().encode(encodeRow({ clicks: 1, date: "2026-03-01" }, layout)) }]);
    await resetReadCache(db, a.company.id, { dataSourceIds: [a.ny.id] });
    const outcome = await commitFill(db, ref.companyId, ref.dataSourceId, {
      partitionKey: ref.partitionKey,
      layout,
      fingerprint: "f",
      fillId: "00000000-0000-4000-8000-000000000001",
      fetchedAt: new Date(),
      generation: 0,
      days: [{ day: "2026-03-01", rowCount: 1, byteSize: 10 }],
    });
    expect(outcome.refused).toBe(true);
    expect(await partitions(a.ny.id)).toEqual([]);
    expect(await db.selectFrom("readCacheChunks").select("fillId").where("dataSourceId", "=", a.ny.id).execute()).toEqual([]);
  });
});

describe("invalidation", () => {
  it("empties an account's stored days when it is blocked, and a source's when it is reconnected", async () => {
    const d = await makeDemoCompany();
    clock = new Date("2026-03-26T11:00:00Z");
    const both = params(d, { accounts: JSON.stringify([{ id: "demo-paris", authorization_id: d.source.id }, { id: "demo-new-york", authorization_id: d.source.id }]), start_date: "2026-03-01", end_date: "2026-03-03" });
    await call(both);
    expect((await partitions(d.paris.id)).length).toBe(3);
    expect((await partitions(d.ny.id)).length).toBe(3);
    await setDataSourceBlockedAt(db, d.company.id, d.ny.id, new Date());
    expect(await partitions(d.ny.id)).toEqual([]);
    expect((await partitions(d.paris.id)).length).toBe(3);
    await setDataSourceBlockedAt(db, d.company.id, d.ny.id, null);
    await replaceCredential(db, d.company.id, d.source.id, { type: "api-key", key: "demo-2" });
    expect(await partitions(d.paris.id)).toEqual([]);
    // Another company's reset does not reach these accounts.
    await call(both);
    await resetReadCache(db, a.company.id, { dataSourceIds: [d.paris.id] });
    expect((await partitions(d.paris.id)).length).toBe(3);
  });
});

describe("alert evaluations and data streams", () => {
  it("alert reads are served from the cache once stored", async () => {
    const e = await makeDemoCompany();
    clock = new Date("2026-03-26T12:00:00Z");
    const connector = countingDemo();
    const ctx = connectorContextForSource(db, e.company.id, e.source, connector);
    const account = { id: "demo-paris", name: "Paris", timezone: "Europe/Paris", currency: "EUR" };
    const plan = { level: "CAMPAIGN" as const, metrics: ["clicks"], daily: { start: "2026-02-20", end: "2026-03-10" }, filters: [] };
    let first!: Awaited<ReturnType<typeof readAlertData>>;
    expect((await readsDuring(async () => (first = await readAlertData(connector, ctx, account, plan)))).length).toBe(1);
    const again = await readsDuring(async () => expect(await readAlertData(connector, ctx, account, plan)).toEqual(first));
    expect(again).toEqual([]);
    expect(first.daily!.length).toBeGreaterThan(0);
  });

  it("a digested read names its rows whatever served them: the platform, then storage (in other blocks), then the platform again", async () => {
    const e = await makeDemoCompany();
    clock = new Date("2026-03-26T12:00:00Z");
    const connector = countingDemo();
    const ctx = connectorContextForSource(db, e.company.id, e.source, connector);
    const request = { accounts: [{ id: "demo-paris", name: "Paris", timezone: "Europe/Paris", currency: "EUR" }], fields: ["date", "campaign_name", "clicks"], range: { start: "2026-02-20", end: "2026-03-10" }, granularity: "day" as const };
    let fromPlatform!: DigestedRead;
    expect((await readsDuring(async () => (fromPlatform = (await readDigestedThroughCache(connector, ctx, request))!))).length).toBe(1);
    let fromStorage!: DigestedRead;
    expect(await readsDuring(async () => (fromStorage = (await readDigestedThroughCache(connector, ctx, request))!))).toEqual([]);
    expect(fromStorage.digest).toBe(fromPlatform.digest);
    expect(fromStorage.rows()).toEqual(fromPlatform.rows());
    expect(fromStorage.rows().length).toBeGreaterThan(20);
    const refreshed = (await readDigestedThroughCache(connector, ctx, request, { refresh: true }))!;
    expect(refreshed.digest).toBe(fromPlatform.digest);
    // Other rows, another digest: a day less.
    const shorter = (await readDigestedThroughCache(connector, ctx, { ...request, range: { start: "2026-02-21", end: "2026-03-10" } }))!;
    expect(shorter.digest).not.toBe(fromPlatform.digest);
    // Without the date asked, the rows come without it (it is stored to file them by day).
    const undated = (await readDigestedThroughCache(connector, ctx, { ...request, fields: ["campaign_name", "clicks"] }))!;
    expect(undated.rows().every((r) => !("date" in r) && "clicks" in r)).toBe(true);
  });

  it("a data-stream read stores its days: the query URL then serves them", async () => {
    const f = await makeDemoCompany();
    clock = new Date("2026-03-26T13:00:00Z");
    const connector = countingDemo();
    const ctx = connectorContextForSource(db, f.company.id, f.source, connector);
    const account = { id: "demo-paris", name: "Paris", timezone: "Europe/Paris", currency: "EUR" };
    let rows = 0;
    for await (const page of storeWhileReading(connector, ctx, { accounts: [account], fields: ["date", "campaign_name", "clicks", "cost"], range: { start: "2026-03-01", end: "2026-03-20" } }, { now: clock })) rows += page.rows.length;
    expect(rows).toBeGreaterThan(0);
    const served = await readsDuring(() => call(params(f)));
    expect(served).toEqual([]);
  });

  it("a data-stream preview of a stored day does not ask the platform", async () => {
    const g = await makeDemoCompany();
    // The product's own demo connector (the preview takes it from the registry), watched.
    const demo = getConnector("demo");
    const ctx = connectorContextForSource(db, g.company.id, g.source, demo);
    const account = { id: "demo-paris", name: "Paris", timezone: "Europe/Paris", currency: "EUR" };
    const fields = ["date", "campaign_name", "clicks"];
    for await (const _ of storeWhileReading(demo, ctx, { accounts: [account], fields, range: { start: "2026-03-01", end: "2026-03-05" } }, { now: new Date("2026-03-26T13:00:00Z") }));
    const read = vi.spyOn(demo, "read");
    try {
      const { previewRows } = await import("~/services/data-streams.server");
      const rows = await previewRows(g.company.id, { platform: "demo", dataSourceId: g.paris.id, fields, day: "2026-03-03" });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.date === "2026-03-03")).toBe(true);
      expect(read).not.toHaveBeenCalled();
      // A day never stored is read from the platform.
      await previewRows(g.company.id, { platform: "demo", dataSourceId: g.paris.id, fields, day: "2026-03-10" });
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });
});
