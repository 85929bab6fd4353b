import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SlackApiError, SlackClient } from "./client.js";
import { startFakeSlack, type FakeSlack } from "../../tests/fakes/slack/server.js";

let slack: FakeSlack;
let client: SlackClient;
const app = { clientId: "cid", clientSecret: "csecret" };

beforeAll(async () => {
  slack = await startFakeSlack({ ...app, pageSize: 2 });
  client = new SlackClient({ ...app, baseUrl: slack.url });
});
afterAll(async () => slack.close());

async function install(): Promise<string> {
  const redirectUri = "http://localhost:3000/notifications/slack/callback";
  const consent = await fetch(client.authorizeUrl({ state: "s1", redirectUri }));
  expect(consent.status).toBe(200);
  const approve = await fetch(`${slack.url}/oauth/v2/approve`, { method: "POST", body: new URLSearchParams({ redirect_uri: redirectUri, state: "s1" }), redirect: "manual" });
  const back = new URL(approve.headers.get("location")!);
  expect(back.searchParams.get("state")).toBe("s1");
  const installation = await client.exchangeCode({ code: back.searchParams.get("code")!, redirectUri });
  expect(installation.teamName).toBe("Signalpost Fake Workspace");
  return installation.accessToken;
}

describe("SlackClient against the Slack fake", () => {
  it("installs through OAuth v2, lists every channel across pages, and posts", async () => {
    const token = await install();
    const channels = await client.listChannels(token);
    expect(channels.map((c) => c.name)).toEqual(["general", "leadership", "marketing-alerts", "random"]);
    expect(slack.server.requestsTo("/api/conversations.list").length).toBeGreaterThan(1);
    const posted = await client.postMessage(token, { channel: "C0ALERTS", text: "Hello" });
    expect(posted.channel).toBe("C0ALERTS");
    expect(slack.messages.at(-1)).toMatchObject({ channel: "C0ALERTS", text: "Hello" });
  });

  it("rejects a used code, a bad secret and a revoked token with Slack's error codes", async () => {
    const token = await install();
    await client.revoke(token);
    const err = await client.listChannels(token).catch((e) => e);
    expect(err).toBeInstanceOf(SlackApiError);
    expect(err.code).toBe("invalid_auth");
    expect(err.needsReconnect).toBe(true);
    const bad = new SlackClient({ clientId: "cid", clientSecret: "wrong", baseUrl: slack.url });
    await expect(bad.exchangeCode({ code: "x", redirectUri: "http://x" })).rejects.toMatchObject({ code: "bad_client_secret" });
    await expect(client.exchangeCode({ code: "never-issued", redirectUri: "http://x" })).rejects.toMatchObject({ code: "invalid_code" });
  });

  it("reports channel_not_found and rate limits", async () => {
    const token = await install();
    await expect(client.postMessage(token, { channel: "C0NOPE", text: "x" })).rejects.toMatchObject({ code: "channel_not_found" });
    slack.server.once("POST", "/api/chat.postMessage", { status: 429, headers: { "retry-after": "30" }, body: "" });
    await expect(client.postMessage(token, { channel: "C0GENERAL", text: "x" })).rejects.toMatchObject({ code: "ratelimited", retryAfterSeconds: 30 });
  });
});
