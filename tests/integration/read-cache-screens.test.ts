// "Refresh data" (issue 20): the query builder and the connection screen clear what the read cache
// stored for the accounts concerned, through plain form posts (no JavaScript), for the signed-in
// company's accounts only; the connection screen says what is stored and where each read's days
// came from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let login: typeof import("~/routes/login");
let builder: typeof import("~/routes/_app.data-connector.api._index");
let details: typeof import("~/routes/_app.data-connector.connections.$id.details");
let service: typeof import("~/services/query-url.server");

async function signedInCompany() {
  const { company, user, password } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
  const paris = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-paris", name: "Maison Lumière (Paris)", timezone: "Europe/Paris", currency: "EUR" });
  const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} }));
  return { company, source, paris, cookie: cookiesFrom(res), apikey: revealApiKey(company) };
}
type Who = Awaited<ReturnType<typeof signedInCompany>>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  login = await import("~/routes/login");
  builder = await import("~/routes/_app.data-connector.api._index");
  details = await import("~/routes/_app.data-connector.connections.$id.details");
  service = await import("~/services/query-url.server");
});
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 300));
  await drop();
});

/** Two reads of the same days: the first from the platform, the second from storage. Returns the connection id. */
async function readTwice(who: Who): Promise<number> {
  const url = `http://localhost:3000/api/request?${new URLSearchParams({
    format: "csv",
    platform: "demo",
    dimensions: "date",
    metrics: "clicks",
    date: "CUSTOM",
    start_date: "2026-01-01",
    end_date: "2026-01-03",
    accounts: JSON.stringify([{ id: "demo-paris", authorization_id: who.source.id }]),
    apikey: who.apikey,
  })}`;
  const first = new Date("2026-02-01T10:00:00Z");
  for (const at of [first, new Date(first.getTime() + 60_000)]) await (await service.answerQueryUrl(new Request(url), { db, now: () => at })).text();
  for (let i = 0; i < 100; i++) {
    const logs = await db.selectFrom("connectionLogs").select("connectionId").where("companyId", "=", who.company.id).execute();
    if (logs.length >= 2) return logs[0].connectionId;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the reads were not logged");
}

const storedDays = async (dataSourceId: number) => (await db.selectFrom("readCachePartitions").select("day").where("dataSourceId", "=", dataSourceId).execute()).length;

describe("connection screen", () => {
  it("says what is stored and where each read came from, and Refresh data clears it", async () => {
    const who = await signedInCompany();
    const connectionId = await readTwice(who);
    const page = (await (await settle(() => details.loader({ request: get(`/data-connector/connections/${connectionId}/details`, { cookie: who.cookie }), params: { id: String(connectionId) }, context: {} }))).json()) as {
      stored: { days: number; text: string };
      logs: { readFrom: string }[];
    };
    expect(page.stored.days).toBe(3);
    expect(page.stored.text).toMatch(/^3 days of data stored/);
    expect(page.logs.map((l) => l.readFrom).sort()).toEqual(["3 days from the platform", "Stored data (3 days)"]);

    const res = await settle(() => details.action({ request: formPost(`/data-connector/connections/${connectionId}/details`, { intent: "refresh-data" }, { cookie: who.cookie }), params: { id: String(connectionId) }, context: {} }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/data-connector/connections/${connectionId}/details`);
    expect(await storedDays(who.paris.id)).toBe(0);
  });

  it("refuses another company's connection, a cross-site post and an unknown intent, clearing nothing", async () => {
    const who = await signedInCompany();
    const connectionId = await readTwice(who);
    const other = await signedInCompany();
    const post = (fields: Record<string, string>, opts: { cookie: string; origin?: string | null }) =>
      settle(() => details.action({ request: formPost(`/data-connector/connections/${connectionId}/details`, fields, opts), params: { id: String(connectionId) }, context: {} }));
    expect((await post({ intent: "refresh-data" }, { cookie: other.cookie })).status).toBe(404);
    expect((await post({ intent: "refresh-data" }, { cookie: who.cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ intent: "drop-everything" }, { cookie: who.cookie })).status).toBe(400);
    expect(await storedDays(who.paris.id)).toBe(3);
  });
});

describe("query builder", () => {
  const state = (sourceId: number) =>
    new URLSearchParams({ format: "csv", source: String(sourceId), prev_source: String(sourceId), account: "demo-paris", report: "campaigns", metric: "clicks", dimension: "date", date: "CUSTOM", start: "2026-01-01", end: "2026-01-03", step: "options" }).toString();

  it("Refresh data clears the stored days of the query's accounts, and only the company's own", async () => {
    const who = await signedInCompany();
    await readTwice(who);
    const other = await signedInCompany();
    // Another company naming this company's source: its state is reset to nothing of the source.
    const foreign = await settle(() => builder.action({ request: formPost("/data-connector/api", { intent: "refresh-data", state: state(who.source.id) }, { cookie: other.cookie }), params: {}, context: {} }));
    expect(foreign.status).toBe(302);
    expect(await storedDays(who.paris.id)).toBe(3);
    const mine = await settle(() => builder.action({ request: formPost("/data-connector/api", { intent: "refresh-data", state: state(who.source.id) }, { cookie: who.cookie }), params: {}, context: {} }));
    expect(mine.status).toBe(302);
    expect(mine.headers.get("location")).toContain(`source=${who.source.id}`);
    expect(await storedDays(who.paris.id)).toBe(0);
  });
});
