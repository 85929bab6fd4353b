/**
 * The one Slack client of the product (OAuth v2 install, conversations.list, chat.postMessage),
 * used by company settings (issue 8) and alert notifications (issue 7). Plain fetch, no SDK:
 * three Web API methods do not justify @slack/web-api's dependency tree (docs/decisions/0603).
 *
 * Wire format: https://api.slack.com/authentication/oauth-v2 and https://api.slack.com/web
 * Every Web API answer is HTTP 200 with {ok: false, error: "..."} on failure, except rate
 * limits (HTTP 429 with Retry-After, https://api.slack.com/docs/rate-limits).
 */
export type SlackConfig = { clientId: string; clientSecret: string; baseUrl?: string; fetch?: typeof fetch };

export type SlackInstallation = { accessToken: string; teamId: string; teamName: string; botUserId: string | null; scope: string };
export type SlackChannel = { id: string; name: string; isPrivate: boolean };

/** Bot scopes: list public and private channels the bot can see, and post messages. */
export const SLACK_BOT_SCOPES = ["channels:read", "groups:read", "chat:write"];

export class SlackApiError extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`Slack ${method} failed: ${code}`);
    this.name = "SlackApiError";
  }
  /** Token revoked, app uninstalled, or the workspace gone: the company must reconnect. */
  get needsReconnect(): boolean {
    return ["invalid_auth", "not_authed", "token_revoked", "account_inactive", "token_expired", "missing_scope"].includes(this.code);
  }
}

export class SlackClient {
  private readonly base: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly config: SlackConfig) {
    this.base = (config.baseUrl ?? "https://slack.com").replace(/\/$/, "");
    this.fetcher = config.fetch ?? fetch;
  }

  authorizeUrl(input: { state: string; redirectUri: string; scopes?: string[] }): string {
    const url = new URL(`${this.base}/oauth/v2/authorize`);
    url.searchParams.set("client_id", this.config.clientId);
    url.searchParams.set("scope", (input.scopes ?? SLACK_BOT_SCOPES).join(","));
    url.searchParams.set("redirect_uri", input.redirectUri);
    url.searchParams.set("state", input.state);
    return url.toString();
  }

  /** oauth.v2.access: exchanges the code for a bot token (client credentials as HTTP Basic, which Slack prefers). */
  async exchangeCode(input: { code: string; redirectUri: string }): Promise<SlackInstallation> {
    const body = new URLSearchParams({ code: input.code, redirect_uri: input.redirectUri });
    const auth = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const data = await this.call<{ access_token: string; scope: string; bot_user_id?: string; team?: { id: string; name: string } }>("oauth.v2.access", {
      method: "POST",
      headers: { authorization: `Basic ${auth}`, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    return { accessToken: data.access_token, teamId: data.team?.id ?? "", teamName: data.team?.name ?? "", botUserId: data.bot_user_id ?? null, scope: data.scope };
  }

  /** Every non-archived channel the token can see, following next_cursor. */
  async listChannels(token: string, opts: { maxPages?: number } = {}): Promise<SlackChannel[]> {
    const channels: SlackChannel[] = [];
    let cursor = "";
    for (let page = 0; page < (opts.maxPages ?? 20); page++) {
      const params = new URLSearchParams({ types: "public_channel,private_channel", exclude_archived: "true", limit: "200" });
      if (cursor) params.set("cursor", cursor);
      const data = await this.call<{ channels: Array<{ id: string; name: string; is_private?: boolean }>; response_metadata?: { next_cursor?: string } }>(
        `conversations.list?${params}`,
        { method: "GET", headers: { authorization: `Bearer ${token}` } },
      );
      for (const c of data.channels) channels.push({ id: c.id, name: c.name, isPrivate: Boolean(c.is_private) });
      cursor = data.response_metadata?.next_cursor ?? "";
      if (!cursor) break;
    }
    return channels.sort((a, b) => a.name.localeCompare(b.name));
  }

  async postMessage(token: string, message: { channel: string; text: string; blocks?: unknown[] }): Promise<{ channel: string; ts: string }> {
    const data = await this.call<{ channel: string; ts: string }>("chat.postMessage", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(message),
    });
    return { channel: data.channel, ts: data.ts };
  }

  /** auth.revoke: best effort on disconnect (the stored token is deleted whatever Slack answers). */
  async revoke(token: string): Promise<void> {
    await this.call("auth.revoke", { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" }, body: "" });
  }

  private async call<T>(method: string, init: RequestInit): Promise<T> {
    const name = method.split("?")[0];
    const response = await this.fetcher(`${this.base}/api/${method}`, { ...init, signal: AbortSignal.timeout(15_000) });
    if (response.status === 429) {
      throw new SlackApiError(name, "ratelimited", Number(response.headers.get("retry-after") ?? "1"));
    }
    if (!response.ok) throw new SlackApiError(name, `http_${response.status}`);
    const data = (await response.json()) as { ok: boolean; error?: string } & T;
    if (!data.ok) throw new SlackApiError(name, data.error ?? "unknown_error");
    return data;
  }
}
