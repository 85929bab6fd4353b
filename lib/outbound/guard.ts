// The outbound-address guard (decision 0840): the one way a tenant-supplied host or URL is reached.
// Every connection resolves the name once, checks every address against the policy (policy.ts),
// and connects to the address it checked, so a name that answers differently the second time (DNS
// rebinding) cannot move the connection. It comes in the shapes the drivers take: `resolve` for
// drivers that accept an IP (pg, mysql2), `connect` for a socket (tedious), http(s) agents for SDKs
// on node:http (AWS, Azure, Snowflake) and `fetch` for the engine's http client and the URL checker
// (undici with a guarded connector, so every redirect hop is checked again).
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Duplex } from "node:stream";
import { Agent as UndiciAgent, buildConnector, fetch as undiciFetch } from "undici";
import { getEnv } from "../env.js";
import { parseIpLiteral, unmapped, type IpAddress } from "./addresses.js";
import { allows, internalEndpoints, internalMatcher, isHostName, normalizeHost, parseAllowList, type InternalMatch, type OutboundPolicy } from "./policy.js";
import ipaddr from "ipaddr.js";

/** The code on every refusal; the engine recognises it (engine/core/outbound.ts) without importing lib. */
export const OUTBOUND_REFUSED = "EOUTBOUND_REFUSED";

/**
 * One message for every refused address, whatever the reason (private, metadata, the product's own
 * database): telling them apart would tell a tenant which internal port is which.
 */
export class OutboundRefusedError extends Error {
  readonly code = OUTBOUND_REFUSED;
  constructor(
    readonly host: string,
    message = `Signalpost does not connect to "${host}": private, loopback, link-local and internal addresses are not allowed.`,
  ) {
    super(message);
    this.name = "OutboundRefusedError";
  }
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export interface OutboundGuard {
  /** The address to connect to for host:port, after resolution and the policy; throws OutboundRefusedError. */
  resolve(host: string, port: number): Promise<CheckedAddress>;
  /** A TCP socket to host:port, connected to the checked address. */
  connect(target: { host: string; port: number; timeoutMs?: number; signal?: AbortSignal }): Promise<net.Socket>;
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;
  readonly fetch: typeof fetch;
  /** This guard, also letting exactly `host:port` through: a destination the operator set up (the demo warehouse). */
  trusting(hostPort: string): OutboundGuard;
}

export interface GuardOptions {
  policy: () => OutboundPolicy;
  /** Name resolution; tests give names only the guard can resolve, to prove drivers connect where it checked. */
  lookup?: (host: string) => Promise<IpAddress[]>;
}

async function systemLookup(host: string): Promise<IpAddress[]> {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((f) => ipaddr.parse(f.address));
}

const INTERNAL_TTL_MS = 60_000;

function hostPortKey(host: string, port: number): string {
  return `${normalizeHost(host)}|${port}`;
}

export function createOutboundGuard(options: GuardOptions, trusted: ReadonlySet<string> = new Set()): OutboundGuard {
  const lookup = options.lookup ?? systemLookup;
  let internal: { key: string; at: number; match: Promise<InternalMatch> } | undefined;

  function internalMatch(policy: OutboundPolicy): Promise<InternalMatch> {
    const key = JSON.stringify(policy.internal);
    if (!internal || internal.key !== key || Date.now() - internal.at > INTERNAL_TTL_MS)
      internal = { key, at: Date.now(), match: internalMatcher(policy.internal, lookup) };
    return internal.match;
  }

  async function resolve(rawHost: string, port: number): Promise<CheckedAddress> {
    const host = normalizeHost(rawHost);
    const literal = parseIpLiteral(host);
    if (!literal && !isHostName(host)) throw new OutboundRefusedError(rawHost, `"${rawHost}" is not a host name or an IP address.`);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new OutboundRefusedError(rawHost, `${port} is not a valid port.`);
    const addresses = literal ? [literal] : (await lookup(host)).map(unmapped);
    if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND", hostname: host });
    if (!trusted.has(hostPortKey(host, port))) {
      const policy = options.policy();
      const match = await internalMatch(policy);
      // Every address, not only the first: the socket layer may fall back to any of them.
      if (!addresses.every((address) => allows(policy, match, { host, port, address }))) throw new OutboundRefusedError(rawHost);
    }
    const chosen = addresses[0]!;
    return { address: chosen.toString(), family: chosen.kind() === "ipv6" ? 6 : 4 };
  }

  function connect(target: { host: string; port: number; timeoutMs?: number; signal?: AbortSignal }): Promise<net.Socket> {
    return resolve(target.host, target.port).then(
      ({ address }) =>
        new Promise<net.Socket>((done, fail) => {
          const socket = net.connect({ host: address, port: target.port, timeout: target.timeoutMs });
          const cleanup = () => {
            socket.removeListener("connect", onConnect);
            socket.removeListener("error", onError);
            socket.removeListener("timeout", onTimeout);
            target.signal?.removeEventListener("abort", onAbort);
          };
          const onConnect = () => {
            cleanup();
            socket.setTimeout(0);
            done(socket);
          };
          const onError = (error: Error) => {
            cleanup();
            socket.destroy();
            fail(error);
          };
          const onTimeout = () => onError(Object.assign(new Error(`connect ETIMEDOUT`), { code: "ETIMEDOUT" }));
          const onAbort = () => onError(target.signal!.reason instanceof Error ? target.signal!.reason : new Error("aborted"));
          socket.once("connect", onConnect);
          socket.once("error", onError);
          socket.once("timeout", onTimeout);
          target.signal?.addEventListener("abort", onAbort, { once: true });
        }),
    );
  }

  /** Agent.createConnection with a callback: resolve and check first, then connect to the checked address. */
  function guardedCreate(open: (options: http.ClientRequestArgs) => Duplex) {
    return (options: http.ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void): undefined => {
      const host = options.host ?? options.hostname ?? "localhost";
      const port = Number(options.port) || (options.protocol === "https:" ? 443 : 80);
      resolve(host, port).then(
        ({ address }) => {
          try {
            callback?.(null, open({ ...options, host: address, hostname: address, port }));
          } catch (error) {
            callback?.(error as Error, undefined as never);
          }
        },
        (error: Error) => callback?.(error, undefined as never),
      );
      return undefined;
    };
  }

  let httpAgent: http.Agent | undefined;
  let httpsAgent: https.Agent | undefined;
  let dispatcher: UndiciAgent | undefined;
  const connector = buildConnector({});

  const guardedFetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    dispatcher ??= new UndiciAgent({
      connect: (opts, callback) => {
        const port = Number(opts.port) || (opts.protocol === "https:" ? 443 : 80);
        // `host` stays the name: undici derives the TLS server name (SNI, certificate check) from it.
        resolve(opts.hostname, port).then(
          ({ address }) => connector({ ...opts, hostname: address }, callback),
          (error: Error) => callback(error, null),
        );
      },
    });
    return undiciFetch(input as never, { ...(init as object), dispatcher } as never);
  }) as unknown as typeof fetch;

  return {
    resolve,
    connect,
    get httpAgent() {
      if (!httpAgent) {
        const agent = new http.Agent({ keepAlive: true });
        agent.createConnection = guardedCreate((o) => net.createConnection(o as net.NetConnectOpts));
        httpAgent = agent;
      }
      return httpAgent;
    },
    get httpsAgent() {
      if (!httpsAgent) {
        const agent = new https.Agent({ keepAlive: true });
        // https.Agent's own createConnection keeps the TLS session cache and the server name Node
        // set from the original host (options.servername), so certificates are checked against it.
        const tlsCreate = https.Agent.prototype.createConnection.bind(agent);
        agent.createConnection = guardedCreate((o) => tlsCreate(o as https.RequestOptions) as Duplex);
        httpsAgent = agent;
      }
      return httpsAgent;
    },
    fetch: guardedFetch,
    trusting(hostPort: string) {
      const m = /^(.*):(\d+)$/.exec(hostPort.trim());
      if (!m) return this;
      return createOutboundGuard(options, new Set([...trusted, hostPortKey(m[1]!, Number(m[2]))]));
    },
  };
}

/** The policy the environment sets (read on every check, so tests can change it between cases). */
export function policyFromEnv(): OutboundPolicy {
  const env = getEnv();
  return { allowPrivate: env.OUTBOUND_ALLOW_PRIVATE, allow: parseAllowList(env.OUTBOUND_ALLOW), internal: internalEndpoints(env) };
}

let shared: OutboundGuard | undefined;

/** The process's guard: app and worker inject this into the engine (server/destination-endpoints.ts, server/source-context.ts). */
export function outboundGuard(): OutboundGuard {
  shared ??= createOutboundGuard({ policy: policyFromEnv });
  return shared;
}
