import crypto from "node:crypto";
import { startFakeServer, type FakeServer, type RecordedRequest } from "../support/fake-server.js";

/**
 * A local stand-in for Slack's OAuth v2 and the Web API methods the product uses, speaking
 * Slack's wire format: https://api.slack.com/authentication/oauth-v2 (GET /oauth/v2/authorize
 * consent page, POST /api/oauth.v2.access), https://api.slack.com/methods/conversations.list
 * (cursor pagination in response_metadata.next_cursor), https://api.slack.com/methods/chat.postMessage,
 * https://api.slack.com/methods/auth.revoke. Failures are HTTP 200 with {ok:false, error}.
 */
export type FakeSlackChannel = { id: string; name: string; is_private?: boolean; is_archived?: boolean };
export type FakeSlackMessage = { token: string; channel: string; text: string; blocks?: unknown[]; ts: string };

export type FakeSlack = {
  url: string;
  server: FakeServer;
  channels: FakeSlackChannel[];
  messages: FakeSlackMessage[];
  /** Tokens issued and not revoked. */
  tokens: Set<string>;
  close: () => Promise<void>;
};

export const FAKE_SLACK_TEAM = { id: "T0FAKE01", name: "Signalpost Fake Workspace" };

export async function startFakeSlack(opts: {
  clientId: string;
  clientSecret: string;
  channels?: FakeSlackChannel[];
  /** conversations.list page size the fake enforces (Slack allows up to 1000; small values test paging). */
  pageSize?: number;
}): Promise<FakeSlack> {
  const server = await startFakeServer();
  const channels: FakeSlackChannel[] = opts.channels ?? [
    { id: "C0GENERAL", name: "general" },
    { id: "C0ALERTS", name: "marketing-alerts" },
    { id: "C0RANDOM", name: "random" },
    { id: "G0PRIVATE", name: "leadership", is_private: true },
    { id: "C0OLD", name: "old-archive", is_archived: true },
  ];
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const tokens = new Set<string>();
  const messages: FakeSlackMessage[] = [];
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const bearer = (req: RecordedRequest) => /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1] ?? "";
  const fail = (error: string) => ({ status: 200, json: { ok: false, error } });

  server.route("GET", "/oauth/v2/authorize", (req) => {
    const q = req.query;
    if (q.get("client_id") !== opts.clientId) return { status: 400, headers: { "content-type": "text/html" }, body: "<h1>Invalid client_id parameter</h1>" };
    if (!q.get("redirect_uri") || !q.get("scope")) return { status: 400, headers: { "content-type": "text/html" }, body: "<h1>Missing redirect_uri or scope</h1>" };
    const hidden = ["redirect_uri", "state"].map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k) ?? "")}">`).join("");
    return {
      status: 200,
      headers: { "content-type": "text/html" },
      body: `<!doctype html><title>Slack</title><h1>Signalpost is requesting permission to access the ${escape(FAKE_SLACK_TEAM.name)} Slack workspace</h1><p>Scopes: ${escape(q.get("scope")!)}</p>
<form method="post" action="/oauth/v2/approve">${hidden}<button type="submit">Allow</button></form>
<form method="post" action="/oauth/v2/approve">${hidden}<input type="hidden" name="deny" value="1"><button type="submit">Cancel</button></form>`,
    };
  });

  server.route("POST", "/oauth/v2/approve", (req) => {
    const form = req.form();
    const redirect = new URL(form.get("redirect_uri")!);
    if (form.get("state")) redirect.searchParams.set("state", form.get("state")!);
    if (form.get("deny")) {
      redirect.searchParams.set("error", "access_denied");
    } else {
      const code = `${Date.now()}.${crypto.randomBytes(8).toString("hex")}`;
      codes.set(code, { redirectUri: form.get("redirect_uri")!, used: false });
      redirect.searchParams.set("code", code);
    }
    return { status: 302, headers: { location: redirect.toString() }, body: "" };
  });

  server.route("POST", "/api/oauth.v2.access", (req) => {
    const form = req.form();
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const basic = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
    if (basic) [clientId, clientSecret] = Buffer.from(basic, "base64").toString().split(":");
    if (clientId !== opts.clientId) return fail("invalid_client_id");
    if (clientSecret !== opts.clientSecret) return fail("bad_client_secret");
    const grant = codes.get(form.get("code") ?? "");
    if (!grant || grant.used) return fail("invalid_code");
    if (form.get("redirect_uri") && form.get("redirect_uri") !== grant.redirectUri) return fail("bad_redirect_uri");
    grant.used = true;
    const token = `xoxb-fake-${crypto.randomBytes(12).toString("hex")}`;
    tokens.add(token);
    return {
      status: 200,
      json: {
        ok: true,
        access_token: token,
        token_type: "bot",
        scope: "channels:read,groups:read,chat:write",
        bot_user_id: "U0BOT",
        app_id: "A0FAKE",
        team: FAKE_SLACK_TEAM,
        enterprise: null,
        authed_user: { id: "U0HUMAN" },
      },
    };
  });

  server.route("GET", "/api/conversations.list", (req) => {
    if (!tokens.has(bearer(req))) return fail(bearer(req) ? "invalid_auth" : "not_authed");
    const types = (req.query.get("types") ?? "public_channel").split(",");
    const limit = Math.min(Number(req.query.get("limit") ?? "100"), opts.pageSize ?? 1000);
    const visible = channels.filter(
      (c) => (c.is_private ? types.includes("private_channel") : types.includes("public_channel")) && !(req.query.get("exclude_archived") === "true" && c.is_archived),
    );
    const start = Number(Buffer.from(req.query.get("cursor") ?? "", "base64").toString().replace("offset:", "") || "0");
    const page = visible.slice(start, start + limit);
    const next = start + limit < visible.length ? Buffer.from(`offset:${start + limit}`).toString("base64") : "";
    return {
      status: 200,
      json: {
        ok: true,
        channels: page.map((c) => ({ id: c.id, name: c.name, is_channel: !c.is_private, is_private: Boolean(c.is_private), is_archived: Boolean(c.is_archived) })),
        response_metadata: { next_cursor: next },
      },
    };
  });

  server.route("POST", "/api/chat.postMessage", (req) => {
    const token = bearer(req);
    if (!tokens.has(token)) return fail(token ? "invalid_auth" : "not_authed");
    const body = String(req.headers["content-type"] ?? "").includes("json") ? req.json<{ channel?: string; text?: string; blocks?: unknown[] }>() : Object.fromEntries(req.form());
    const channel = channels.find((c) => c.id === body.channel || c.name === body.channel);
    if (!channel) return fail("channel_not_found");
    if (channel.is_archived) return fail("is_archived");
    if (!body.text && !body.blocks) return fail("no_text");
    const ts = `${Math.floor(Date.now() / 1000)}.${String(messages.length + 1).padStart(6, "0")}`;
    messages.push({ token, channel: channel.id, text: String(body.text ?? ""), blocks: body.blocks as unknown[] | undefined, ts });
    return { status: 200, json: { ok: true, channel: channel.id, ts, message: { text: body.text, ts } } };
  });

  // Test inspection (not a Slack API): the messages posted so far, for specs in another process.
  server.route("GET", "/_fake/messages", () => ({ status: 200, json: { messages } }));
  server.route("POST", "/api/auth.revoke", (req) => {
    const token = bearer(req);
    if (!tokens.has(token)) return fail("invalid_auth");
    tokens.delete(token);
    return { status: 200, json: { ok: true, revoked: true } };
  });

  return { url: server.url, server, channels, messages, tokens, close: () => server.close() };
}
