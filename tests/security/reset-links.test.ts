// Issue 15 item 4: reset-link poisoning and token replay. With APP_URL unset, a forgot-password
// POST carrying a forged Host header (and a matching Origin, so it passes the same-origin check)
// mailed a link to the forged host; older reset links kept working after a newer one was used.
// Replays both, and the same poisoning through invitations and sign-up verification.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { formPost, get, settle } from "../support/requests.js";
import { sessionCookie } from "../support/routes.js";
import type { DB } from "../../db/connection.js";
import { appOrigin } from "../../lib/env.js";
import { overrideEnv } from "../support/env.js";
import { readOutbox } from "../../lib/mail.js";

let db: DB;
let drop: () => Promise<void>;
let login: typeof import("~/routes/login");
let reset: typeof import("~/routes/reset-password.$token");
let users: typeof import("~/routes/_app.settings.users");
let signup: typeof import("~/routes/signup");
let appLayout: typeof import("~/routes/_app");
let restoreEnv: () => void;

const FORGED = "attacker.example:8443";

/** A browser-like POST sent to a forged host: the request URL, Host and Origin all name it. */
function forgedPost(path: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", host: FORGED, origin: `http://${FORGED}`, "x-forwarded-host": FORGED });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`http://${FORGED}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

function mailTo(address: string) {
  const mail = readOutbox().find((m) => m.to === address);
  expect(mail, `an e-mail to ${address}`).toBeTruthy();
  return mail!;
}

const tokenIn = (text: string, route: string) => new RegExp(`${route}/([A-Za-z0-9_-]+)`).exec(text)![1];

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  restoreEnv = overrideEnv({ APP_URL: undefined, PORT: "3000" });
  login = await import("~/routes/login");
  reset = await import("~/routes/reset-password.$token");
  users = await import("~/routes/_app.settings.users");
  signup = await import("~/routes/signup");
  appLayout = await import("~/routes/_app");
});
afterAll(async () => {
  restoreEnv();
  await drop();
});

describe("links in e-mails never take the request's host", () => {
  it("a forgot-password POST with a forged Host mails a link to the address the server started on", async () => {
    const { user } = await makeCompanyWithUser(db);
    const res = await settle(() => login.action({ request: forgedPost("/login", { intent: "forgot-password", email: user.email }), params: {}, context: {} }));
    expect(res.status).toBe(200);
    const text = mailTo(user.email).text;
    expect(text).not.toContain("attacker.example");
    expect(text).toContain(`http://localhost:3000/reset-password/`);
  });

  it("with APP_URL set, links use it", async () => {
    const restore = overrideEnv({ APP_URL: "https://signalpost.example.com/" });
    try {
      expect(appOrigin()).toBe("https://signalpost.example.com");
      const { user } = await makeCompanyWithUser(db);
      await settle(() => login.action({ request: forgedPost("/login", { intent: "forgot-password", email: user.email }), params: {}, context: {} }));
      expect(mailTo(user.email).text).toMatch(/https:\/\/signalpost\.example\.com\/reset-password\/[A-Za-z0-9_-]+/);
    } finally {
      restore();
    }
  });

  it("invitations and sign-up verification links do not take it either", async () => {
    const { user } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const invited = `invited.${Date.now()}@example.test`;
    const inviteRes = await settle(() => users.action({ request: forgedPost("/settings/users", { intent: "invite", email: invited }, cookie), params: {}, context: {} }));
    expect(inviteRes.status).toBe(302);
    expect(mailTo(invited).text).toContain("http://localhost:3000/company/create-user/");
    expect(mailTo(invited).text).not.toContain("attacker.example");

    const newcomer = `newcomer.${Date.now()}@example.test`;
    const signupRes = await settle(() => signup.action({ request: forgedPost("/signup", { companyName: "Newco", email: newcomer, password: "a long enough password 1" }), params: {}, context: {} }));
    expect(signupRes.status).toBe(200);
    expect(mailTo(newcomer).text).toContain("http://localhost:3000/signup/verify/");
    expect(mailTo(newcomer).text).not.toContain("attacker.example");
  });
});

describe("reset tokens", () => {
  async function askForLink(email: string): Promise<string> {
    const links = () => readOutbox().filter((m) => m.to === email).map((m) => tokenIn(m.text, "reset-password"));
    const before = new Set(links());
    await settle(() => login.action({ request: formPost("/login", { intent: "forgot-password", email }), params: {}, context: {} }));
    const added = links().filter((token) => !before.has(token));
    expect(added).toHaveLength(1);
    return added[0];
  }
  const usable = async (token: string) => (await (await settle(() => reset.loader({ request: get(`/reset-password/${token}`), params: { token }, context: {} }))).json()).usable as boolean;
  const use = (token: string, password: string) => settle(() => reset.action({ request: formPost(`/reset-password/${token}`, { password, confirm: password }), params: { token }, context: {} }));

  it("issuing a new link invalidates the earlier ones", async () => {
    const { user } = await makeCompanyWithUser(db);
    const older = await askForLink(user.email);
    const newer = await askForLink(user.email);
    expect(await usable(older)).toBe(false);
    expect((await use(older, "hijacked password 1")).status).toBe(410);
    expect(await usable(newer)).toBe(true);
  });

  it("using a link invalidates every other one and ends every session of the user", async () => {
    const { user } = await makeCompanyWithUser(db);
    const older = await askForLink(user.email);
    const newer = await askForLink(user.email);
    // An older link still usable (sent before this rule, or by a request racing the newer one).
    await db.updateTable("passwordResets").set({ usedAt: null }).where("userId", "=", user.id).execute();
    expect(await usable(older)).toBe(true);
    const cookie = await sessionCookie(user.id);
    expect((await use(newer, "the owner's new pass 1")).status).toBe(302);
    expect((await use(older, "hijacked password 2")).status).toBe(410);
    const stale = await settle(() => appLayout.loader({ request: get("/", { cookie }), params: {}, context: {} }));
    expect(stale.headers.get("location")).toMatch(/^\/login/);
  });
});
