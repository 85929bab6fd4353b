// Issue 15 item 12: "Use as" was audited as "POST /path" only and page views not at all. Replays
// an admin's impersonated visit the way Remix runs it (a document load runs each matched loader
// with its own copy of the request; a client-side navigation fetches each loader in its own
// HTTP request) and checks that every page and action is recorded once, with the admin's id,
// the user acted as, the company, and what the action sent (never a secret).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import { sessionCookie } from "../support/routes.js";
import type { DB } from "../../db/connection.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let adminUsers: typeof import("~/routes/admin.users");
let appLayout: typeof import("~/routes/_app");
let companySettings: typeof import("~/routes/_app.settings._index");
let profile: typeof import("~/routes/_app.profile");
let linkTo: typeof import("~/routes/link-to.$platform");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  adminUsers = await import("~/routes/admin.users");
  appLayout = await import("~/routes/_app");
  companySettings = await import("~/routes/_app.settings._index");
  profile = await import("~/routes/_app.profile");
  linkTo = await import("~/routes/link-to.$platform");
});
afterAll(async () => drop());

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function impersonate() {
  const admin = await makeCompanyWithUser(db, { admin: true });
  const target = await makeCompanyWithUser(db);
  const adminCookie = await sessionCookie(admin.user.id);
  const useAs = await settle(() => adminUsers.action(args(formPost("/admin/users", { intent: "use-as", id: String(target.user.id) }, { cookie: adminCookie }))));
  expect(useAs.status).toBe(302);
  const trail = async () => db.selectFrom("adminActions").select(["adminId", "actingAsUserId", "companyId", "action", "detail"]).where("adminId", "=", admin.user.id).orderBy("id").execute();
  return { admin, target, cookie: cookiesFrom(useAs), trail };
}

/** Every loader of a page, each with its own Request, as Remix calls them. */
async function openPage(path: string, cookie: string, loaders: Array<(a: ReturnType<typeof args>) => Promise<unknown>>) {
  for (const loader of loaders) expect((await settle(() => loader(args(get(path, { cookie }))))).status).toBeLessThan(400);
}

describe("impersonated sessions are audited", () => {
  it("records each page viewed once, with the admin's identity", async () => {
    const { admin, target, cookie, trail } = await impersonate();
    await openPage("/settings", cookie, [appLayout.loader, companySettings.loader]);
    await openPage("/profile?tab=password", cookie, [profile.loader]);
    // Back to the first page: a new view.
    await openPage("/settings", cookie, [companySettings.loader]);
    const rows = await trail();
    expect(rows.map((r) => r.action)).toEqual(["use-as", "GET /settings", "GET /profile", "GET /settings"]);
    for (const row of rows) expect(row).toMatchObject({ adminId: admin.user.id, actingAsUserId: target.user.id, companyId: target.company.id });
    expect(rows[2].detail).toBe("query: ?tab=password");
  });

  it("records each action with its intent, ids and field names, never the values of other fields", async () => {
    const { cookie, trail } = await impersonate();
    const saved = await settle(() => companySettings.action(args(formPost("/settings", { name: "Renamed by the admin" }, { cookie }))));
    expect(saved.status).toBeLessThan(400);
    await settle(() => profile.action(args(formPost("/profile", { intent: "password", currentPassword: "correct horse battery", newPassword: "a new secret pass 1", confirmPassword: "a new secret pass 1" }, { cookie }))));
    const rows = (await trail()).slice(1);
    expect(rows.map((r) => r.action)).toEqual(["POST /settings", "POST /profile"]);
    expect(rows[0].detail).toBe("fields: name");
    expect(rows[1].detail).toBe("intent: password · fields: intent, currentPassword, newPassword, confirmPassword");
    expect(JSON.stringify(rows)).not.toMatch(/Renamed by the admin|secret pass|horse/);
  });

  it("keeps secrets in URLs out of the trail", async () => {
    const { cookie, trail } = await impersonate();
    const uuid = "0b5d8a8e-6a9e-4c1e-9d2a-0123456789ab";
    await settle(() => linkTo.loader(args(get(`/link-to/microsoft-excel?uuid=${uuid}`, { cookie }), { platform: "microsoft-excel" })));
    const rows = await trail();
    expect(rows.at(-1)).toMatchObject({ action: "GET /link-to/microsoft-excel", detail: "query: ?uuid=[REDACTED]" });
    expect(JSON.stringify(rows)).not.toContain(uuid);
  });

  it("records nothing for the user's own sessions", async () => {
    const { user } = await makeCompanyWithUser(db);
    const before = Number((await db.selectFrom("adminActions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    await openPage("/settings", await sessionCookie(user.id), [appLayout.loader, companySettings.loader]);
    const after = Number((await db.selectFrom("adminActions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });
});
