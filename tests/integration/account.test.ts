import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import type { DB } from "../../db/connection.js";
import { readOutbox } from "../../lib/mail.js";
import { resetEnvCache } from "../../lib/env.js";
import { createUserSession } from "~/services/session.server";
import { resolveGoogleProfile } from "~/services/google-auth.server";

let db: DB;
let drop: () => Promise<void>;
let signup: typeof import("~/routes/signup");
let verify: typeof import("~/routes/signup_.verify.$token");
let users: typeof import("~/routes/_app.settings.users");
let account: typeof import("~/routes/_app.settings._index");
let createUser: typeof import("~/routes/company.create-user.$token");
let profile: typeof import("~/routes/_app.profile");
let login: typeof import("~/routes/login");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  signup = await import("~/routes/signup");
  verify = await import("~/routes/signup_.verify.$token");
  users = await import("~/routes/_app.settings.users");
  account = await import("~/routes/_app.settings._index");
  createUser = await import("~/routes/company.create-user.$token");
  profile = await import("~/routes/_app.profile");
  login = await import("~/routes/login");
});
afterAll(async () => drop());

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function sessionCookie(userId: number): Promise<string> {
  return cookiesFrom(await createUserSession({ userId, remember: false, redirectTo: "/" }));
}

function lastLink(to: string, pattern: RegExp): string {
  const mail = readOutbox().find((m) => m.to === to);
  expect(mail, `a mail to ${to}`).toBeTruthy();
  const match = pattern.exec(mail!.text);
  expect(match).toBeTruthy();
  return match![1];
}

describe("e-mail + password sign-up", () => {
  it("creates nothing until the link is used, then a company in trial with an API key and its primary user", async () => {
    const email = `new.${Date.now()}@example.test`;
    const res = await settle(() => signup.action(args(formPost("/signup", { companyName: "Acme", firstName: "Ann", lastName: "Lee", email, password: "long enough pw" }))));
    expect(res.status).toBe(200);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    const token = lastLink(email, /\/signup\/verify\/([\w-]+)/);
    const page = await settle(() => verify.loader(args(get(`/signup/verify/${token}`), { token })));
    expect((await page.json()).email).toBe(email);
    const done = await settle(() => verify.action(args(formPost(`/signup/verify/${token}`, {}), { token })));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/getting-started");
    const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    const company = await db.selectFrom("companies").selectAll().where("id", "=", user.companyId).executeTakeFirstOrThrow();
    expect(company.name).toBe("Acme");
    expect(company.mainUserId).toBe(user.id);
    expect(company.apiKeyDigest).toMatch(/^[0-9a-f]{64}$/);
    const trialDays = (company.trialEndsAt.getTime() - company.createdAt.getTime()) / 86_400_000;
    expect(trialDays).toBe(14);
    // Single use: the same link again creates nothing and says so.
    const again = await settle(() => verify.action(args(formPost(`/signup/verify/${token}`, {}), { token })));
    expect(again.headers.get("location")).toBe("/signup");
    expect((await db.selectFrom("companies").select("id").where("name", "=", "Acme").execute()).length).toBe(1);
  });

  it("refuses an e-mail that already exists with a field error, and bad input with 400", async () => {
    const { user } = await makeCompanyWithUser(db);
    const res = await settle(() => signup.action(args(formPost("/signup", { companyName: "X", email: user.email.toUpperCase(), password: "long enough pw" }))));
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.email[0]).toContain("already exists");
    const bad = await settle(() => signup.action(args(formPost("/signup", { companyName: "", email: "nope", password: "short" }))));
    expect(bad.status).toBe(400);
    const forged = await settle(() => verify.action(args(formPost("/signup/verify/forged", {}), { token: "forged" })));
    expect(forged.headers.get("location")).toBe("/signup");
  });

  it("registers a company on a first Google sign-in with a verified e-mail, never with an unverified one", async () => {
    const email = `g.${Date.now()}@example.test`;
    const outcome = await resolveGoogleProfile({ id: `g-${Date.now()}`, emails: [{ value: email }], name: { givenName: "Gil" }, _json: { email_verified: true } });
    expect(outcome.kind).toBe("user");
    if (outcome.kind !== "user") return;
    expect(outcome.registered).toBe(true);
    const company = await db.selectFrom("companies").selectAll().where("id", "=", outcome.user.companyId).executeTakeFirstOrThrow();
    expect(company.name).toBe("Gil's company");
    expect(company.mainUserId).toBe(outcome.user.id);
    const second = await resolveGoogleProfile({ id: outcome.user.googleId!, emails: [{ value: email }], _json: { email_verified: true } });
    expect(second.kind === "user" && !second.registered && second.user.id === outcome.user.id).toBe(true);
    const unverified = await resolveGoogleProfile({ id: "g-unverified", emails: [{ value: `u.${Date.now()}@example.test` }], _json: { email_verified: false } });
    expect(unverified.kind).toBe("unknown");
  });
});

describe("company settings and team", () => {
  it("renames the company and refuses an empty name", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const bad = await settle(() => account.action(args(formPost("/settings", { name: " " }, { cookie }))));
    expect(bad.status).toBe(400);
    const ok = await settle(() => account.action(args(formPost("/settings", { name: "Renamed Co" }, { cookie }))));
    expect(ok.status).toBe(302);
    expect((await db.selectFrom("companies").select("name").where("id", "=", company.id).executeTakeFirstOrThrow()).name).toBe("Renamed Co");
  });

  it("invites by e-mail; the single-use link activates a user in the inviting company who can then sign in", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const email = `invitee.${Date.now()}@example.test`;
    const res = await settle(() => users.action(args(formPost("/settings/users", { intent: "invite", email }, { cookie }))));
    expect(res.status).toBe(302);
    const token = lastLink(email, /\/company\/create-user\/([\w-]+)/);
    const page = await settle(() => createUser.loader(args(get(`/company/create-user/${token}`), { token })));
    expect((await page.json()).email).toBe(email);
    const short = await settle(() => createUser.action(args(formPost(`/company/create-user/${token}`, { password: "short" }), { token })));
    expect(short.status).toBe(400);
    const activated = await settle(() => createUser.action(args(formPost(`/company/create-user/${token}`, { password: "a good password" }), { token })));
    expect(activated.headers.get("location")).toBe("/login");
    const invitee = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(invitee.companyId).toBe(company.id);
    const reused = await settle(() => createUser.action(args(formPost(`/company/create-user/${token}`, { password: "another password" }), { token })));
    expect(reused.status).toBe(410);
    const signedIn = await settle(() => login.action(args(formPost("/login", { intent: "login", email, password: "a good password" }))));
    expect(signedIn.status).toBe(302);
  });

  it("refuses to invite an e-mail that exists anywhere, with the spec's field error", async () => {
    const { user } = await makeCompanyWithUser(db);
    const other = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const res = await settle(() => users.action(args(formPost("/settings/users", { intent: "invite", email: other.user.email }, { cookie }))));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result.error.email[0]).toBe(`The email ${other.user.email} already exists on our database.`);
    expect(body.notice.text).toContain("please ask your account manager");
  });

  it("rejects expired and forged invitation tokens", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const { createInvitation } = await import("../../db/repositories/team.js");
    const token = await createInvitation(db, company.id, { email: `late.${Date.now()}@example.test`, invitedById: user.id }, new Date(Date.now() - 8 * 86_400_000));
    const expired = await settle(() => createUser.loader(args(get(`/company/create-user/${token}`), { token })));
    expect(expired.status).toBe(410);
    const forged = await settle(() => createUser.action(args(formPost("/company/create-user/nope", { password: "a good password" }), { token: "nope" })));
    expect(forged.status).toBe(410);
  });

  it("makes primary and deletes, never the primary user, and never another company's user", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const { createUser: addUser } = await import("../../db/repositories/users.js");
    const colleague = await addUser(db, company.id, { email: `col.${Date.now()}@example.test` });
    const stranger = await makeCompanyWithUser(db);

    const cannotDeletePrimary = await settle(() => users.action(args(formPost("/settings/users", { intent: "delete", id: String(user.id) }, { cookie }))));
    expect(cannotDeletePrimary.status).toBe(303);
    expect(await db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeTruthy();

    for (const intent of ["delete", "make-primary"]) {
      const foreign = await settle(() => users.action(args(formPost("/settings/users", { intent, id: String(stranger.user.id) }, { cookie }))));
      expect(foreign.status).toBe(404);
    }
    expect(await db.selectFrom("users").select("id").where("id", "=", stranger.user.id).executeTakeFirst()).toBeTruthy();
    expect((await db.selectFrom("companies").select("mainUserId").where("id", "=", stranger.company.id).executeTakeFirstOrThrow()).mainUserId).toBe(stranger.user.id);

    const primary = await settle(() => users.action(args(formPost("/settings/users", { intent: "make-primary", id: String(colleague.id) }, { cookie }))));
    expect(primary.status).toBe(302);
    expect((await db.selectFrom("companies").select("mainUserId").where("id", "=", company.id).executeTakeFirstOrThrow()).mainUserId).toBe(colleague.id);
    const deleted = await settle(() => users.action(args(formPost("/settings/users", { intent: "delete", id: String(user.id) }, { cookie }))));
    // The former primary cannot delete themselves either.
    expect(deleted.status).toBe(303);

    const list = await settle(() => users.loader(args(get("/settings/users", { cookie }))));
    const emails = (await list.json()).users.map((u: { email: string }) => u.email);
    expect(emails).toContain(colleague.email);
    expect(emails).not.toContain(stranger.user.email);
  });

  it("changes names and password on /profile only with the current password", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const names = await settle(() => profile.action(args(formPost("/profile", { intent: "names", firstName: "Zoe", lastName: "Zed" }, { cookie }))));
    expect(names.status).toBe(302);
    const wrong = await settle(() => profile.action(args(formPost("/profile", { intent: "password", currentPassword: "nope", newPassword: "new password 1", confirmPassword: "new password 1" }, { cookie }))));
    expect(wrong.status).toBe(400);
    const ok = await settle(() => profile.action(args(formPost("/profile", { intent: "password", currentPassword: password, newPassword: "new password 1", confirmPassword: "new password 1" }, { cookie }))));
    expect(ok.status).toBe(302);
    const signedIn = await settle(() => login.action(args(formPost("/login", { intent: "login", email: user.email, password: "new password 1" }))));
    expect(signedIn.status).toBe(302);
    const row = await db.selectFrom("users").select(["firstName", "lastName"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: "Zoe", lastName: "Zed" });
  });
});

describe("getting started", () => {
  it("moves to the destination step for the company's own source only, and Skip stops the redirect", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const other = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const wizard = await import("~/routes/_app.getting-started");
    const shell = await import("~/routes/_app");
    const { createNetworkAuthorization } = await import("../../db/repositories/network-authorizations.js");
    const mine = await createNetworkAuthorization(db, company.id, { name: "My demo", platform: "demo", credential: { type: "api-key", key: "x" }, availableDataSources: [{ accountId: "a", name: "A" }, { accountId: "b", name: "B" }] });
    const theirs = await createNetworkAuthorization(db, other.company.id, { name: "Their demo", platform: "demo", credential: { type: "api-key", key: "x" } });
    const step0 = await (await settle(() => wizard.loader(args(get("/getting-started", { cookie }))))).json();
    expect(step0.step).toBe(0);
    expect(step0.sources).toMatchObject([{ id: mine.id, accounts: 2 }]);
    const step1 = await (await settle(() => wizard.loader(args(get(`/getting-started?source=${mine.id}`, { cookie }))))).json();
    expect(step1.step).toBe(1);
    const foreign = await (await settle(() => wizard.loader(args(get(`/getting-started?source=${theirs.id}`, { cookie }))))).json();
    expect(foreign.step).toBe(0);
    expect(JSON.stringify(foreign)).not.toContain("Their demo");

    const fresh = await makeCompanyWithUser(db);
    const freshCookie = await sessionCookie(fresh.user.id);
    const bounced = await settle(() => shell.loader(args(get("/settings", { cookie: freshCookie }))));
    expect(bounced.headers.get("location")).toBe("/getting-started");
    const skip = await settle(() => wizard.action(args(formPost("/getting-started", {}, { cookie: freshCookie }))));
    expect(skip.headers.get("location")).toBe("/data-connector");
    expect((await settle(() => shell.loader(args(get("/settings", { cookie: freshCookie }))))).status).toBe(200);
  });

  it("resumes the checklist at the first step not done, and a company whose last source is deleted keeps its Usage (issue 19)", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const wizard = await import("~/routes/_app.getting-started");
    const shell = await import("~/routes/_app");
    const { createNetworkAuthorization, deleteNetworkAuthorization } = await import("../../db/repositories/network-authorizations.js");
    const { createDataSource } = await import("../../db/repositories/data-sources.js");
    const { recordConnectionLog } = await import("../../db/repositories/connection-logs.js");
    const progress = async () => (await (await settle(() => wizard.loader(args(get("/getting-started", { cookie }))))).json()).progress;

    expect(await progress()).toMatchObject({ current: "source", completed: 0, total: 4, history: false });
    const auth = await createNetworkAuthorization(db, company.id, { name: "Demo", platform: "demo", credential: { type: "api-key", key: "x" } });
    expect(await progress()).toMatchObject({ current: "accounts", completed: 1 });
    const account = await createDataSource(db, company.id, { networkAuthorizationId: auth.id, accountId: "a", name: "A" } as never);
    expect(await progress()).toMatchObject({ current: "destination", completed: 2 });
    await recordConnectionLog(db, company.id, { dataSourceId: account.id, destinationType: "JSON", requestId: `gs-${company.id}`, startedAt: new Date(), success: true });
    expect(await progress()).toMatchObject({ current: "destination", completed: 3, done: { data: true }, history: true });
    // The shell's menu carries the progress.
    const layout = await (await settle(() => shell.loader(args(get("/data-connector/usage", { cookie }))))).json();
    expect(layout.company.gettingStarted).toEqual({ completed: 3, total: 4 });

    // Its only source deleted: Usage still opens (past logs), the checklist goes back to step 1.
    await deleteNetworkAuthorization(db, company.id, auth.id);
    expect((await settle(() => shell.loader(args(get("/data-connector/usage", { cookie }))))).status).toBe(200);
    expect(await progress()).toMatchObject({ current: "source", history: true });
  });
});
