import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import type { DB } from "../../db/connection.js";
import { readOutbox } from "../../lib/mail.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let login: typeof import("~/routes/login");
let appLayout: typeof import("~/routes/_app");
let adminLayout: typeof import("~/routes/admin");
let logout: typeof import("~/routes/logout");
let reset: typeof import("~/routes/reset-password.$token");
let catchAll: typeof import("~/routes/$");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  login = await import("~/routes/login");
  appLayout = await import("~/routes/_app");
  adminLayout = await import("~/routes/admin");
  logout = await import("~/routes/logout");
  reset = await import("~/routes/reset-password.$token");
  catchAll = await import("~/routes/$");
});
afterAll(async () => drop());

async function signIn(email: string, password: string, extra: Record<string, string> = {}) {
  return settle(() => login.action({ request: formPost("/login", { intent: "login", email, password, ...extra }), params: {}, context: {} }));
}

describe("password sign-in", () => {
  it("signs in, lands on redirectTo and the session cookie opens the app", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const res = await signIn(user.email, password, { redirectTo: "/data-connector/sources?tab=1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/data-connector/sources?tab=1");
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/__sp_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Max-Age/i); // no Remember Me: a browser-session cookie
    const shell = await settle(() => appLayout.loader({ request: get("/data-connector/sources", { cookie: cookiesFrom(res) }), params: {}, context: {} }));
    expect(shell.status).toBe(200);
    const body = await shell.json();
    expect(body.user.email).toBe(user.email);
  });

  it("Remember Me makes the cookie persistent", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const res = await signIn(user.email, password, { remember: "on" });
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=2592000/);
  });

  it("answers a wrong password and an unknown e-mail the same way, without a session", async () => {
    const { user } = await makeCompanyWithUser(db);
    for (const [email, password] of [[user.email, "wrong password"], ["nobody@example.test", "whatever"]]) {
      const res = await signIn(email, password);
      expect(res.status).toBe(401);
      expect(res.headers.get("set-cookie") ?? "").not.toMatch(/__sp_session=[^;]/);
      const body = await res.json();
      expect(body.notice.title).toBe("Unable to login");
    }
  });

  it("rejects malformed posts with field errors, not a 500", async () => {
    const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: "not-an-email" }), params: {}, context: {} }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result.error.email).toBeTruthy();
    expect(body.result.error.password).toBeTruthy();
    const junk = await settle(() => login.action({ request: formPost("/login", { intent: "drop-tables" }), params: {}, context: {} }));
    expect(junk.status).toBe(400);
  });

  it("never redirects to another host after login", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const res = await signIn(user.email, password, { redirectTo: "//evil.test/steal" });
    expect(res.headers.get("location")).toBe("/");
  });

  it("slows down repeated failures, then locks this e-mail from this address until the window passes", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const elapse = (seconds: number) => sql`update login_attempts set created_at = created_at - make_interval(secs => ${seconds}) where email = ${user.email.toLowerCase()}`.execute(db);
    // One typo costs nothing; from the second failure on, the next attempt waits 1 s, 2 s, 4 s.
    expect((await signIn(user.email, "nope")).status).toBe(401);
    expect((await signIn(user.email, "nope")).status).toBe(401);
    // At once: the failures move ahead of the clock, so a loaded machine cannot let the 1 s run out.
    await sql`update login_attempts set created_at = clock_timestamp() + interval '1 minute' where email = ${user.email.toLowerCase()}`.execute(db);
    const early = await signIn(user.email, password);
    expect(early.status).toBe(429);
    expect((await early.json()).notice.text).toMatch(/Try again in (1 minute|6\d seconds)/);
    await elapse(60);
    for (let i = 0; i < 3; i++) {
      await elapse(5);
      expect((await signIn(user.email, "nope")).status).toBe(401);
    }
    // Five failures: locked for the window (LOGIN_LOCK_MINUTES), even with the right password.
    await elapse(60);
    const blocked = await signIn(user.email, password);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).notice.title).toBe("Too many failed attempts");
    await elapse(16 * 60);
    expect((await signIn(user.email, password)).status).toBe(302);
  });

  it("refuses a cross-site login post", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const res = await settle(() =>
      login.action({ request: formPost("/login", { intent: "login", email: user.email, password }, { origin: "http://evil.test" }), params: {}, context: {} }),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("sessions", () => {
  it("sends signed-out visitors to /login with redirectTo", async () => {
    const res = await settle(() => appLayout.loader({ request: get("/data-connector/api?format=csv"), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fdata-connector%2Fapi%3Fformat%3Dcsv");
  });

  it("treats a forged cookie as signed out", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const good = cookiesFrom(await signIn(user.email, password));
    const forged = good.replace(/__sp_session=([^;.]+)/, "__sp_session=AAAA$1");
    const res = await settle(() => appLayout.loader({ request: get("/", { cookie: forged }), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
    const unsigned = await settle(() => appLayout.loader({ request: get("/", { cookie: "__sp_session=InNvbWUtaWQi" }), params: {}, context: {} }));
    expect(unsigned.headers.get("location")).toMatch(/^\/login/);
  });

  it("treats an expired session as signed out", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const cookie = cookiesFrom(await signIn(user.email, password));
    await db.updateTable("sessions").set({ expiresAt: new Date(Date.now() - 1000) }).where("userId", "=", user.id).execute();
    const res = await settle(() => appLayout.loader({ request: get("/", { cookie }), params: {}, context: {} }));
    expect(res.headers.get("location")).toMatch(/^\/login/);
  });

  it("logout deletes the session server-side and goes to /", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const cookie = cookiesFrom(await signIn(user.email, password));
    const out = await settle(() => logout.action({ request: formPost("/logout", {}, { cookie }), params: {}, context: {} }));
    expect(out.headers.get("location")).toBe("/");
    const reused = await settle(() => appLayout.loader({ request: get("/", { cookie }), params: {}, context: {} }));
    expect(reused.headers.get("location")).toMatch(/^\/login/);
  });

  it("keeps the admin area for ROLE_ADMIN and sends others to /", async () => {
    const plain = await makeCompanyWithUser(db);
    const admin = await makeCompanyWithUser(db, { admin: true });
    const plainCookie = cookiesFrom(await signIn(plain.user.email, plain.password));
    const adminCookie = cookiesFrom(await signIn(admin.user.email, admin.password));
    const denied = await settle(() => adminLayout.loader({ request: get("/admin", { cookie: plainCookie }), params: {}, context: {} }));
    expect(denied.status).toBe(302);
    expect(denied.headers.get("location")).toBe("/");
    const allowed = await settle(() => adminLayout.loader({ request: get("/admin", { cookie: adminCookie }), params: {}, context: {} }));
    expect(allowed.status).toBe(200);
  });

  it("sends unknown routes to / when signed in and to /login when not", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const cookie = cookiesFrom(await signIn(user.email, password));
    expect((await settle(() => catchAll.loader({ request: get("/no/such/page", { cookie }), params: {}, context: {} }))).headers.get("location")).toBe("/");
    expect((await settle(() => catchAll.loader({ request: get("/no/such/page"), params: {}, context: {} }))).headers.get("location")).toBe("/login?redirectTo=%2Fno%2Fsuch%2Fpage");
  });
});

describe("password recovery", () => {
  function latestLinkFor(email: string): string {
    const mail = readOutbox().find((m) => m.to === email);
    expect(mail, `an e-mail to ${email}`).toBeTruthy();
    const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    return match![1];
  }

  it("mails a single-use link that sets a new password and ends old sessions", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const oldCookie = cookiesFrom(await signIn(user.email, password));
    const asked = await settle(() => login.action({ request: formPost("/login", { intent: "forgot-password", email: user.email }), params: {}, context: {} }));
    expect(asked.status).toBe(200);
    expect((await asked.json()).notice.title).toBe(`An email has been sent to ${user.email}.`);
    const token = latestLinkFor(user.email);

    const page = await settle(() => reset.loader({ request: get(`/reset-password/${token}`), params: { token }, context: {} }));
    expect((await page.json()).usable).toBe(true);
    const mismatch = await settle(() => reset.action({ request: formPost(`/reset-password/${token}`, { password: "new password 1", confirm: "other" }), params: { token }, context: {} }));
    expect(mismatch.status).toBe(400);
    const done = await settle(() => reset.action({ request: formPost(`/reset-password/${token}`, { password: "new password 1", confirm: "new password 1" }), params: { token }, context: {} }));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");

    expect((await signIn(user.email, password)).status).toBe(401);
    expect((await signIn(user.email, "new password 1")).status).toBe(302);
    const stale = await settle(() => appLayout.loader({ request: get("/", { cookie: oldCookie }), params: {}, context: {} }));
    expect(stale.headers.get("location")).toMatch(/^\/login/);

    const replay = await settle(() => reset.action({ request: formPost(`/reset-password/${token}`, { password: "another pass 2", confirm: "another pass 2" }), params: { token }, context: {} }));
    expect(replay.status).toBe(410);
  });

  it("refuses an expired or forged link", async () => {
    const { user } = await makeCompanyWithUser(db);
    await settle(() => login.action({ request: formPost("/login", { intent: "forgot-password", email: user.email }), params: {}, context: {} }));
    const token = latestLinkFor(user.email);
    await db.updateTable("passwordResets").set({ expiresAt: new Date(Date.now() - 1000) }).where("userId", "=", user.id).execute();
    const expired = await settle(() => reset.action({ request: formPost(`/reset-password/${token}`, { password: "new password 1", confirm: "new password 1" }), params: { token }, context: {} }));
    expect(expired.status).toBe(410);
    const forged = await settle(() => reset.loader({ request: get("/reset-password/forged"), params: { token: "forged" }, context: {} }));
    expect((await forged.json()).usable).toBe(false);
  });

  it("answers an unknown e-mail like a known one and sends nothing", async () => {
    const before = readOutbox().length;
    const res = await settle(() => login.action({ request: formPost("/login", { intent: "forgot-password", email: "ghost@example.test" }), params: {}, context: {} }));
    expect(res.status).toBe(200);
    expect(readOutbox().length).toBe(before);
  });
});

describe("index route", () => {
  it("shows the dashboard when the company monitors accounts, else goes to the data connector", async () => {
    const index = await import("~/routes/_app._index");
    const monitoring = await makeCompanyWithUser(db, { activateAlert: true });
    const plain = await makeCompanyWithUser(db, { activateAlert: false });
    const monitoringCookie = cookiesFrom(await signIn(monitoring.user.email, monitoring.password));
    const plainCookie = cookiesFrom(await signIn(plain.user.email, plain.password));
    const a = await settle(() => index.loader({ request: get("/", { cookie: monitoringCookie }), params: {}, context: {} }));
    expect(a.status).toBe(200);
    const b = await settle(() => index.loader({ request: get("/", { cookie: plainCookie }), params: {}, context: {} }));
    expect(b.status).toBe(302);
    expect(b.headers.get("location")).toBe("/data-connector");
  });
});
