// Fakes of the api-key ads platforms whose credential is exchanged for a session token first
// (Criteo, Taboola, Outbrain, Outbrain DSP, The Trade Desk, Xandr): a login endpoint that checks
// the stored credential and issues tokens, API routes that accept only issued tokens, and the
// behaviour cases of that renewal (engine/connectors/shared/ads-session.ts).
import { expect } from "vitest";
import type { Credential } from "../../../engine/core/types.js";
import type { BehaviourEnv, PlatformFake } from "./behaviours.js";
import { startFakeServer, type FakeHandler, type FakeReply, type RecordedRequest } from "./fake-server.js";
import { guardedRoutes } from "./platform-fake.js";
import { accountMetrics, activeDays, campaignMetrics, fakeCampaigns, type FakeCampaign } from "./ads-family.js";
import type { HourMetrics } from "./ads-metrics.js";

export interface SessionFakeOptions {
  /** Short prefix of issued tokens, e.g. "criteo". */
  name: string;
  /** Path of the API under the fake's origin; the connector's base URL override. */
  basePath: string;
  loginMethod?: string;
  /** Absolute path of the login (token) endpoint. */
  loginPath: string;
  credential: Credential;
  /** Whether the login request carries the right credential. */
  accepts(req: RecordedRequest): boolean;
  /** The platform's answer to a wrong credential at login. */
  refusal: FakeReply;
  /** The platform's answer carrying a new token. */
  issue(token: string): FakeReply;
  /** The token an API request carries. */
  tokenOf(req: RecordedRequest): string | undefined;
  /** The platform's answer to a missing or expired token. */
  unauthorized(req: RecordedRequest): FakeReply;
}

export interface SessionFake extends PlatformFake {
  session: { logins: number; valid: Set<string>; expireTokens(): void };
  /** Registers a route behind the token check; `path` is relative to basePath unless it starts with "//". */
  route(method: string, path: string | RegExp, handler: FakeHandler): void;
  options: { pageSize: number };
}

export async function startSessionFake(opts: SessionFakeOptions): Promise<SessionFake> {
  const server = await startFakeServer();
  const session = {
    logins: 0,
    valid: new Set<string>(),
    expireTokens() {
      session.valid.clear();
    },
  };
  server.route(opts.loginMethod ?? "POST", opts.loginPath, (req) => {
    if (!opts.accepts(req)) return opts.refusal;
    session.logins += 1;
    const token = `${opts.name}-session-${session.logins}`;
    session.valid.add(token);
    return opts.issue(token);
  });
  const guarded = guardedRoutes(server, (req) => session.valid.has(opts.tokenOf(req) ?? ""), opts.unauthorized);
  return {
    server,
    session,
    baseUrl: `${server.url}${opts.basePath}`,
    credential: opts.credential,
    options: { pageSize: 100 },
    route(method, path, handler) {
      guarded(method, typeof path === "string" ? (path.startsWith("//") ? path.slice(1) : `${opts.basePath}${path}`) : path, handler);
    },
    close: () => server.close(),
  };
}

export const bearerOf = (req: RecordedRequest): string | undefined => /^Bearer (.+)$/i.exec(String(req.headers.authorization ?? ""))?.[1];

/**
 * The session behaviours: an expired token is minted again and the call repeated (the platform's
 * "token refresh"), and a refused login is a config error asking to reconnect.
 */
export function sessionCases<F extends SessionFake>(loginPath: string, refusal: FakeReply, loginMethod = "POST"): { refresh(env: BehaviourEnv<F>): Promise<void>; refused(env: BehaviourEnv<F>): Promise<void> } {
  return {
    refresh: async ({ fake, ctx, read }) => {
      const context = ctx();
      const baseline = await read({}, context);
      expect(fake.session.logins).toBe(1);
      fake.session.expireTokens();
      expect(await read({}, context)).toEqual(baseline);
      expect(fake.session.logins).toBe(2);
    },
    refused: async ({ fake, read }) => {
      fake.server.once(loginMethod, loginPath, refusal);
      const error = await read().then(() => undefined, (e: unknown) => e);
      expect(error).toMatchObject({ kind: "config" });
      expect(String((error as Error).message)).toMatch(/reconnect|check/i);
    },
  };
}

export interface AdsCell {
  day: string;
  hour?: number;
  campaign?: FakeCampaign;
  m: HourMetrics;
}

/** The report cells of an account: every active day (or hour) x (campaign | the account total). */
export function adsCells(accountId: string, start: string, end: string, opts: { hourly?: boolean; byCampaign?: boolean }): AdsCell[] {
  return activeDays(start, end).flatMap((day) =>
    (opts.hourly ? Array.from({ length: 24 }, (_, h) => h as number | undefined) : [undefined]).flatMap((hour) =>
      (opts.byCampaign ? fakeCampaigns(accountId) : [undefined]).map((campaign) => ({
        day,
        hour,
        campaign,
        m: campaign ? campaignMetrics(campaign.id, day, hour) : accountMetrics(accountId, day, hour),
      })),
    ),
  );
}

export interface KeyFake extends PlatformFake {
  route(method: string, path: string | RegExp, handler: FakeHandler): void;
  options: { pageSize: number };
}

/** A fake of an API-key platform (the key itself on every call): routes behind the key check. */
export async function startKeyFake(opts: { basePath: string; credential: Credential; authorized(req: RecordedRequest): boolean; unauthorized(req: RecordedRequest): FakeReply }): Promise<KeyFake> {
  const server = await startFakeServer();
  const guarded = guardedRoutes(server, opts.authorized, opts.unauthorized);
  return {
    server,
    baseUrl: `${server.url}${opts.basePath}`,
    credential: opts.credential,
    options: { pageSize: 100 },
    route(method, path, handler) {
      guarded(method, typeof path === "string" ? (path.startsWith("//") ? path.slice(1) : `${opts.basePath}${path}`) : path, handler);
    },
    close: () => server.close(),
  };
}
