import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import type { DB } from "../../db/connection.js";
import { resetEnvCache } from "../../lib/env.js";
import { createUserSession } from "~/services/session.server";

let db: DB;
let drop: () => Promise<void>;
let users: typeof import("~/routes/admin.users");
let companies: typeof import("~/routes/admin.companies");
let stop: typeof import("~/routes/admin_.stop-impersonating");
let fields: typeof import("~/routes/admin.google_data_studio");
let newField: typeof import("~/routes/admin.google_data_studio_.new");
let fieldDetail: typeof import("~/routes/admin.google_data_studio_.$id");
let appLayout: typeof import("~/routes/_app");
let account: typeof import("~/routes/_app.settings._index");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  users = await import("~/routes/admin.users");
  companies = await import("~/routes/admin.companies");
  stop = await import("~/routes/admin_.stop-impersonating");
  fields = await import("~/routes/admin.google_data_studio");
  newField = await import("~/routes/admin.google_data_studio_.new");
  fieldDetail = await import("~/routes/admin.google_data_studio_.$id");
  appLayout = await import("~/routes/_app");
  account = await import("~/routes/_app.settings._index");
});
afterAll(async () => drop());

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const cookieFor = async (userId: number) => cookiesFrom(await createUserSession({ userId, remember: false, redirectTo: "/" }));
const FIELD = { platformName: "demo", fieldId: "clicks", defaultName: "Clicks", defaultDescription: "Number of clicks", type: "metric", fieldType: "NUMBER", aggregationType: "SUM", status: "active" };

describe("admin area guards", () => {
  it("sends a non-admin to / on every admin loader and action, changing nothing", async () => {
    const { user } = await makeCompanyWithUser(db);
    const target = await makeCompanyWithUser(db);
    const cookie = await cookieFor(user.id);
    for (const call of [
      () => users.loader(args(get("/admin/users", { cookie }))),
      () => companies.loader(args(get("/admin/companies", { cookie }))),
      () => fields.loader(args(get("/admin/google_data_studio", { cookie }))),
      () => users.action(args(formPost("/admin/users", { intent: "use-as", id: String(target.user.id) }, { cookie }))),
      () => newField.action(args(formPost("/admin/google_data_studio/new", FIELD, { cookie }))),
    ]) {
      const res = await settle(call);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    expect(await db.selectFrom("gdsFields").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("sessions").select("id").where("impersonatorId", "is not", null).execute()).toEqual([]);
  });
});

describe("companies and users", () => {
  it("lists companies and users with search, sort and page size", async () => {
    const admin = await makeCompanyWithUser(db, { admin: true });
    const cookie = await cookieFor(admin.user.id);
    const needle = `needle${Date.now()}`;
    await makeCompanyWithUser(db, { email: `${needle}@example.test` });
    const found = await (await settle(() => users.loader(args(get(`/admin/users?q=${needle}`, { cookie }))))).json();
    expect(found.total).toBe(1);
    expect(found.rows[0].email).toBe(`${needle}@example.test`);
    const paged = await (await settle(() => companies.loader(args(get("/admin/companies?size=5&sort=name&dir=asc", { cookie }))))).json();
    expect(paged.rows.length).toBeLessThanOrEqual(5);
    expect(paged.query).toMatchObject({ size: 5, sort: "name", dir: "asc" });
    const names = paged.rows.map((r: { name: string }) => r.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });

  it("Use as: acts as the user with a banner, records every action with the admin id, and goes back", async () => {
    const admin = await makeCompanyWithUser(db, { admin: true });
    const target = await makeCompanyWithUser(db);
    const adminCookie = await cookieFor(admin.user.id);
    const useAs = await settle(() => users.action(args(formPost("/admin/users", { intent: "use-as", id: String(target.user.id) }, { cookie: adminCookie }))));
    expect(useAs.status).toBe(302);
    const asUser = cookiesFrom(useAs);
    const shell = await (await settle(() => appLayout.loader(args(get("/buy", { cookie: asUser }))))).json();
    expect(shell.impersonating).toBe(true);
    expect(shell.user.email).toBe(target.user.email);
    // The admin's own session was replaced.
    expect((await settle(() => users.loader(args(get("/admin/users", { cookie: adminCookie }))))).headers.get("location")).toMatch(/^\/login/);

    await settle(() => account.action(args(formPost("/settings", { name: "Changed by admin" }, { cookie: asUser }))));
    const recorded = await db.selectFrom("adminActions").selectAll().where("adminId", "=", admin.user.id).orderBy("id").execute();
    expect(recorded.map((r) => r.action)).toEqual(["use-as", "GET /buy", "POST /settings"]);
    expect(recorded[2]).toMatchObject({ actingAsUserId: target.user.id, companyId: target.company.id });

    const back = await settle(() => stop.action(args(formPost("/admin/stop-impersonating", {}, { cookie: asUser }))));
    expect(back.headers.get("location")).toBe("/admin/users");
    const again = await settle(() => users.loader(args(get("/admin/users", { cookie: cookiesFrom(back) }))));
    expect(again.status).toBe(200);
    expect((await settle(() => appLayout.loader(args(get("/buy", { cookie: asUser }))))).status).toBe(302);
  });

  it("stop-impersonating without an impersonation signs nobody in", async () => {
    const { user } = await makeCompanyWithUser(db);
    const res = await settle(async () => stop.action(args(formPost("/admin/stop-impersonating", {}, { cookie: await cookieFor(user.id) }))));
    expect(res.headers.get("location")).toBe("/login");
  });
});

describe("Looker Studio fields", () => {
  it("adds a field that exists in the engine, refuses one that does not, updates, translates and deletes", async () => {
    const admin = await makeCompanyWithUser(db, { admin: true });
    const cookie = await cookieFor(admin.user.id);
    const missing = await settle(() => newField.action(args(formPost("/admin/google_data_studio/new", { ...FIELD, defaultName: "", defaultDescription: "", fieldId: "not_a_field" }, { cookie }))));
    expect(missing.status).toBe(400);
    const body = await missing.json();
    expect(body.error.defaultName).toEqual(["Please input a default name for the field"]);
    expect(body.error.defaultDescription).toEqual(["Please input a default description for the field"]);
    const unknownField = await settle(() => newField.action(args(formPost("/admin/google_data_studio/new", { ...FIELD, fieldId: "not_a_field" }, { cookie }))));
    expect((await unknownField.json()).error.fieldId[0]).toContain("does not exist in the engine");
    const unknownPlatform = await settle(() => newField.action(args(formPost("/admin/google_data_studio/new", { ...FIELD, platformName: "myspace" }, { cookie }))));
    expect((await unknownPlatform.json()).error.platformName).toEqual(["Please input the gateway type"]);

    const created = await settle(() => newField.action(args(formPost("/admin/google_data_studio/new", FIELD, { cookie }))));
    expect(created.status).toBe(302);
    const id = created.headers.get("location")!.split("/").pop()!;
    const dup = await settle(() => newField.action(args(formPost("/admin/google_data_studio/new", FIELD, { cookie }))));
    expect(dup.status).toBe(409);

    const list = await (await settle(() => fields.loader(args(get("/admin/google_data_studio?platform=demo", { cookie }))))).json();
    expect(list.rows.map((r: { fieldId: string }) => r.fieldId)).toEqual(["clicks"]);
    const otherPlatform = await (await settle(() => fields.loader(args(get("/admin/google_data_studio?platform=shopify", { cookie }))))).json();
    expect(otherPlatform.total).toBe(0);

    const post = (fieldsIn: Record<string, string>) => settle(() => fieldDetail.action(args(formPost(`/admin/google_data_studio/${id}`, fieldsIn, { cookie }), { id })));
    expect((await post({ intent: "update", ...FIELD, name: "Link clicks" })).status).toBe(302);
    expect((await db.selectFrom("gdsFields").select("name").where("id", "=", Number(id)).executeTakeFirstOrThrow()).name).toBe("Link clicks");
    const badLang = await post({ intent: "add-translation", languageCode: "de", name: "", description: "" });
    expect((await badLang.json()).result.error).toMatchObject({ languageCode: ["Please input a valid language code"], name: ["Please input a name for the field"], description: ["Please input a description for the field"] });
    await post({ intent: "add-translation", languageCode: "fr", name: "Clics", description: "Nombre de clics" });
    const detail = await (await settle(() => fieldDetail.loader(args(get(`/admin/google_data_studio/${id}`, { cookie }), { id })))).json();
    expect(detail.translations).toMatchObject([{ languageCode: "fr", name: "Clics" }]);
    await post({ intent: "delete-translation", translationId: String(detail.translations[0].id) });
    expect(await db.selectFrom("gdsFieldTranslations").select("id").execute()).toEqual([]);
    expect((await post({ intent: "delete" })).headers.get("location")).toBe("/admin/google_data_studio");
    const gone = await settle(() => fieldDetail.loader(args(get(`/admin/google_data_studio/${id}`, { cookie }), { id })));
    expect(gone.status).toBe(404);
  });
});

describe("demo seed", () => {
  it("adds the Looker Studio demo fields and today's usage once, however often it runs", async () => {
    const { seedDemo } = await import("../../server/seed/index.js");
    await seedDemo(db);
    await seedDemo(db);
    const seeded = await db.selectFrom("gdsFields").select(["fieldId"]).where("platform", "=", "demo").where("fieldId", "in", ["clicks", "cost"]).execute();
    expect(seeded.map((f) => f.fieldId).sort()).toEqual(["clicks", "cost"]);
    expect((await db.selectFrom("gdsFieldTranslations").select("id").execute()).length).toBe(2);
    const demo = await db.selectFrom("users").select("companyId").where("email", "=", "demo@signalpost.local").executeTakeFirstOrThrow();
    const { listUsedAccounts } = await import("../../db/repositories/usage.js");
    expect((await listUsedAccounts(db, demo.companyId)).length).toBeGreaterThan(0);
  });
});
