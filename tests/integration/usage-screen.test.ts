// The usage screen's tabs and the connection details page through their loaders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { recordConnectionLog } from "../../db/repositories/connection-logs.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";

let db: DB;
let drop: () => Promise<void>;
let login: typeof import("~/routes/login");
let usage: typeof import("~/routes/_app.data-connector.usage");
let details: typeof import("~/routes/_app.data-connector.connections.$id.details");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  login = await import("~/routes/login");
  usage = await import("~/routes/_app.data-connector.usage");
  details = await import("~/routes/_app.data-connector.connections.$id.details");
});
afterAll(async () => drop());

async function companyWithLogs(n: number) {
  const { company, user, password } = await makeCompanyWithUser(db);
  const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} }));
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo", platform: "demo", credential: { type: "api-key", key: "demo" } });
  const account = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-001", name: "Acme Shoes (FR)", timezone: "Europe/Paris", currency: "EUR" });
  let connectionId = 0;
  for (let i = 0; i < n; i++) {
    const r = await recordConnectionLog(db, company.id, { dataSourceId: account.id, destinationType: "POSTGRES", requestId: `r${i}`, startedAt: new Date(Date.now() - i * 1000), success: i % 3 !== 0, numberRow: i, message: i % 3 === 0 ? "boom" : null, fields: ["date"] });
    connectionId = r.connectionId;
  }
  return { company, cookie: cookiesFrom(res), connectionId };
}

describe("usage screen", () => {
  it("pages the log 100 at a time with its counts, and filters by status", async () => {
    const who = await companyWithLogs(150);
    const p1 = (await (await settle(() => usage.loader({ request: get("/data-connector/usage", { cookie: who.cookie }), params: {}, context: {} }))).json()) as {
      connections: { lastSeenAt: string | null }[];
      log: { total: number; rows: unknown[] };
    };
    expect(p1.connections).toHaveLength(1);
    expect(p1.connections[0]!.lastSeenAt).not.toBeNull();
    expect(p1.log.total).toBe(150);
    expect(p1.log.rows).toHaveLength(100);
    const p2 = (await (await settle(() => usage.loader({ request: get("/data-connector/usage?page=2", { cookie: who.cookie }), params: {}, context: {} }))).json()) as { log: { rows: unknown[] } };
    expect(p2.log.rows).toHaveLength(50);
    const failures = (await (await settle(() => usage.loader({ request: get("/data-connector/usage?status=failure", { cookie: who.cookie }), params: {}, context: {} }))).json()) as { log: { total: number } };
    expect(failures.log.total).toBe(50);
    const old = (await (await settle(() => usage.loader({ request: get("/data-connector/usage?from=2020-01-01&to=2020-01-02", { cookie: who.cookie }), params: {}, context: {} }))).json()) as { log: { total: number } };
    expect(old.log.total).toBe(0);
  });

  it("shows a connection's details to its company only", async () => {
    const who = await companyWithLogs(4);
    const page = (await (await settle(() => details.loader({ request: get(`/data-connector/connections/${who.connectionId}/details`, { cookie: who.cookie }), params: { id: String(who.connectionId) }, context: {} }))).json()) as {
      totalRequests: number;
      lastStatus: string;
    };
    expect(page.totalRequests).toBe(4);
    expect(page.lastStatus).toBe("Failure");
    const other = await companyWithLogs(1);
    const denied = await settle(() => details.loader({ request: get(`/data-connector/connections/${who.connectionId}/details`, { cookie: other.cookie }), params: { id: String(who.connectionId) }, context: {} }));
    expect(denied.status).toBe(404);
    const mine = (await (await settle(() => usage.loader({ request: get("/data-connector/usage", { cookie: other.cookie }), params: {}, context: {} }))).json()) as { log: { total: number } };
    expect(mine.log.total).toBe(1);
  });
});
