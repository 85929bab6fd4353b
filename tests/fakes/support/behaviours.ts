// The behaviour tests of the engine issue (single page, pagination, empty, 401 -> config,
// 429 -> retried, 5xx -> retried, token refresh, accounts) as one table-driven suite, so a
// connector's test file only says what its fake holds and what rows it expects. Each case starts
// a fresh fake. engine/coverage.ts reads the keys given to behaviourSuite as the tested behaviours.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ContractFixture, RunningFake } from "../../../engine/connectors/contract-fixture.js";
import { createConnectorContext } from "../../../engine/core/context.js";
import { collectRows } from "../../../engine/core/pages.js";
import type { Account, AppCredentials, Connector, ConnectorContext, Credential, ReadRequest, Row } from "../../../engine/core/types.js";
import { replies, type FakeReply, type FakeServer, type RecordedRequest } from "./fake-server.js";
import type { FakeOAuth2 } from "./oauth2.js";

/** What a platform fake hands its tests. */
export interface PlatformFake {
  server: FakeServer;
  /** The connector's base URL override. */
  baseUrl: string;
  credential: Credential;
  app?: AppCredentials;
  /** The fake's OAuth 2.0 token endpoint, for platforms that refresh tokens. */
  oauth?: FakeOAuth2;
  close(): Promise<void>;
}

export interface BehaviourRead extends Omit<ReadRequest, "accounts"> {
  /** Defaults to every account listAccounts returns. */
  accounts?: string[];
}

export interface BehaviourSpec<F extends PlatformFake> {
  connector: Connector;
  start(): Promise<F>;
  /** The path (or pattern) of the requests that fetch the read's data. */
  dataPath: string | RegExp;
  /** Narrows dataPath when account listing uses the same path (e.g. with no date filter). */
  isDataRequest?(req: RecordedRequest): boolean;
  /** A read answered by one page of data. */
  read: BehaviourRead;
  /** The platform's own answer to a bad credential. */
  unauthorized: FakeReply;
  rateLimited?: FakeReply;
  serverError?: FakeReply;
  listAccounts(accounts: Account[], fake: F): void;
  singlePage(rows: Row[], fake: F): void;
  pagination: { read: Partial<BehaviourRead>; pages: number; check?(rows: Row[], fake: F): void };
  empty: { read: Partial<BehaviourRead> };
  /** Present for OAuth 2.0 platforms: an expired token is refreshed, persisted and the read retried. */
  tokenRefresh?: true;
  /** Extra platform-specific cases, run with the same fresh fake. */
  more?: Record<string, (env: BehaviourEnv<F>) => Promise<void>>;
}

export interface BehaviourEnv<F extends PlatformFake> {
  fake: F;
  ctx(credential?: Credential): ConnectorContext;
  refreshed: Credential[];
  read(req?: Partial<BehaviourRead>, ctx?: ConnectorContext, beforeRead?: () => void): Promise<Row[]>;
  dataRequests(): number;
}

export function behaviourSuite<F extends PlatformFake>(spec: BehaviourSpec<F>): void {
  const { connector } = spec;
  describe(`${connector.id} behaviours against its fake`, () => {
    let env: BehaviourEnv<F>;
    beforeEach(async () => {
      const fake = await spec.start();
      const refreshed: Credential[] = [];
      const ctx = (credential = fake.credential) =>
        createConnectorContext(connector, {
          credential,
          app: fake.app,
          baseUrl: fake.baseUrl,
          tokenUrl: fake.oauth?.tokenUrl,
          retry: { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 5 },
          onCredentialRefreshed: async (c) => {
            refreshed.push(c);
          },
        });
      env = {
        fake,
        ctx,
        refreshed,
        async read(req = {}, context = ctx(), beforeRead?: () => void) {
          const { accounts: ids, ...rest } = { ...spec.read, ...req };
          const all = await connector.listAccounts(context);
          const accounts = ids ? all.filter((a) => ids.includes(a.id)) : all;
          // Failures are scripted after the account listing, so they hit the data requests.
          beforeRead?.();
          return collectRows(connector.read(context, { ...rest, accounts }));
        },
        dataRequests: () => fake.server.requestsTo(spec.dataPath).filter((r) => spec.isDataRequest?.(r) ?? true).length,
      };
    });
    afterEach(async () => {
      await env.fake.close();
    });

    it("lists accounts", async () => {
      spec.listAccounts(await connector.listAccounts(env.ctx()), env.fake);
    });
    it("checks the credential", async () => {
      await expect(connector.check(env.ctx())).resolves.toMatchObject({ ok: true });
    });
    it("reads a single page", async () => {
      const rows = await env.read();
      expect(env.dataRequests(), "one data request").toBe(1);
      spec.singlePage(rows, env.fake);
    });
    it(`follows pagination over ${spec.pagination.pages} pages`, async () => {
      const rows = await env.read(spec.pagination.read);
      expect(env.dataRequests(), "data requests").toBe(spec.pagination.pages);
      spec.pagination.check?.(rows, env.fake);
    });
    it("returns no rows for an empty range", async () => {
      expect(await env.read(spec.empty.read)).toEqual([]);
    });
    it("maps a 401 to a config error asking to reconnect", async () => {
      // Twice: an OAuth 2.0 connector refreshes once and retries before giving up.
      const error = await env.read({}, env.ctx(), () => env.fake.server.once("*", spec.dataPath, spec.unauthorized).once("*", spec.dataPath, spec.unauthorized)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ kind: "config", status: 401, platform: connector.id });
      expect(String((error as Error).message)).toMatch(/reconnect/i);
    });
    it("retries a 429 with Retry-After, then succeeds", async () => {
      const baseline = await env.read();
      const before = env.dataRequests();
      expect(await env.read({}, env.ctx(), () => env.fake.server.once("*", spec.dataPath, spec.rateLimited ?? replies.rateLimited(1)))).toEqual(baseline);
      expect(env.dataRequests() - before).toBe(before + 1);
    });
    it("retries a 5xx, then succeeds", async () => {
      const baseline = await env.read();
      const before = env.dataRequests();
      expect(await env.read({}, env.ctx(), () => env.fake.server.once("*", spec.dataPath, spec.serverError ?? replies.serverError(503)))).toEqual(baseline);
      expect(env.dataRequests() - before).toBe(before + 1);
    });
    if (spec.tokenRefresh) {
      it("refreshes an expired access token, persists it and retries", async () => {
        const baseline = await env.read();
        env.fake.oauth!.expireAccessTokens();
        expect(await env.read()).toEqual(baseline);
        expect(env.fake.oauth!.refreshes).toBe(1);
        expect(env.refreshed).toHaveLength(1);
        expect(env.refreshed[0]).toMatchObject({ type: "oauth2", accessToken: expect.stringContaining("refreshed") });
      });
    }
    for (const [name, run] of Object.entries(spec.more ?? {})) it(name, () => run(env));
  });
}

/** The contract fixture of a connector whose fake follows PlatformFake. */
export function contractOf<F extends PlatformFake>(platform: string, start: () => Promise<F>, read: ContractFixture["read"], sample: Pick<PlatformFake, "credential" | "app">): ContractFixture {
  return {
    platform,
    credential: sample.credential,
    app: sample.app,
    read,
    startFake: async (): Promise<RunningFake> => {
      const fake = await start();
      return { baseUrl: fake.baseUrl, tokenUrl: fake.oauth?.tokenUrl, close: fake.close };
    },
  };
}
