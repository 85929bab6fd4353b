// Issue 9: /data-sources lists the signed-in company's accounts only, with platform, source,
// alert activation, blocked state and assignees; search, sort and paging come from the URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import type { DB } from "../../db/connection.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let login: typeof import("~/routes/login");
let list: typeof import("~/routes/_app.data-sources._index");
let cookie: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  login = await import("~/routes/login");
  list = await import("~/routes/_app.data-sources._index");
  const { company, user, password } = await makeCompanyWithUser(db);
  await db.updateTable("users").set({ firstName: "Ada", lastName: "Lovelace" }).where("id", "=", user.id).execute();
  const source = await createNetworkAuthorization(db, company.id, { name: "My demo source", platform: "demo", credential: { type: "api-key", key: "demo" } });
  for (let i = 0; i < 25; i++) {
    const ds = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: `acc-${String(i).padStart(2, "0")}`, name: `Account ${String(i).padStart(2, "0")}`, timezone: "UTC", currency: "EUR" });
    if (i === 3) {
      await db.updateTable("dataSources").set({ blockedAt: new Date(), activateAlert: true }).where("id", "=", ds.id).execute();
      await db.insertInto("dataSourceAssignees").values({ dataSourceId: ds.id, userId: user.id }).execute();
    }
  }
  const other = await makeCompanyWithUser(db);
  const theirs = await createNetworkAuthorization(db, other.company.id, { name: "Their source", platform: "demo", credential: { type: "api-key", key: "demo" } });
  await createDataSource(db, other.company.id, { networkAuthorizationId: theirs.id, accountId: "secret-acc", name: "Their secret account", timezone: "UTC", currency: "EUR" });
  cookie = cookiesFrom(await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} })));
});
afterAll(async () => drop());

async function page(query: string) {
  const res = await settle(() => list.loader({ request: get(`/data-sources${query}`, { cookie }), params: {}, context: {} }));
  expect(res.status).toBe(200);
  return res.json();
}

describe("/data-sources", () => {
  it("lists the company's accounts in pages of 20 with their state, never another company's", async () => {
    const first = await page("");
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    expect(JSON.stringify(first)).not.toContain("Their secret account");
    const blocked = first.rows.find((r: { accountId: string }) => r.accountId === "acc-03");
    expect(blocked).toMatchObject({ blocked: true, activateAlert: true, assignees: ["Ada Lovelace"], sourceName: "My demo source" });
    expect(blocked.platform).not.toBe("");
    const second = await page("?page=2");
    expect(second.rows).toHaveLength(5);
  });

  it("searches and sorts from the URL", async () => {
    const found = await page("?q=acc-1");
    expect(found.rows.map((r: { accountId: string }) => r.accountId)).toEqual(["acc-10", "acc-11", "acc-12", "acc-13", "acc-14", "acc-15", "acc-16", "acc-17", "acc-18", "acc-19"]);
    const desc = await page("?sort=name&dir=desc&size=5");
    expect(desc.rows[0].name).toBe("Account 24");
    const blockedFirst = await page("?sort=blocked&dir=desc&size=5");
    expect(blockedFirst.rows[0].accountId).toBe("acc-03");
    expect((await page("?q=secret")).total).toBe(0);
  });

  it("sends signed-out visitors to the login page", async () => {
    const res = await settle(() => list.loader({ request: get("/data-sources"), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
  });
});
