// Issue 9: connections created and edited by hand; spec 2 §5 messages; another company's account
// or connection is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { formPost, get, settle } from "../support/requests.js";
import type { DB } from "../../db/connection.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let create: typeof import("~/routes/_app.data-connector.connections.new");
let edit: typeof import("~/routes/_app.data-connector.connections.$id._index");

const company = (name: string) => makeSignedInDemoCompany(db, name);
let mine: Awaited<ReturnType<typeof company>>;
let theirs: Awaited<ReturnType<typeof company>>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  create = await import("~/routes/_app.data-connector.connections.new");
  edit = await import("~/routes/_app.data-connector.connections.$id._index");
  mine = await company("Mine");
  theirs = await company("Theirs");
});
afterAll(async () => drop());

const post = (path: string, fields: Record<string, string>, cookie: string, mod: { action: (a: any) => Promise<unknown> }, params: Record<string, string> = {}) =>
  settle(() => mod.action({ request: formPost(path, fields, { cookie }), params, context: {} }));

describe("connections by hand", () => {
  it("creates, refuses duplicates and bad input, edits", async () => {
    const bad = await post("/data-connector/connections/new", {}, mine.cookie, create);
    expect(bad.status).toBe(400);
    const errs = (await bad.json()).result.error;
    expect(errs.name).toEqual(["You need to set a name to the connection."]);
    expect(errs.destinationType).toEqual(["You need to set a destination to the connection."]);
    const ok = await post("/data-connector/connections/new", { name: "Paris to Sheets", dataSourceId: String(mine.dataSourceId), destinationType: "GOOGLE_SHEETS" }, mine.cookie, create);
    expect(ok.status).toBe(302);
    const id = ok.headers.get("location")!.match(/connections\/(\d+)\/details/)![1];
    const dup = await post("/data-connector/connections/new", { name: "Again", dataSourceId: String(mine.dataSourceId), destinationType: "GOOGLE_SHEETS" }, mine.cookie, create);
    expect(dup.status).toBe(409);
    const saved = await post(`/data-connector/connections/${id}`, { name: "Paris to Excel", dataSourceId: String(mine.dataSourceId), destinationType: "EXCEL" }, mine.cookie, edit, { id });
    expect(saved.status).toBe(302);
    const row = await db.selectFrom("connections").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Paris to Excel", destinationType: "EXCEL", companyId: mine.company.id, platform: "demo" });
    const page = await (await settle(() => edit.loader({ request: get(`/data-connector/connections/${id}`, { cookie: mine.cookie }), params: { id }, context: {} }))).json();
    expect(page.connection.name).toBe("Paris to Excel");
    expect(JSON.stringify(page.accounts)).not.toContain("Theirs");
  });

  it("another company's account or connection: refused, nothing written", async () => {
    const foreign = await post("/data-connector/connections/new", { name: "Steal", dataSourceId: String(theirs.dataSourceId), destinationType: "JSON" }, mine.cookie, create);
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).result.error.dataSourceId[0]).toMatch(/not one of your/);
    const theirsConn = await post("/data-connector/connections/new", { name: "Theirs", dataSourceId: String(theirs.dataSourceId), destinationType: "JSON" }, theirs.cookie, create);
    const id = theirsConn.headers.get("location")!.match(/connections\/(\d+)/)![1];
    const view = await settle(() => edit.loader({ request: get(`/data-connector/connections/${id}`, { cookie: mine.cookie }), params: { id }, context: {} }));
    expect(view.status).toBe(404);
    const write = await post(`/data-connector/connections/${id}`, { name: "Mine now", dataSourceId: String(mine.dataSourceId), destinationType: "JSON" }, mine.cookie, edit, { id });
    expect(write.status).toBe(404);
    expect((await db.selectFrom("connections").select("name").where("id", "=", Number(id)).executeTakeFirstOrThrow()).name).toBe("Theirs");
  });
});
