// Issue 19 "honest unconfigured states": with no Stripe, Slack or Google app on the server, the
// screens say so (and name the variables to an administrator) instead of failing, losing the chosen
// plan or sending the user to the real slack.com / accounts.google.com with a placeholder app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import type { DB } from "../../db/connection.js";
import { resetEnvCache } from "../../lib/env.js";
import { createUserSession } from "~/services/session.server";
import { readToast } from "~/services/toast.server";

let db: DB;
let drop: () => Promise<void>;
const args = (request: Request) => ({ request, params: {}, context: {} });
const cookieFor = async (userId: number) => cookiesFrom(await createUserSession({ userId, remember: false, redirectTo: "/" }));
async function toastOf(response: Response) {
  return (await readToast(get("/", { cookie: cookiesFrom(response) }))).toast;
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  for (const name of ["STRIPE_SECRET_KEY", "STRIPE_API_BASE_URL", "SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET", "SLACK_BASE_URL", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_OAUTH_BASE_URL"]) delete process.env[name];
  resetEnvCache();
});
afterAll(async () => {
  await drop();
});

describe("unconfigured third parties (issue 19)", () => {
  it("Slack: Connect Slack stays in Signalpost and names the variables to an admin", async () => {
    const connect = await import("~/routes/notifications.slack.connect");
    const admin = await makeCompanyWithUser(db, { admin: true });
    const adminCookie = await cookieFor(admin.user.id);
    const res = await settle(() => connect.loader(args(get("/notifications/slack/connect", { cookie: adminCookie }))));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings/notifications");
    const toast = await toastOf(res);
    expect(toast?.title).toBe("Slack is not set up on this server");
    expect(toast?.description).toContain("SLACK_CLIENT_ID and SLACK_CLIENT_SECRET");

    const member = await makeCompanyWithUser(db);
    const memberCookie = await cookieFor(member.user.id);
    const asMember = await settle(() => connect.loader(args(get("/notifications/slack/connect", { cookie: memberCookie }))));
    expect(asMember.headers.get("location")).toBe("/settings/notifications");
    expect((await toastOf(asMember))?.description).not.toContain("SLACK_");
  });

  it("Stripe: /buy says payments are off, Subscribe writes nothing and keeps the chosen plan", async () => {
    const buy = await import("~/routes/_app.buy");
    const admin = await makeCompanyWithUser(db, { admin: true });
    const cookie = await cookieFor(admin.user.id);
    const page = await (await settle(() => buy.loader(args(get("/buy?plan=starter&interval=month&currency=usd", { cookie }))))).json();
    expect(page.billing).toEqual({ configured: false, variables: ["STRIPE_SECRET_KEY", "STRIPE_PRICE_IDS", "STRIPE_WEBHOOK_SECRET"] });
    const member = await makeCompanyWithUser(db);
    const memberCookie = await cookieFor(member.user.id);
    const memberPage = await (await settle(() => buy.loader(args(get("/buy", { cookie: memberCookie }))))).json();
    expect(memberPage.billing).toEqual({ configured: false, variables: null });

    const plan = page.plans[0].id as string;
    // A plain form post (no JavaScript) to the page's own URL: an answer on the same page, no redirect that drops ?plan.
    const res = await settle(() => buy.action(args(formPost(`/buy?plan=${plan}&interval=month&currency=usd`, { plan, interval: "month", currency: "usd" }, { cookie }))));
    expect(res.status).toBe(503);
    expect((await res.json()).error).toContain("Payments are not set up on this Signalpost server");
    const company = await db.selectFrom("companies").select(["stripeCustomerId", "stripeSubscriptionId"]).where("id", "=", admin.company.id).executeTakeFirstOrThrow();
    expect(company).toEqual({ stripeCustomerId: null, stripeSubscriptionId: null });
  });

  it("Google: sign-in and sign-up pages say it is off, and the sign-in action goes back to the e-mail form", async () => {
    const login = await import("~/routes/login");
    const signup = await import("~/routes/signup");
    const auth = await import("~/routes/auth.google");
    expect(await (await settle(() => login.loader(args(get("/login"))))).json()).toEqual({ google: false });
    expect((await (await settle(() => signup.loader(args(get("/signup"))))).json()).google).toBe(false);
    const res = await settle(() => auth.action(args(formPost("/auth/google", { redirectTo: "/usage" }))));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fusage");
    expect((await toastOf(res))?.title).toBe("Google sign-in is not set up on this server");
  });
});
