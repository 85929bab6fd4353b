// The pieces every OAuth 2.0 ads platform fake shares (Pinterest, Snapchat, Reddit, Quora,
// Spotify, DV360, CM360, SA360, Ad Manager): a server with the platform's token endpoint, API
// routes behind its Bearer check, deterministic campaigns and hour-by-hour metrics (a day is the
// sum of its hours), and the PlatformFake shape the behaviour suite and contract fixtures use.
import type { AppCredentials, Credential } from "../../../engine/core/types.js";
import { dayMetrics, daysBetween, hourMetrics, sumMetrics, type HourMetrics } from "./ads-metrics.js";
import type { PlatformFake } from "./behaviours.js";
import { startFakeServer, type FakeHandler, type FakeReply, type RecordedRequest } from "./fake-server.js";
import { mountOAuth2, type FakeOAuth2 } from "./oauth2.js";
import { guardedRoutes } from "./platform-fake.js";

export interface AdsFakeOptions {
  /** Short prefix of the fixture secrets, e.g. "pin". */
  name: string;
  /** Path of the API under the fake's origin, e.g. "/v5"; the connector's base URL override. */
  basePath: string;
  tokenPath: string;
  clientAuth?: "body" | "basic";
  rotateRefreshToken?: boolean;
  /** The platform's own answer to a missing or expired token. */
  unauthorized(req: RecordedRequest): FakeReply;
}

export interface AdsFake extends PlatformFake {
  oauth: FakeOAuth2;
  /** Registers a route behind the Bearer check; `path` is relative to basePath unless it starts with "//". */
  route(method: string, path: string | RegExp, handler: FakeHandler): void;
  /** Rows per page of listings and reports (tests lower it to force pagination). */
  options: { pageSize: number };
}

export async function startAdsFake(opts: AdsFakeOptions): Promise<AdsFake> {
  const server = await startFakeServer();
  const { app: client, accessToken, refreshToken, credential } = adsFakeSecrets(opts.name);
  const oauth = mountOAuth2(server, {
    path: opts.tokenPath,
    clientId: client.clientId!,
    clientSecret: client.clientSecret!,
    accessToken,
    refreshToken,
    clientAuth: opts.clientAuth,
    rotateRefreshToken: opts.rotateRefreshToken,
  });
  const guarded = guardedRoutes(server, (req) => oauth.bearer(req) !== undefined, opts.unauthorized);
  return {
    server,
    oauth,
    baseUrl: `${server.url}${opts.basePath}`,
    credential,
    app: client,
    options: { pageSize: 100 },
    route(method, path, handler) {
      const full = typeof path === "string" ? (path.startsWith("//") ? path.slice(1) : `${opts.basePath}${path}`) : path;
      guarded(method, full, handler);
    },
    close: () => server.close(),
  };
}

/** The fixture credential and OAuth app of a fake named `name` (contract fixtures need them without a server). */
export function adsFakeSecrets(name: string): { app: AppCredentials & { clientId: string; clientSecret: string }; accessToken: string; refreshToken: string; credential: Credential } {
  const accessToken = `${name}-access-token-0001`;
  const refreshToken = `${name}-refresh-token-0001`;
  return {
    app: { clientId: `${name}-client-id-0001`, clientSecret: `${name}-client-secret-0001` },
    accessToken,
    refreshToken,
    credential: { type: "oauth2", accessToken, refreshToken, expiresAt: "2099-01-01T00:00:00Z" },
  };
}

/** Fake accounts have data from this day on; earlier ranges are the "empty" case. */
export const FIRST_DAY = "2024-01-01";

/** The days of a range that hold data. */
export const activeDays = (start: string, end: string): string[] => daysBetween(start, end).filter((d) => d >= FIRST_DAY);

export interface FakeCampaign {
  id: string;
  name: string;
  status: string;
}

/** Three campaigns per account, the last one paused. */
export function fakeCampaigns(accountId: string): FakeCampaign[] {
  return [
    { id: `${accountId}01`, name: "Brand awareness", status: "ACTIVE" },
    { id: `${accountId}02`, name: "Spring sale", status: "ACTIVE" },
    { id: `${accountId}03`, name: "Retargeting", status: "PAUSED" },
  ];
}

/** Metrics of one campaign on one day, or one hour of it. */
export function campaignMetrics(campaignId: string, date: string, hour?: number): HourMetrics {
  return hour === undefined ? dayMetrics(campaignId, date) : hourMetrics(campaignId, date, hour);
}

/** An account's metrics on a day: the sum of its campaigns. */
export function accountMetrics(accountId: string, date: string, hour?: number): HourMetrics {
  return sumMetrics(fakeCampaigns(accountId).map((c) => campaignMetrics(c.id, date, hour)));
}

/** Items of one page given an offset/limit or a numeric cursor, and the next offset. */
export function offsetPage<T>(items: readonly T[], offset: number, size: number): { items: T[]; next?: number } {
  const page = items.slice(offset, offset + size);
  return { items: page, next: offset + size < items.length ? offset + size : undefined };
}

export { daysBetween };

/** Google's canonical error envelope (https://cloud.google.com/apis/design/errors). */
export const googleStatus = (status: number, canonical: string, message: string): FakeReply => ({ status, json: { error: { code: status, message, status: canonical } } });
export const GOOGLE_UNAUTHENTICATED = googleStatus(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token.");

/** A CSV line, quoting what needs it. */
export const csvLine = (cells: readonly (string | number)[]): string => cells.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(",");
