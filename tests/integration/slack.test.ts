import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";
import { startFakeSlack, type FakeSlack } from "../fakes/slack/server.js";
import type { DB } from "../../db/connection.js";
import { resetEnvCache } from "../../lib/env.js";
import { createUserSession } from "~/services/session.server";
import { getCompanySlack } from "../../db/repositories/slack.js";

let db: DB;
let drop: () => Promise<void>;
let slack: FakeSlack;
let connect: typeof import("~/routes/notifications.slack.connect");
let callback: typeof import("~/routes/notifications.slack.callback");
let tab: typeof import("~/routes/_app.settings.notifications");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  slack = await startFakeSlack({ clientId: "it-slack", clientSecret: "it-secret" });
  Object.assign(process.env, { SLACK_CLIENT_ID: "it-slack", SLACK_CLIENT_SECRET: "it-secret", SLACK_BASE_URL: slack.url });
  resetEnvCache();
  connect = await import("~/routes/notifications.slack.connect");
  callback = await import("~/routes/notifications.slack.callback");
  tab = await import("~/routes/_app.settings.notifications");
});
afterAll(async () => {
  await slack.close();
  await drop();
});

const args = (request: Request) => ({ request, params: {}, context: {} });
const cookieFor = async (userId: number) => cookiesFrom(await createUserSession({ userId, remember: false, redirectTo: "/" }));

/** Runs the browser's part: connect, approve on Slack's consent page, come back with the code. */
async function connectSlack(cookie: string, popup = false) {
  const start = await settle(() => connect.loader(args(get(`/notifications/slack/connect${popup ? "?popup=1" : ""}`, { cookie }))));
  const slackUrl = new URL(start.headers.get("location")!);
  expect(slackUrl.origin + slackUrl.pathname).toBe(`${slack.url}/oauth/v2/authorize`);
  const stateCookie = cookiesFrom(start);
  const approve = await fetch(`${slack.url}/oauth/v2/approve`, {
    method: "POST",
    body: new URLSearchParams({ redirect_uri: slackUrl.searchParams.get("redirect_uri")!, state: slackUrl.searchParams.get("state")! }),
    redirect: "manual",
  });
  const back = new URL(approve.headers.get("location")!);
  return settle(() => callback.loader(args(get(`${back.pathname}${back.search}`, { cookie: `${cookie}; ${stateCookie}` }))));
}

describe("Slack notifications against the Slack fake", () => {
  it("connects through OAuth v2, stores the token encrypted, picks a channel, posts a test and disconnects", async () => {
    const { user, company } = await makeCompanyWithUser(db);
    const cookie = await cookieFor(user.id);
    const done = await connectSlack(cookie);
    expect(done.headers.get("location")).toBe("/settings/notifications");
    const raw = await db.selectFrom("companies").select("slackAuthorizationEncrypted").where("id", "=", company.id).executeTakeFirstOrThrow();
    expect(raw.slackAuthorizationEncrypted).toMatch(/^v1\./);
    expect(raw.slackAuthorizationEncrypted).not.toContain("xoxb-");

    const state = await (await settle(() => tab.loader(args(get("/settings/notifications", { cookie }))))).json();
    expect(state.connected).toBe(true);
    expect(state.channels.map((c: { name: string }) => c.name)).toContain("marketing-alerts");

    const unknown = await settle(() => tab.action(args(formPost("/settings/notifications", { intent: "set-channel", channelId: "C0FORGED" }, { cookie }))));
    expect(unknown.status).toBe(400);
    const saved = await settle(() => tab.action(args(formPost("/settings/notifications", { intent: "set-channel", channelId: "C0ALERTS" }, { cookie }))));
    expect(saved.status).toBe(302);
    expect((await getCompanySlack(db, company.id))?.channelName).toBe("marketing-alerts");

    await settle(() => tab.action(args(formPost("/settings/notifications", { intent: "test" }, { cookie }))));
    expect(slack.messages.at(-1)).toMatchObject({ channel: "C0ALERTS" });

    const token = (await getCompanySlack(db, company.id))!.installation.accessToken;
    await settle(() => tab.action(args(formPost("/settings/notifications", { intent: "disconnect" }, { cookie }))));
    expect(await getCompanySlack(db, company.id)).toBeNull();
    expect(slack.tokens.has(token)).toBe(false);
  });

  it("answers the popup with a page that closes itself", async () => {
    const { user } = await makeCompanyWithUser(db);
    const res = await connectSlack(await cookieFor(user.id), true);
    expect(res.status).toBe(200);
    expect((await res.json()).ok).toBe(true);
  });

  it("refuses a callback whose state was issued to another company or forged", async () => {
    const a = await makeCompanyWithUser(db);
    const b = await makeCompanyWithUser(db);
    const cookieA = await cookieFor(a.user.id);
    const start = await settle(() => connect.loader(args(get("/notifications/slack/connect", { cookie: cookieA }))));
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const res = await settle(async () => callback.loader(args(get(`/notifications/slack/callback?code=x&state=${state}`, { cookie: `${await cookieFor(b.user.id)}; ${cookiesFrom(start)}` }))));
    expect(res.headers.get("location")).toBe("/settings/notifications");
    expect(await getCompanySlack(db, b.company.id)).toBeNull();
    const forged = await settle(() => callback.loader(args(get("/notifications/slack/callback?code=x&state=forged", { cookie: cookieA }))));
    expect(forged.status).toBe(302);
    expect(await getCompanySlack(db, a.company.id)).toBeNull();
  });
});
