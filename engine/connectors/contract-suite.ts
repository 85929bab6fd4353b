// The checks every connector keeps (decision 0105), for one connector and its folder's contract
// fixture. engine/contract.test.ts runs them for every registered connector; engine/one-folder.test.ts
// for a connector that exists only as a folder in a copy of the engine. Test-only: imports vitest.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DateTime } from "luxon";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeServer, type FakeServer } from "../../tests/fakes/support/fake-server.js";
import { createConnectorContext } from "../core/context.js";
import { memoryLogger } from "../core/logger.js";
import { secretsOf } from "../core/redact.js";
import { AGGREGATIONS, FIELD_TYPES, type Connector, type FieldDef } from "../core/types.js";
import type { ContractFixture, RunningFake } from "./contract-fixture.js";

/** Every <folder>/contract.ts of a connectors directory, by platform. */
export async function loadContractFixtures(connectorsDir: string): Promise<Map<string, ContractFixture>> {
  const fixtures = new Map<string, ContractFixture>();
  for (const entry of readdirSync(connectorsDir, { withFileTypes: true })) {
    const file = join(connectorsDir, entry.name, "contract.ts");
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as { contract?: ContractFixture };
    if (module.contract) fixtures.set(module.contract.platform, module.contract);
  }
  return fixtures;
}

async function reportsOf(connector: Connector): Promise<(string | undefined)[]> {
  const reports = await connector.listReports();
  return reports.length === 0 ? [undefined] : reports.map((r) => r.id);
}

/**
 * A report's fields in batches that each respect the connector's compatibility rules: every field
 * is in exactly one batch, added to the first batch that still accepts it.
 */
export async function compatibleBatches(connector: Connector, report: string | undefined): Promise<string[][]> {
  const fields = (await connector.listFields(undefined, { report })).map((f) => f.id);
  const batches: string[][] = [];
  for (const field of fields) {
    let placed = false;
    for (const batch of batches) {
      const refused = (await connector.incompatibleFields?.(undefined, { report, selected: batch })) ?? [];
      if (refused.some((r) => r.fieldId === field)) continue;
      batch.push(field);
      placed = true;
      break;
    }
    if (!placed) batches.push([field]);
  }
  return batches;
}

function isValidZone(zone: string): boolean {
  return DateTime.local().setZone(zone).isValid;
}

/** Registers the contract's it() blocks for one connector (call inside a describe). */
export function contractSuite(connector: Connector, fixture: ContractFixture | undefined): void {
  let fake: RunningFake | undefined;

  beforeAll(async () => {
    fake = await fixture?.startFake?.();
  });
  afterAll(async () => {
    await fake?.close();
  });

  const context = (log = memoryLogger()) =>
    createConnectorContext(connector, {
      credential: fixture!.credential,
      app: fixture!.app,
      baseUrl: fake?.baseUrl,
      tokenUrl: fake?.tokenUrl,
      log,
      retry: { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 10 },
    });

  it("declares its timezone, currency, restatement window and hosts", () => {
    if (connector.timezone !== "account") expect(isValidZone(connector.timezone.fixed)).toBe(true);
    if (typeof connector.currency === "object") expect(connector.currency.fixed).toMatch(/^[A-Z]{3}$/);
    expect(Number.isInteger(connector.restatementDays) && connector.restatementDays >= 0).toBe(true);
    expect(connector.allowedHosts.length).toBeGreaterThan(0);
  });

  it("allows the host of its default base URL", () => {
    const host = new URL(connector.defaultBaseUrl).hostname;
    const covered = connector.allowedHosts.some((h) => (h.startsWith("*.") ? host.endsWith(h.slice(1)) : h === host));
    expect(covered, `${host} not in ${connector.allowedHosts.join(", ")}`).toBe(true);
    if (connector.oauth2) {
      const tokenHost = new URL(connector.oauth2.tokenUrl).hostname;
      expect(connector.allowedHosts.some((h) => (h.startsWith("*.") ? tokenHost.endsWith(h.slice(1)) : h === tokenHost)), tokenHost).toBe(true);
    }
  });

  it("declares fields with unique ids, valid kinds, types and aggregations", async () => {
    for (const report of await reportsOf(connector)) {
      const fields = await connector.listFields(undefined, { report });
      expect(fields.length, `report ${report}`).toBeGreaterThan(0);
      const ids = fields.map((f) => f.id);
      expect(new Set(ids).size, `duplicate ids in report ${report}`).toBe(ids.length);
      for (const field of fields) {
        expect(field.id).toMatch(/^[a-z0-9_.:]+$/i);
        expect(field.name.length).toBeGreaterThan(0);
        expect(["metric", "dimension"]).toContain(field.type);
        expect(FIELD_TYPES, field.id).toContain(field.fieldType);
        expect(AGGREGATIONS, field.id).toContain(field.aggregation);
        if (field.type === "metric") expect(field.aggregation, field.id).not.toBe("NONE");
      }
    }
  });

  it("declares well-formed reports and config fields", async () => {
    const reports = await connector.listReports();
    expect(new Set(reports.map((r) => r.id)).size).toBe(reports.length);
    for (const report of reports) expect(report.id && report.name, JSON.stringify(report)).toBeTruthy();
    for (const field of await connector.listConfigFields()) {
      expect(["checkbox", "multiple", "text"], field.id).toContain(field.type);
      expect(field.name.length, field.id).toBeGreaterThan(0);
      for (const v of field.values) expect(typeof v.value === "string" && typeof v.label === "string", field.id).toBe(true);
      if (field.type === "multiple" && typeof field.default === "string" && field.default !== "" && field.values.length > 0) {
        expect(field.values.map((v) => v.value), `${field.id} default`).toContain(field.default);
      }
    }
  });

  it("offers a report config field matching its reports", async () => {
    const reports = await connector.listReports();
    if (reports.length <= 1) return;
    const config = (await connector.listConfigFields()).find((f) => f.id === "report");
    expect(config, "a config field with id report").toBeDefined();
    expect(config!.values.map((v) => v.value).sort()).toEqual(reports.map((r) => r.id).sort());
  });

  it("checks its fixture credential, lists accounts and reads only declared fields", async () => {
    const ctx = context();
    await expect(connector.check(ctx)).resolves.toMatchObject({ ok: true });
    const accounts = await connector.listAccounts(ctx);
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) {
      expect(account.id).toBeTruthy();
      expect(isValidZone(account.timezone), `${account.id} timezone ${account.timezone}`).toBe(true);
      expect(account.currency).toMatch(/^[A-Z]{3}$/);
    }
    const read = fixture!.read;
    const declared: FieldDef[] = await connector.listFields(ctx, { report: read.report });
    // Every field of the report, or as many as the platform's compatibility rules let one read carry.
    const fields = read.fields ?? (connector.incompatibleFields ? (await compatibleBatches(connector, read.report))[0] : declared.map((f) => f.id));
    // By default, every account a read can succeed on: disabled or cancelled ones may rightly fail.
    const readable = accounts.filter((a) => !a.status || /^(active|enabled)$/i.test(a.status));
    const chosen = read.accounts ? accounts.filter((a) => read.accounts!.includes(a.id)) : readable;
    expect(chosen.length, "accounts to read").toBeGreaterThan(0);
    let rows = 0;
    const requested = new Set(fields);
    const problems = new Set<string>();
    for await (const page of connector.read(ctx, {
      accounts: chosen,
      fields,
      range: read.range,
      granularity: read.granularity,
      options: read.report ? { report: read.report } : undefined,
    })) {
      for (const row of page.rows) {
        rows += 1;
        // Collected, not asserted per cell: thousands of expect() calls would dominate the run.
        for (const [key, value] of Object.entries(row)) {
          if (!requested.has(key)) problems.add(`undeclared field ${key}`);
          if (!(value === null || ["string", "number", "boolean"].includes(typeof value))) problems.add(`${key} has a ${typeof value} value`);
        }
      }
    }
    expect([...problems]).toEqual([]);
    expect(rows, "the fixture read returns rows").toBeGreaterThan(0);
  });

  if (fixture?.everyField) {
    it("answers every field of every report from its fake", async () => {
      const ctx = context();
      const every = fixture.everyField!;
      const accounts = await connector.listAccounts(ctx);
      const wanted = every.accounts ?? fixture.read.accounts;
      const chosen = wanted ? accounts.filter((a) => wanted.includes(a.id)) : accounts.filter((a) => !a.status || /^(active|enabled)$/i.test(a.status)).slice(0, 1);
      expect(chosen.length, "accounts to read").toBeGreaterThan(0);
      const problems: string[] = [];
      for (const report of await reportsOf(connector)) {
        for (const fields of await compatibleBatches(connector, report)) {
          const seen = new Set<string>();
          let rows = 0;
          for await (const page of connector.read(ctx, { accounts: chosen, fields, range: every.range, options: report ? { report } : undefined })) {
            for (const row of page.rows) {
              rows += 1;
              for (const key of Object.keys(row)) seen.add(key);
            }
          }
          if (rows === 0) problems.push(`${report}: no rows for ${fields.join(",")}`);
          const missing = fields.filter((f) => !seen.has(f));
          if (rows > 0 && missing.length > 0) problems.push(`${report}: rows without ${missing.join(",")}`);
        }
      }
      expect(problems).toEqual([]);
    }, 300_000);
  }

  it("never writes its credential into log lines or errors", async () => {
    const echo: FakeServer = await startFakeServer();
    try {
      // The echo answers 400 with everything it received, as careless platforms do.
      echo.route("*", /.*/, (req) => ({
        status: 400,
        json: { error: "bad request", headers: req.headers, query: Object.fromEntries(req.query), body: req.body },
      }));
      const log = memoryLogger();
      const ctx = createConnectorContext(connector, {
        credential: fixture!.credential,
        app: fixture!.app,
        baseUrl: echo.url,
        tokenUrl: `${echo.url}/token`,
        log,
        retry: { retries: 0 },
      });
      const error = await ctx.http.request({ url: "/echo", query: { probe: "1" } }).catch((e: unknown) => e);
      ctx.log?.info("connector log line", { credential: fixture!.credential, app: fixture!.app });
      const secrets = secretsOf(fixture!.credential, fixture!.app ?? {});
      const output = JSON.stringify(log.lines) + JSON.stringify(error) + String((error as Error)?.message);
      expect(echo.requests.length, "the echo saw the authorized request").toBe(1);
      expect(log.lines.length).toBeGreaterThan(0);
      expect(secrets.length, "the fixture credential has a secret of 6+ characters to look for").toBeGreaterThan(0);
      for (const secret of secrets) expect(output.includes(secret), "a secret reached a log line or error").toBe(false);
    } finally {
      await echo.close();
    }
  });
}
