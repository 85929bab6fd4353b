// Server-side request forgery, replayed on every outbound path a tenant can aim (issue 15 item 1,
// decision 0840), with the outbound guard as an install ships it: no private networks, no
// allow-list. A canary listener counts connections, so "refused" means refused before connecting:
// without the guard the same requests reach it (or reach the product's own database).
import http from "node:http";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { withPgClient } from "../../db/pg-clients.js";
import { listUrlChecks } from "../../db/repositories/alerts.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { getDestination, listDestinations, readDestinationConfig, updateDestination } from "../../db/repositories/destinations.js";
import { seedDemo } from "../../server/seed/index.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";
import { getConnector } from "../../engine/connectors/registry.js";
import { describeTable } from "../../engine/destinations/columns.js";
import { configFrom } from "~/services/destinations.server";
import { openConfiguredDestination } from "../../server/destination-endpoints.js";
import { resetEnvCache } from "../../lib/env.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { createActivities } from "../../temporal/activities/index.js";
import { createTestDatabase } from "../support/database.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, settle } from "../support/requests.js";
import { activityDeps } from "../../temporal/activities/deps.js";

const NOT_ALLOWED = /^Signalpost does not connect to ".+": private, loopback, link-local and internal addresses are not allowed\.$/;

type Canary = { port: number; connections: number; requests: string[]; close: () => Promise<void> };

/** A TCP listener on every loopback address that counts connections and drops them at once. */
async function tcpCanary(): Promise<Canary> {
  const state = { connections: 0 };
  const server = net.createServer((socket) => {
    state.connections++;
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen({ port: 0, host: "::", ipv6Only: false }, r));
  return {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return state.connections;
    },
    requests: [],
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** An HTTP server: `internal` stands for an internal service that answers 200 (the Temporal UI of the report). */
async function httpServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Canary> {
  const state = { connections: 0 };
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    handler(req, res);
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((r) => server.listen({ port: 0, host: "::", ipv6Only: false }, r));
  return {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return state.connections;
    },
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

let db: DB;
let drop: () => Promise<void>;
let productUrl: URL;
let canary: Canary;
let internal: Canary;
let site: Canary;
let login: typeof import("~/routes/login");
let createRoute: typeof import("~/routes/_app.data-connector.destinations.new");
let editRoute: typeof import("~/routes/_app.data-connector.destinations.$id");
let credentialForm: typeof import("~/routes/$credentialForm");
const savedEnv = { ...process.env };

/** The outbound policy of the processes under test (the app's routes and the worker's activities run here). */
function policy(p: { allowPrivate?: boolean; allow?: string[] } = {}) {
  process.env.OUTBOUND_ALLOW_PRIVATE = p.allowPrivate ? "true" : "false";
  process.env.OUTBOUND_ALLOW = (p.allow ?? []).join(",");
  resetEnvCache();
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  productUrl = new URL(process.env.DATABASE_URL!);
  canary = await tcpCanary();
  internal = await httpServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<title>Temporal</title>"));
  site = await httpServer((req, res) => res.writeHead(302, { location: `http://127.0.0.1:${internal.port}${req.url}` }).end());
  login = await import("~/routes/login");
  createRoute = await import("~/routes/_app.data-connector.destinations.new");
  editRoute = await import("~/routes/_app.data-connector.destinations.$id");
  credentialForm = await import("~/routes/$credentialForm");
});

afterEach(() => policy());

afterAll(async () => {
  process.env = { ...savedEnv, DATABASE_URL: process.env.DATABASE_URL };
  resetEnvCache();
  await canary?.close();
  await internal?.close();
  await site?.close();
  await drop?.();
});

async function signedIn() {
  const { company, user, password } = await makeCompanyWithUser(db);
  const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} }));
  return { company, user, cookie: cookiesFrom(res) };
}
type Who = Awaited<ReturnType<typeof signedIn>>;

async function saveDestination(who: Who, fields: Record<string, string>, id?: number) {
  const res = id
    ? await settle(() => editRoute.action({ request: formPost(`/data-connector/destinations/${id}`, fields, { cookie: who.cookie }), params: { id: String(id) }, context: {} } as never) as Promise<Response>)
    : await settle(() => createRoute.action({ request: formPost("/data-connector/destinations/new", fields, { cookie: who.cookie }), params: {}, context: {} } as never) as Promise<Response>);
  const body = res.status === 302 ? undefined : ((await res.json()) as { checkError: string | null; result?: { error?: Record<string, string[]> } });
  return { status: res.status, checkError: body?.checkError ?? null, fieldErrors: body?.result?.error ?? {} };
}

/** The spellings of "this machine" an attacker tries; each at the given port. */
const loopbackSpellings = (port: number) => [
  `127.0.0.1:${port}`,
  `localhost:${port}`,
  `[::1]:${port}`,
  `[::ffff:127.0.0.1]:${port}`,
  `0.0.0.0:${port}`,
  `2130706433:${port}`,
  `0x7f.1:${port}`,
  `017700000001:${port}`,
  `127.1:${port}`,
];
const privateTargets = ["10.0.0.1:5432", "172.16.0.1:5432", "192.168.1.1:5432", "169.254.169.254:80", "[fd00::1]:5432", "100.64.0.1:5432", "[fe80::1]:5432"];

describe("destinations", () => {
  it("replay: a PostgreSQL destination at the product's own database is refused, by every spelling, with private networks off and on", async () => {
    const who = await signedIn();
    const port = Number(productUrl.port);
    for (const allowPrivate of [false, true]) {
      policy({ allowPrivate });
      for (const host of loopbackSpellings(port)) {
        const saved = await saveDestination(who, {
          type: "postgres",
          name: "Mine now",
          host,
          username: decodeURIComponent(productUrl.username),
          password: decodeURIComponent(productUrl.password),
          database: productUrl.pathname.slice(1),
        });
        expect({ host, allowPrivate, status: saved.status }).toEqual({ host, allowPrivate, status: 400 });
        expect(saved.checkError, host).toMatch(NOT_ALLOWED);
      }
    }
    expect(await listDestinations(db, who.company.id)).toEqual([]);
  });

  it("replay: a stored destination at the product's database cannot load into it (the worker's and the job editor's opener)", async () => {
    policy({ allowPrivate: true });
    const config = { host: `${productUrl.hostname}:${productUrl.port}`, username: decodeURIComponent(productUrl.username), password: decodeURIComponent(productUrl.password), database: productUrl.pathname.slice(1) };
    const table = describeTable({ name: "stolen_rows", fields: [{ name: "date", fieldType: "YEAR_MONTH_DAY" }], partitionColumns: ["date"] });
    const loader = await openConfiguredDestination("postgres", config);
    const err = await loader.prepare(table).then(() => undefined, (e: Error) => e);
    await loader.close();
    expect(err?.message).toMatch(NOT_ALLOWED);
    const { rowCount } = await withPgClient({ connectionString: process.env.DATABASE_URL }, (c) => c.query("select 1 from information_schema.tables where table_name = 'stolen_rows'"));
    expect(rowCount).toBe(0);
  });

  it("refuses the Temporal frontend as a destination host even on an allowed private network", async () => {
    const who = await signedIn();
    process.env.TEMPORAL_ADDRESS = inject("temporalAddress");
    policy({ allowPrivate: true });
    try {
      const saved = await saveDestination(who, { type: "postgres", name: "Temporal", host: inject("temporalAddress"), username: "u", password: "p", database: "d" });
      expect(saved.status).toBe(400);
      expect(saved.checkError).toMatch(NOT_ALLOWED);
    } finally {
      delete process.env.TEMPORAL_ADDRESS;
    }
  });

  it("refuses loopback, private, link-local, unique-local, CGNAT and metadata hosts for every SQL type, before connecting", async () => {
    policy();
    const who = await signedIn();
    const before = canary.connections;
    const hostFor = (type: string, target: string) => (type === "snowflake" ? `https://${target}` : target);
    for (const type of ["postgres", "redshift", "mysql", "azure_sql", "snowflake"]) {
      // Snowflake's form takes an account URL: an IPv4-mapped IPv6 host is not one (refused by the form itself).
      const spellings = loopbackSpellings(canary.port).filter((t) => type !== "snowflake" || !t.includes("::ffff"));
      const targets = type === "postgres" ? [...spellings, ...privateTargets] : spellings;
      for (const target of targets) {
        const saved = await saveDestination(who, { type, name: "Probe", host: hostFor(type, target), username: "u", password: "p", database: type === "snowflake" ? "DB.SCHEMA" : "d" });
        expect({ type, target, status: saved.status }).toEqual({ type, target, status: 400 });
        expect(saved.checkError, `${type} ${target}`).toMatch(NOT_ALLOWED);
      }
    }
    expect(canary.connections).toBe(before);
    expect(await listDestinations(db, who.company.id)).toEqual([]);
  });

  it("refuses an Azure Blob connection string whose BlobEndpoint is internal or the metadata service", async () => {
    policy();
    const who = await signedIn();
    const before = canary.connections;
    const key = Buffer.from("k".repeat(32)).toString("base64");
    for (const endpoint of [`http://127.0.0.1:${canary.port}/acct`, `http://[::1]:${canary.port}/acct`, "http://169.254.169.254/acct"]) {
      const saved = await saveDestination(who, { type: "azure_blob_storage", name: "Blob", bucketId: "exports", connectionString: `DefaultEndpointsProtocol=http;AccountName=acct;AccountKey=${key};BlobEndpoint=${endpoint};` });
      expect(saved.status, endpoint).toBe(400);
      expect(saved.checkError, endpoint).toMatch(NOT_ALLOWED);
    }
    expect(canary.connections).toBe(before);
  });

  it("the operator-only approval of the demo warehouse cannot be posted, and holds only for its exact host", async () => {
    policy();
    expect(configFrom("postgres", { host: "127.0.0.1:1", username: "u", password: "p", database: "d", approvedHost: "127.0.0.1:1", endpoint: "http://127.0.0.1:1" })).toEqual({ host: "127.0.0.1:1", username: "u", password: "p", database: "d" });
    const { config } = await createDestinationDatabase(`approved_${process.pid}`);
    const approved = { ...config, approvedHost: config.host };
    const open = await openConfiguredDestination("postgres", approved);
    await open.check();
    await open.close();
    const moved = await openConfiguredDestination("postgres", { ...approved, host: config.host.replace("127.0.0.1", "localhost") });
    expect(await moved.check().then(() => undefined, (e: Error) => e.message)).toMatch(NOT_ALLOWED);
    await moved.close();
  });
});

describe("the demo warehouse", () => {
  it("is reached with a login of its own that cannot read the product's tables, through the operator's approval of its exact host", async () => {
    policy();
    await seedDemo(db);
    const company = await db.selectFrom("companies").select("id").where("name", "=", "Demo Agency").executeTakeFirstOrThrow();
    const demo = (await listDestinations(db, company.id)).find((d) => d.name === "Demo warehouse")!;
    const config = readDestinationConfig(demo);
    expect(config.username).not.toBe(decodeURIComponent(productUrl.username));
    expect(config.password).not.toBe(decodeURIComponent(productUrl.password));
    expect(config.approvedHost).toBe(config.host);
    const loader = await openConfiguredDestination("postgres", config);
    await loader.check();
    await loader.close();
    // Its login opens the product's database at most; it reads nothing there.
    const asWarehouse = new URL(productUrl);
    asWarehouse.username = encodeURIComponent(config.username!);
    asWarehouse.password = encodeURIComponent(config.password!);
    const denied = await withPgClient({ connectionString: asWarehouse.toString() }, (c) => c.query("select * from users")).then(
      () => undefined,
      (e: { code?: string }) => e.code,
    );
    expect(denied).toBe("42501");

    // An install seeded before kept the product's own login in it: the next start moves it.
    await updateDestination(db, company.id, demo.id, { name: demo.name, type: "postgres", config: { host: config.host, username: decodeURIComponent(productUrl.username), password: decodeURIComponent(productUrl.password), database: config.database } });
    await seedDemo(db);
    const moved = readDestinationConfig((await getDestination(db, company.id, demo.id))!);
    expect(moved.username).toBe(config.username);
    expect(moved.approvedHost).toBe(config.host);
  });
});

describe("destination edits", () => {
  it("replay: changing the host, user or database with the password left empty sends nothing and saves nothing", async () => {
    const who = await signedIn();
    const { config } = await createDestinationDatabase(`edit_${process.pid}`);
    // The tests' PostgreSQL and the canary are both reachable here: only the rule stops the password.
    policy({ allow: [config.host, `127.0.0.1:${canary.port}`] });
    const created = await saveDestination(who, { type: "postgres", name: "Warehouse", ...config });
    expect(created.status).toBe(302);
    const [destination] = await listDestinations(db, who.company.id);
    const stored = readDestinationConfig(destination!);
    const before = canary.connections;

    const changes: Record<string, string>[] = [{ host: `127.0.0.1:${canary.port}` }, { username: "someone_else" }, { database: "postgres" }];
    for (const change of changes) {
      const edit = await saveDestination(who, { type: "postgres", name: "Warehouse", ...config, password: "", ...change }, destination!.id);
      expect({ change, status: edit.status }).toEqual({ change, status: 400 });
      expect(edit.fieldErrors.password?.[0]).toMatch(/^Enter the password again: you changed the /);
      expect(readDestinationConfig((await getDestination(db, who.company.id, destination!.id))!)).toEqual(stored);
    }
    expect(canary.connections).toBe(before);

    // Renaming keeps the password; it is checked against the same server only.
    const renamed = await saveDestination(who, { type: "postgres", name: "Renamed", ...config, password: "" }, destination!.id);
    expect(renamed.status).toBe(302);
    expect(readDestinationConfig((await getDestination(db, who.company.id, destination!.id))!).password).toBe(config.password);
  });
});

describe("connectors: store and site URLs", () => {
  it("refuses a credential form whose store URL is internal, for every platform with a tenant host, before connecting", async () => {
    policy();
    const who = await signedIn();
    const before = canary.connections;
    const forms: Record<string, Record<string, string>> = {
      woocommerce: { storeUrl: "URL", consumerKey: "ck", consumerSecret: "cs" },
      magento: { storeUrl: "URL", consumerKey: "a", consumerSecret: "b", accessToken: "c", accessTokenSecret: "d" },
      prestashop: { storeUrl: "URL", consumerKey: "k" },
      matomo: { url: "URL", consumerKey: "k" },
      "active-campaign": { url: "URL", consumerKey: "k" },
      piwik: { domain: "URL", clientId: "i", clientSecret: "s" },
    };
    for (const [platform, fields] of Object.entries(forms)) {
      for (const url of [`https://127.0.0.1:${canary.port}`, `https://[::ffff:127.0.0.1]:${canary.port}`, `https://2130706433:${canary.port}`, "https://169.254.169.254"]) {
        const values = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === "URL" ? url : v]));
        const res = await settle(() => credentialForm.action({ request: formPost(`/${platform}`, values, { cookie: who.cookie }), params: { credentialForm: platform }, context: {} }));
        const body = (await res.json()) as { failure: { text: string; kind: string } | null };
        expect({ platform, url, status: res.status, kind: body.failure?.kind }).toEqual({ platform, url, status: 400, kind: "unreachable" });
        // The guard's sentence leads the screen's text (issue 19 words the rest: nothing was saved).
        expect(body.failure?.text.split(" Check the address")[0], `${platform} ${url}`).toMatch(NOT_ALLOWED);
      }
    }
    expect(canary.connections).toBe(before);
  });

  it("the worker's and app's source contexts refuse a site on an internal address, and a redirect to one from an allowed host", async () => {
    const { company, user } = await makeCompanyWithUser(db);
    const website = getConnector("website");
    const today = new Date().toISOString().slice(0, 10);
    const readSite = async (url: string, env?: Record<string, string>) => {
      const source = await createNetworkAuthorization(db, company.id, { name: "Site", platform: "website", credential: { type: "api-key", key: "void", options: { url } }, createdById: user.id });
      const ctx = connectorContextForSource(db, company.id, source, website, env ? { env: { ...process.env, ...env } } : {});
      const [account] = await website.listAccounts(ctx);
      try {
        for await (const page of website.read(ctx, { accounts: [account!], fields: ["url", "status_code"], range: { start: today, end: today }, report: "availability" } as never)) void page;
        return "read";
      } catch (error) {
        return (error as Error).message;
      }
    };
    policy();
    const before = canary.connections;
    expect(await readSite(`https://127.0.0.1:${canary.port}/`)).toMatch(NOT_ALLOWED);
    expect(await readSite(`https://[::1]:${canary.port}/`)).toMatch(NOT_ALLOWED);
    expect(canary.connections).toBe(before);

    // The operator's base URL (allowed explicitly) answers with a redirect to an internal service.
    policy({ allow: [`127.0.0.1:${site.port}`] });
    const internalBefore = internal.requests.length;
    expect(await readSite("https://shop.example.com/", { WEBSITE_BASE_URL: `http://127.0.0.1:${site.port}` })).toMatch(NOT_ALLOWED);
    expect(site.requests.length).toBeGreaterThan(0);
    expect(internal.requests.length).toBe(internalBefore);
  });
});

describe("the URL checker", () => {
  async function checkLandingPages(landingBaseUrl: string): Promise<(number | null)[]> {
    const { company, user } = await makeCompanyWithUser(db, { activateAlert: true });
    const source = await createNetworkAuthorization(db, company.id, { name: "Demo", platform: "demo", credential: { type: "api-key", key: "demo", options: { landingBaseUrl } }, createdById: user.id });
    const a = DEMO_ACCOUNTS[0]!;
    const ds = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: a.id, name: a.name, timezone: a.timezone, currency: a.currency, activateAlert: true });
    const activities = createActivities(activityDeps({ db }));
    await activities.checkAdUrls({ companyId: company.id, dataSourceIds: [ds.id], timeoutMs: 5_000 } as never);
    const checks = await listUrlChecks(db, company.id, ds.id);
    expect(checks.length).toBeGreaterThan(0);
    return checks.map((c) => c.lastStatus);
  }

  it("replay: landing pages on an internal service are not fetched (no 200 for the Temporal UI), directly or through a redirect", async () => {
    const before = internal.requests.length;
    policy();
    expect(new Set(await checkLandingPages(`http://127.0.0.1:${internal.port}`))).toEqual(new Set([null]));
    expect(new Set(await checkLandingPages(`http://[::ffff:7f00:1]:${internal.port}`))).toEqual(new Set([null]));
    // An allowed site redirecting every page to the internal service.
    policy({ allow: [`127.0.0.1:${site.port}`] });
    expect(new Set(await checkLandingPages(`http://127.0.0.1:${site.port}`))).toEqual(new Set([null]));
    expect(internal.requests.length).toBe(before);
  });

  it("refuses the Temporal UI's address even when private networks are allowed (self-hosted)", async () => {
    process.env.TEMPORAL_UI_URL = `http://127.0.0.1:${internal.port}`;
    policy({ allowPrivate: true });
    const before = internal.requests.length;
    try {
      expect(new Set(await checkLandingPages(`http://localhost:${internal.port}`))).toEqual(new Set([null]));
    } finally {
      delete process.env.TEMPORAL_UI_URL;
    }
    expect(internal.requests.length).toBe(before);
  });
});
