// Issue 15 item 3 (and issue 14 item 5): open redirects through every place a redirect target
// comes from input. Replays the reported URL (/login?redirectTo=%2F%09%2F127.0.0.1%3A9999%2Fx)
// through the sign-in form, the signed-in /login, /redirect, Google sign-in's after-login cookie
// and register mode's returnTo, plus the classic bypasses; every Location must stay on our origin
// as a browser resolves it, and CR/LF must never reach a header (it gave a 500).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, ORIGIN, settle } from "../support/requests.js";
import { sessionCookie } from "../support/routes.js";
import type { DB } from "../../db/connection.js";
import { overrideEnv } from "../support/env.js";

let db: DB;
let drop: () => Promise<void>;
let login: typeof import("~/routes/login");
let landing: typeof import("~/routes/redirect");
let googleStart: typeof import("~/routes/auth.google");
let registerStart: typeof import("~/routes/signup_.connect.$platform");
let restoreEnv: () => void;

// The issue's query value, as the browser sends it and as the server decodes it.
const ISSUE_QUERY = "%2F%09%2F127.0.0.1%3A9999%2Fx";
const ISSUE_TARGET = decodeURIComponent(ISSUE_QUERY);
const BYPASSES = [
  ISSUE_TARGET,
  "//127.0.0.1:9999/x",
  "/\\127.0.0.1:9999/x",
  "/%09/127.0.0.1:9999/x",
  "/%2F/127.0.0.1:9999/x",
  "/.//127.0.0.1:9999/x",
  "/\uff0f127.0.0.1:9999/x",
  "https:127.0.0.1:9999/x",
  "javascript:alert(document.cookie)",
];
const CRLF = "/data-connector\r\nSet-Cookie: __sp_session=stolen";

/** Where a browser on our page goes when given this Location. */
const destination = (response: Response) => new URL(response.headers.get("location") ?? "", `${ORIGIN}/login`);

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  // Register mode needs a platform app; building its consent URL reaches no network.
  restoreEnv = overrideEnv({ GOOGLE_CLIENT_ID: "sign-in-client", GOOGLE_CLIENT_SECRET: "sign-in-secret", GOOGLE_ADS_CLIENT_ID: "ads-client", GOOGLE_ADS_CLIENT_SECRET: "ads-secret", GOOGLE_ADS_DEVELOPER_TOKEN: "dev-token" });
  login = await import("~/routes/login");
  landing = await import("~/routes/redirect");
  googleStart = await import("~/routes/auth.google");
  registerStart = await import("~/routes/signup_.connect.$platform");
});
afterAll(async () => {
  restoreEnv();
  await drop();
});

describe("open redirect replay", () => {
  it.each(BYPASSES)("signing in with redirectTo %j lands on our origin", async (target) => {
    const { user, password } = await makeCompanyWithUser(db);
    const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password, redirectTo: target }), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(destination(res).origin).toBe(ORIGIN);
    expect(res.headers.get("location")).toBe("/");
  });

  it("an already signed-in visit to the issue's URL stays on our origin", async () => {
    const { user } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const res = await settle(() => login.loader({ request: get(`/login?redirectTo=${ISSUE_QUERY}`, { cookie }), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(destination(res).origin).toBe(ORIGIN);
  });

  it("/redirect refuses the issue's target, signed in or not, and still goes to a BI tool or a page of ours", async () => {
    const { user } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    for (const opts of [{ cookie }, {}]) {
      const res = await settle(() => landing.loader({ request: get(`/redirect?redirectTo=${ISSUE_QUERY}&type=LOOKER_STUDIO`, opts), params: {}, context: {} }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ target: null, rejected: true });
    }
    const tool = await settle(() => landing.loader({ request: get(`/redirect?redirectTo=${encodeURIComponent("https://lookerstudio.google.com/reporting/1")}`, { cookie }), params: {}, context: {} }));
    expect(tool.headers.get("location")).toBe("https://lookerstudio.google.com/reporting/1");
    const ours = await settle(() => landing.loader({ request: get(`/redirect?redirectTo=${encodeURIComponent("/data-connector/api")}`, { cookie }), params: {}, context: {} }));
    expect(ours.headers.get("location")).toBe("/data-connector/api");
  });

  it("Google sign-in keeps only a safe after-login target in its cookie", async () => {
    const res = await settle(() => googleStart.action({ request: formPost("/auth/google", { redirectTo: ISSUE_TARGET }), params: {}, context: {} }));
    expect(res.status).toBe(302);
    const kept = /__sp_after_login=([^;]*)/.exec(res.headers.getSetCookie().join("\n"));
    expect(decodeURIComponent(kept![1])).toBe("/");
  });

  it("register mode drops an unsafe returnTo instead of storing it for after the sign-up", async () => {
    const res = await settle(() => registerStart.action({ request: formPost("/signup/connect/google-ads", { returnTo: ISSUE_TARGET }), params: { platform: "google-ads" }, context: {} }));
    expect(res.status).toBe(302);
    const attempt = await db.selectFrom("registerConnectAttempts").select("returnTo").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(attempt.returnTo).toBeNull();
  });
});

describe("CR/LF in redirectTo never reaches a header", () => {
  it("sign-in answers a redirect home, not a 500", async () => {
    const { user, password } = await makeCompanyWithUser(db);
    const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password, redirectTo: CRLF }), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.getSetCookie().join("\n")).not.toContain("stolen");
  });

  it("the signed-in /login and /redirect too", async () => {
    const { user } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const encoded = encodeURIComponent(CRLF);
    const signedIn = await settle(() => login.loader({ request: get(`/login?redirectTo=${encoded}`, { cookie }), params: {}, context: {} }));
    expect(signedIn.headers.get("location")).toBe("/");
    const viaLanding = await settle(() => landing.loader({ request: get(`/redirect?redirectTo=${encoded}`, { cookie }), params: {}, context: {} }));
    expect(viaLanding.status).toBe(200);
  });

  it("Google sign-in's after-login cookie, hand-made, gives a safe target and no 500", async () => {
    const { afterLoginTarget } = await import("~/routes/auth.google.callback");
    const withCookie = (value: string) => get("/auth/google/callback?code=x&state=y", { cookie: `__sp_after_login=${value}` });
    expect(afterLoginTarget(withCookie(ISSUE_QUERY))).toBe("/");
    expect(afterLoginTarget(withCookie(encodeURIComponent(CRLF)))).toBe("/");
    expect(afterLoginTarget(withCookie("%E0%A4%A"))).toBe("/");
    expect(afterLoginTarget(withCookie(encodeURIComponent("/data-connector/api")))).toBe("/data-connector/api");
  });
});

describe("signed-out visits keep a safe way back", () => {
  it("a protected page sends to /login with its own path, which signing in restores", async () => {
    const appLayout = await import("~/routes/_app");
    const res = await settle(() => appLayout.loader({ request: get("/data-connector/sources?tab=1"), params: {}, context: {} }));
    const loginUrl = destination(res);
    const { user, password } = await makeCompanyWithUser(db);
    const back = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password, redirectTo: loginUrl.searchParams.get("redirectTo")! }), params: {}, context: {} }));
    expect(back.headers.get("location")).toBe("/data-connector/sources?tab=1");
    expect(cookiesFrom(back)).toMatch(/__sp_session=/);
  });
});
