// Issue 15 item 8, replayed: 5 wrong passwords locked an e-mail for everyone, its owner with the
// right password included; a reset did not lift it; 12 e-mails tried from one address were all
// answered 401; 10 reset requests sent 10 e-mails. The client address comes from the web
// server's load context (clientAddress), as in production; X-Forwarded-For is the client's own
// claim and changes nothing. Time passes by moving the recorded attempts back, never by waiting.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { formPost, settle } from "../support/requests.js";
import { sessionCookie } from "../support/routes.js";
import type { DB } from "../../db/connection.js";
import { overrideEnv } from "../support/env.js";
import { readOutbox } from "../../lib/mail.js";

let db: DB;
let drop: () => Promise<void>;
let login: typeof import("~/routes/login");
let reset: typeof import("~/routes/reset-password.$token");
let users: typeof import("~/routes/_app.settings.users");
let signup: typeof import("~/routes/signup");
let auth: typeof import("~/services/auth.server");
let restoreEnv: () => void;

let nextNet = 1;
/** A fresh client address (TEST-NET-3), as the web server would put it in the load context. */
const freshIp = () => `203.0.113.${nextNet++}`;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  // The defaults, written down so the numbers below read against them.
  restoreEnv = overrideEnv({ LOGIN_MAX_FAILURES: "5", LOGIN_LOCK_MINUTES: "15", LOGIN_MAX_FAILURES_PER_IP: "10", LOGIN_SLOWDOWN_AFTER: "10", LOGIN_MAX_PAUSE_SECONDS: "5", MAIL_LIMIT_PER_ADDRESS: "3", MAIL_LIMIT_PER_IP: "20", MAIL_LIMIT_WINDOW_MINUTES: "60" });
  login = await import("~/routes/login");
  reset = await import("~/routes/reset-password.$token");
  users = await import("~/routes/_app.settings.users");
  signup = await import("~/routes/signup");
  auth = await import("~/services/auth.server");
});
afterAll(async () => {
  restoreEnv();
  await drop();
});

function signIn(email: string, password: string, ip: string, forwardedFor?: string) {
  const request = formPost("/login", { intent: "login", email, password });
  if (forwardedFor) request.headers.set("x-forwarded-for", forwardedFor);
  return settle(() => login.action({ request, params: {}, context: { clientAddress: ip } }));
}

/** Moves every recorded sign-in attempt back in time, as if `seconds` had passed. */
const elapse = (seconds: number) => sql`update login_attempts set created_at = created_at - make_interval(secs => ${seconds})`.execute(db);

/**
 * As if the next attempt came at once: the attempts recorded so far move to a minute from now, so
 * the delays they set cannot run out while a loaded machine serves the next request.
 */
const noTimePasses = () => sql`update login_attempts set created_at = clock_timestamp() + interval '1 minute'`.execute(db);

/** `count` wrong passwords for `email` from `ip`, each after the delay of the one before has passed. */
async function fail(email: string, ip: string, count: number) {
  for (let i = 0; i < count; i++) {
    await elapse(30);
    expect((await signIn(email, "wrong password", ip)).status).toBe(401);
  }
}

describe("sign-in throttling cannot be turned against the owner", () => {
  it("an attacker's 5 failures lock the attacker's address, not the owner signing in from elsewhere", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const attacker = freshIp();
    await fail(user.email, attacker, 5);
    await elapse(30);
    // The attacker, even with the right password, is refused for the window...
    expect((await signIn(user.email, password, attacker)).status).toBe(429);
    // ...while the owner, from a fresh address, signs in at once.
    expect((await signIn(user.email, password, freshIp())).status).toBe(302);
  });

  it("failures spread over many addresses only pause the owner, never lock them out", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const noPause = { pause: async () => undefined };
    for (let bot = 0; bot < 4; bot++) {
      const ip = freshIp();
      for (let i = 0; i < 4; i++) {
        await elapse(30);
        expect(await auth.loginWithPassword({ email: user.email, password: "wrong password", ip }, noPause)).toEqual({ ok: false, reason: "invalid" });
      }
    }
    // 16 failures for this e-mail: every attempt on it pauses (up to LOGIN_MAX_PAUSE_SECONDS), none is refused.
    const pauses: number[] = [];
    const outcome = await auth.loginWithPassword({ email: user.email, password, ip: freshIp() }, { pause: async (ms) => void pauses.push(ms) });
    expect(outcome.ok).toBe(true);
    expect(pauses).toEqual([5000]);
    // A success starts the e-mail's count again: no more pause.
    const next = await auth.loginWithPassword({ email: user.email, password, ip: freshIp() }, { pause: async (ms) => void pauses.push(ms) });
    expect(next.ok).toBe(true);
    expect(pauses).toEqual([5000]);
  });

  it("a completed password reset lifts the lock, even on the address that caused it", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const shared = freshIp();
    await fail(user.email, shared, 5);
    await elapse(30);
    expect((await signIn(user.email, password, shared)).status).toBe(429);
    await settle(() => login.action({ request: formPost("/login", { intent: "forgot-password", email: user.email }), params: {}, context: { clientAddress: shared } }));
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(readOutbox().find((m) => m.to === user.email)!.text)![1];
    const done = await settle(() => reset.action({ request: formPost(`/reset-password/${token}`, { password: "brand new password 1", confirm: "brand new password 1" }), params: { token }, context: {} }));
    expect(done.status).toBe(302);
    expect((await signIn(user.email, "brand new password 1", shared)).status).toBe(302);
  });

  it("one address trying many e-mails is delayed, then locked for every e-mail, whatever X-Forwarded-For says", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const stuffer = freshIp();
    const statuses: number[] = [];
    // The replay: 12 e-mails tried from one address, back to back.
    for (let i = 0; i < 12; i++) {
      await noTimePasses();
      statuses.push((await signIn(`victim${i}.${Date.now()}@example.test`, "123456", stuffer, `198.51.100.${i}`)).status);
    }
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429, 429, 429]);
    // Waiting out the delays, the address reaches LOGIN_MAX_FAILURES_PER_IP and is locked for
    // the window, also for a real account with its right password.
    for (let i = 0; i < 4; i++) {
      await elapse(90);
      expect((await signIn(`more${i}.${Date.now()}@example.test`, "123456", stuffer)).status).toBe(401);
    }
    await elapse(60);
    const locked = await signIn(user.email, password, stuffer);
    expect(locked.status).toBe(429);
    expect((await locked.json()).notice.text).toMatch(/from your network/);
    await elapse(16 * 60);
    expect((await signIn(user.email, password, stuffer)).status).toBe(302);
  });

  it("parallel guesses from one address check at most two passwords", async () => {
    const { user } = await makeCompanyWithUser(db);
    const ip = freshIp();
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(user.email, `guess ${i}`, ip).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(8);
  });
});

describe("outgoing account e-mails are limited", () => {
  const sentTo = (address: string) => readOutbox().filter((m) => m.to === address).length;

  it("10 reset requests for one address send 3 e-mails, then say why nothing more comes", async () => {
    const { user } = await makeCompanyWithUser(db);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await settle(() => login.action({ request: formPost("/login", { intent: "forgot-password", email: user.email }), params: {}, context: { clientAddress: freshIp() } }));
      statuses.push(res.status);
      if (i === 9) expect((await res.json()).notice.title).toBe("Too many e-mails for this address");
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(sentTo(user.email)).toBe(3);
  });

  it("an unknown address is limited the same way, so the answer tells nothing", async () => {
    const ghost = `ghost.${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await settle(() => login.action({ request: formPost("/login", { intent: "forgot-password", email: ghost }), params: {}, context: {} }))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(sentTo(ghost)).toBe(0);
  });

  it("one address cannot mail many recipients: reset, sign-up and invitations share its budget", async () => {
    const ip = freshIp();
    const { user } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await settle(() => login.action({ request: formPost("/login", { intent: "forgot-password", email: `r${i}.${Date.now()}@example.test` }), params: {}, context: { clientAddress: ip } }))).status);
    }
    for (let i = 0; i < 8; i++) {
      statuses.push((await settle(() => signup.action({ request: formPost("/signup", { companyName: `Spam ${i}`, email: `s${i}.${Date.now()}@example.test`, password: "a long enough password 1" }), params: {}, context: { clientAddress: ip } }))).status);
    }
    for (let i = 0; i < 6; i++) {
      statuses.push((await settle(() => users.action({ request: formPost("/settings/users", { intent: "invite", email: `i${i}.${Date.now()}@example.test` }, { cookie }), params: {}, context: { clientAddress: ip } }))).status);
    }
    // MAIL_LIMIT_PER_IP = 20: the 21st and 22nd requests are refused, with a clear message.
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(statuses.slice(0, 20).every((s) => s === 200 || s === 302)).toBe(true);
    const refused = await settle(() => users.action({ request: formPost("/settings/users", { intent: "invite", email: `late.${Date.now()}@example.test` }, { cookie }), params: {}, context: { clientAddress: ip } }));
    expect(refused.status).toBe(429);
    expect((await refused.json()).notice.title).toBe("Too many e-mails requested");
  });

  it("invitations to one address are limited too", async () => {
    const { user } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const invited = `twice.${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await settle(() => users.action({ request: formPost("/settings/users", { intent: "invite", email: invited }, { cookie }), params: {}, context: { clientAddress: freshIp() } }))).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect(sentTo(invited)).toBe(3);
  });
});
