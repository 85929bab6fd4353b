// Destination screens through their route modules on real PostgreSQL: validation messages, the
// connection check before save (a real PostgreSQL destination and a refused one), encrypted
// settings, secrets kept on edit and never sent back, deletion with dependents, other companies' ids.
import { withPgClient } from "../../db/pg-clients.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DB } from "../../db/connection.js";
import { createDatastream } from "../../db/repositories/data-streams.js";
import { getDestination, listDestinations, readDestinationConfig } from "../../db/repositories/destinations.js";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";

let db: DB;
let drop: () => Promise<void>;
let login: typeof import("~/routes/login");
let list: typeof import("~/routes/_app.data-connector.destinations._index");
let create: typeof import("~/routes/_app.data-connector.destinations.new");
let edit: typeof import("~/routes/_app.data-connector.destinations.$id");
let pgConfig: Record<string, string>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  login = await import("~/routes/login");
  list = await import("~/routes/_app.data-connector.destinations._index");
  create = await import("~/routes/_app.data-connector.destinations.new");
  edit = await import("~/routes/_app.data-connector.destinations.$id");
  const admin = new URL(inject("postgresAdminUrl"));
  await withPgClient(admin.toString(), async (c) => {
    await c.query(`drop database if exists dest_routes_${process.pid}`);
    await c.query(`create database dest_routes_${process.pid}`);
    await c.query(`do $$ begin if not exists (select 1 from pg_roles where rolname = 'dest_user') then create role dest_user login password 's3cret-Pw-for-test' superuser; end if; end $$`);
  });
  pgConfig = { host: `${admin.hostname}:${admin.port}`, username: "dest_user", password: "s3cret-Pw-for-test", database: `dest_routes_${process.pid}` };
});
afterAll(async () => drop());

async function signedIn() {
  const { company, user, password } = await makeCompanyWithUser(db);
  const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} }));
  return { company, cookie: cookiesFrom(res) };
}

const post = (mod: { action: (a: never) => unknown }, path: string, cookie: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  settle(() => mod.action({ request: formPost(path, fields, { cookie }), params, context: {} } as never) as Promise<unknown>);

describe("destination screens", () => {
  it("refuses a form without its fields with the spec's messages (400)", async () => {
    const who = await signedIn();
    const res = await post(create, "/data-connector/destinations/new", who.cookie, { type: "postgres", name: "" });
    expect(res.status).toBe(400);
    const body = JSON.stringify(await res.json());
    for (const m of ["You need to set a name to the connection.", "You need to put a host.", "You need to put a password.", "You need to put a database."]) expect(body).toContain(m);
    const bq = await post(create, "/data-connector/destinations/new", who.cookie, { type: "big_query", name: "BQ", projectId: "p", dataSetId: "bad-set", jsonKey: "{}" });
    expect(JSON.stringify(await bq.json())).toContain('You only can put alphanumerical character and \\"_\\".');
    const unknown = await post(create, "/data-connector/destinations/new", who.cookie, { type: "ftp", name: "x" });
    expect(JSON.stringify(await unknown.json())).toContain("You need to set a destination to the connection.");
    expect(await listDestinations(db, who.company.id)).toHaveLength(0);
  });

  it("checks the connection before saving: a refused one shows its message and saves nothing", async () => {
    const who = await signedIn();
    const res = await post(create, "/data-connector/destinations/new", who.cookie, { type: "postgres", name: "Nope", ...pgConfig, database: "no_such_db" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { checkError: string };
    expect(body.checkError).toMatch(/no_such_db/);
    expect(await listDestinations(db, who.company.id)).toHaveLength(0);
  });

  it("saves a reachable destination encrypted, keeps secrets on edit and never sends them back", async () => {
    const who = await signedIn();
    const res = await post(create, "/data-connector/destinations/new", who.cookie, { type: "postgres", name: "Warehouse", ...pgConfig });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/data-connector/destinations");
    const [saved] = await listDestinations(db, who.company.id);
    expect(saved!.configEncrypted).not.toContain(pgConfig.password);
    expect(saved!.configEncrypted).not.toContain(pgConfig.database);
    expect(readDestinationConfig(saved!)).toMatchObject(pgConfig);

    const page = await settle(() => edit.loader({ request: get(`/data-connector/destinations/${saved!.id}`, { cookie: who.cookie }), params: { id: String(saved!.id) }, context: {} }));
    const text = await page.text();
    expect(text).not.toContain(pgConfig.password);
    expect(text).toContain("Warehouse");

    const upd = await post(edit, `/data-connector/destinations/${saved!.id}`, who.cookie, { type: "postgres", name: "Warehouse 2", host: pgConfig.host!, username: pgConfig.username!, password: "", database: pgConfig.database! }, { id: String(saved!.id) });
    expect(upd.status).toBe(302);
    const after = await getDestination(db, who.company.id, saved!.id);
    expect(after!.name).toBe("Warehouse 2");
    expect(readDestinationConfig(after!).password).toBe(pgConfig.password);
  });

  it("shows what a deletion removes, then deletes the destination with its data streams", async () => {
    const who = await signedIn();
    await post(create, "/data-connector/destinations/new", who.cookie, { type: "postgres", name: "Doomed", ...pgConfig });
    const [d] = await listDestinations(db, who.company.id);
    await createDatastream(db, who.company.id, { name: "Stream A", platform: "demo", destinationId: d!.id });
    const confirm = await settle(() => list.loader({ request: get(`/data-connector/destinations?delete=${d!.id}`, { cookie: who.cookie }), params: {}, context: {} }));
    const data = (await confirm.json()) as { confirmDelete: { datastreams: { name: string; jobs: number }[] } };
    expect(data.confirmDelete.datastreams).toEqual([{ id: expect.any(Number), name: "Stream A", jobs: 0 }]);
    const del = await post(list, "/data-connector/destinations", who.cookie, { intent: "delete", id: String(d!.id) });
    expect(del.status).toBe(302);
    expect(await listDestinations(db, who.company.id)).toHaveLength(0);
    expect(await db.selectFrom("datastreams").selectAll().where("companyId", "=", who.company.id).execute()).toHaveLength(0);
  });

  it("gives another company's destination ids 404 and deletes nothing of theirs", async () => {
    const owner = await signedIn();
    await post(create, "/data-connector/destinations/new", owner.cookie, { type: "postgres", name: "Private", ...pgConfig });
    const [d] = await listDestinations(db, owner.company.id);
    const intruder = await signedIn();
    const page = await settle(() => edit.loader({ request: get(`/data-connector/destinations/${d!.id}`, { cookie: intruder.cookie }), params: { id: String(d!.id) }, context: {} }));
    expect(page.status).toBe(404);
    const upd = await post(edit, `/data-connector/destinations/${d!.id}`, intruder.cookie, { type: "postgres", name: "Mine", ...pgConfig }, { id: String(d!.id) });
    expect(upd.status).toBe(404);
    const confirm = await settle(() => list.loader({ request: get(`/data-connector/destinations?delete=${d!.id}`, { cookie: intruder.cookie }), params: {}, context: {} }));
    expect(((await confirm.json()) as { confirmDelete: unknown }).confirmDelete).toBeNull();
    await post(list, "/data-connector/destinations", intruder.cookie, { intent: "delete", id: String(d!.id) });
    expect((await getDestination(db, owner.company.id, d!.id))!.name).toBe("Private");
  });
});
