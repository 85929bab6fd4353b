// The BigQuery loader through Google's official client against tests/fakes/bigquery (REST API v2,
// the multipart upload endpoint and the service-account JWT exchange): the shared conformance
// suite, then what is BigQuery's own: partitioned tables, schema evolution, failures mid-run
// (HTTP 500s, failed jobs, a lost answer) retried without duplicates, refused credentials.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BigQueryLoader, type BigQueryConfig } from "../../engine/destinations/bigquery/loader.js";
import { openDestination } from "../../engine/destinations/registry.js";
import { outboundGuard } from "../../lib/outbound/guard.js";
import { DestinationError } from "../../engine/destinations/errors.js";
import { startFakeBigQuery, type FakeBigQuery } from "../fakes/bigquery/server.js";
import { demoRows, demoTable, destinationConformance, type StoredRow } from "../support/destination-conformance.js";

const PROJECT = "signalpost-test";
const DATASET = "marketing";
let fake: FakeBigQuery;
let jsonKey: string;

beforeAll(async () => {
  fake = await startFakeBigQuery();
  jsonKey = fake.createServiceAccount({ projectId: PROJECT });
  fake.createDataset(PROJECT, DATASET);
});
afterAll(async () => fake?.close());

const config = (overrides: Partial<BigQueryConfig> = {}): BigQueryConfig => ({
  projectId: PROJECT,
  datasetId: DATASET,
  jsonKey,
  endpoint: fake.url,
  tokenUrl: fake.tokenUrl,
  ...overrides,
});

/** A client of our own on the fake, as a user's tool would use it (the loader's is private). */
async function testClient() {
  const { BigQuery } = await import("@google-cloud/bigquery");
  const { JWT } = await import("google-auth-library");
  const key = JSON.parse(jsonKey) as { client_email: string; private_key: string };
  const auth = new JWT({ email: key.client_email, key: key.private_key, scopes: ["https://www.googleapis.com/auth/bigquery"] });
  auth.transporter.interceptors.request.add({
    resolved: async (o) => {
      if (String(o.url) === "https://oauth2.googleapis.com/token") o.url = new URL(fake.tokenUrl);
      return o;
    },
  });
  return new BigQuery({ projectId: PROJECT, apiEndpoint: fake.url, authClient: auth });
}

/** Reads the table back through tabledata.list. */
async function readRows(table: string): Promise<StoredRow[]> {
  const bq = await testClient();
  const [rows] = await bq.dataset(DATASET).table(table).getRows();
  return (rows as Array<Record<string, unknown>>).map((r) => ({
    account: r._account_id as string,
    date: (r.date as { value: string } | null)?.value ?? (r.date as string),
    campaign: r.campaign as string,
    clicks: r.clicks as number,
    cost: r.cost as number,
    extra: (r.extra as string | null | undefined) ?? null,
  }));
}

const days = ["2024-03-01", "2024-03-02", "2024-03-03"];
const scope = (accountId: string, start = days[0]!, end = days[2]!) => ({ accountId, dateColumn: "date", range: { start, end } });
const total = (rows: StoredRow[], k: "clicks" | "cost") => Math.round(rows.reduce((s, r) => s + Number(r[k]), 0) * 100) / 100;
const unique = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;

destinationConformance("BigQuery (fake REST API v2)", {
  kind: "sql",
  open: async () => new BigQueryLoader(config()),
  openRefused: async () => new BigQueryLoader(config({ jsonKey: fake.createServiceAccount({ projectId: "someone-else" }) })),
  readRows: (t) => readRows(t),
});

describe("BigQuery loader", () => {
  it("opens through the registry from the destination form's fields and passes the check", async () => {
    const loader = await openDestination("big_query", { projectId: PROJECT, dataSetId: DATASET, jsonKey, endpoint: fake.url, tokenUrl: fake.tokenUrl }, { outbound: outboundGuard() });
    await loader.check();
    await loader.close();
    // The check exchanged a signed JWT for a token and ran a dry-run query.
    expect(fake.server.requestsTo("/token", "POST").length).toBeGreaterThan(0);
    const dry = fake.server.requestsTo(`/bigquery/v2/projects/${PROJECT}/jobs`, "POST").map((r) => r.json<{ configuration: { dryRun?: boolean } }>());
    expect(dry.some((j) => j.configuration.dryRun === true)).toBe(true);
  });

  it("answers a query job's results through jobs.getQueryResults", async () => {
    const bq = await testClient();
    const [job] = await bq.createQueryJob({ query: "SELECT 'ok' AS answer", useLegacySql: false });
    const [rows] = await job.getQueryResults();
    expect(rows).toEqual([{ answer: "ok" }]);
    const [bad] = await bq.createQueryJob({ query: "SELECT answer FROM nowhere", useLegacySql: false }).then(() => [undefined], (e: unknown) => [e]);
    expect(String(bad)).toMatch(/Syntax error/);
  });

  it("creates the table partitioned by day on the single partition field, clustered by account", async () => {
    const name = unique("part");
    const loader = new BigQueryLoader(config());
    await loader.prepare(demoTable(name));
    const t = fake.table(PROJECT, DATASET, name)!;
    expect(t.timePartitioning).toEqual({ type: "DAY", field: "date" });
    expect(t.clustering).toEqual({ fields: ["_account_id"] });
    expect(t.fields.map((f) => `${f.name}:${f.type}:${f.mode}`)).toEqual(["_account_id:STRING:NULLABLE", "date:DATE:NULLABLE", "campaign:STRING:NULLABLE", "clicks:FLOAT:NULLABLE", "cost:FLOAT:NULLABLE"]);
    const two = { ...demoTable(unique("two")), partitionColumns: ["date", "campaign"] };
    await expect(loader.prepare(two)).rejects.toThrow("BigQuery takes a single partition field.");
  });

  it("creates a missing dataset, maps renamed columns to BigQuery names and refuses colliding ones", async () => {
    const loader = new BigQueryLoader(config({ datasetId: "fresh_set" }));
    await loader.check();
    expect(fake.tables(PROJECT, "fresh_set")).toEqual([]);
    const { describeTable } = await import("../../engine/destinations/columns.js");
    const table = describeTable({ name: "renamed", fields: [{ name: "date", fieldType: "YEAR_MONTH_DAY" }, { name: "Cost (EUR)", fieldType: "CURRENCY" }], partitionColumns: ["date"] });
    await loader.prepare(table);
    await loader.load({ table, scope: { accountId: "a", dateColumn: "date", range: { start: "2024-03-01", end: "2024-03-01" } }, rows: [[{ date: "2024-03-01", "Cost (EUR)": 4.5 }]] });
    const t = fake.table(PROJECT, "fresh_set", "renamed")!;
    expect(t.fields.map((f) => f.name)).toEqual(["_account_id", "date", "Cost__EUR_"]);
    expect(t.rows).toEqual([{ _account_id: "a", date: "2024-03-01", cost__eur_: 4.5 }]);
    const clash = describeTable({ name: "clash", fields: [{ name: "a b", fieldType: "TEXT" }, { name: "a_b", fieldType: "TEXT" }] });
    await expect(loader.prepare(clash)).rejects.toThrow(/would both be named a_b/);
  });

  it("loads timestamps, booleans and nulls with BigQuery's types", async () => {
    const { describeTable } = await import("../../engine/destinations/columns.js");
    const table = describeTable({
      name: unique("types"),
      fields: [{ name: "date", fieldType: "YEAR_MONTH_DAY" }, { name: "seen_at", fieldType: "DATETIME" }, { name: "active", fieldType: "BOOLEAN" }, { name: "note", fieldType: "TEXT" }],
      partitionColumns: ["date"],
    });
    const loader = new BigQueryLoader(config());
    await loader.prepare(table);
    await loader.load({ table, scope: { accountId: "a", dateColumn: "date", range: { start: "2024-03-01", end: "2024-03-01" } }, rows: [[{ date: "2024-03-01", seen_at: "2024-03-01T10:30:00Z", active: "true", note: null }]] });
    expect(fake.table(PROJECT, DATASET, table.name)!.fields.map((f) => f.type)).toEqual(["STRING", "DATE", "TIMESTAMP", "BOOLEAN", "STRING"]);
    const [rows] = await (await testClient()).dataset(DATASET).table(table.name).getRows();
    const row = rows[0] as { seen_at: { value: string }; active: boolean; note: unknown };
    expect(row.seen_at.value).toBe("2024-03-01T10:30:00.000Z");
    expect(row.active).toBe(true);
    expect(row.note).toBeNull();
  });

  it("first load, then a re-run replacing the partitions keeps the same counts and metric sums", async () => {
    const name = unique("rerun");
    const table = demoTable(name);
    const loader = new BigQueryLoader(config());
    await loader.prepare(table);
    for (const account of ["acc-1", "acc-2"]) await loader.load({ table, scope: scope(account), rows: [demoRows(days, 4)] });
    const first = await readRows(name);
    await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 4)] });
    await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 4)] });
    const again = await readRows(name);
    expect(first).toHaveLength(24);
    expect(again).toHaveLength(24);
    expect(total(again, "clicks")).toBe(total(first, "clicks"));
    expect(total(again, "cost")).toBe(total(first, "cost"));
    // Every load went through a staging table that is gone afterwards.
    expect(fake.tables(PROJECT, DATASET).filter((t) => t.tableId.startsWith(`${name}__sp_stage_`))).toEqual([]);
    const scripts = fake.jobs().filter((j) => j.type === "query" && j.query?.includes(`\`${PROJECT}.${DATASET}.${name}\``));
    expect(scripts).toHaveLength(4);
    expect(scripts[0]!.query).toMatch(/^BEGIN TRANSACTION;\nDELETE FROM .* WHERE `_account_id` = @account_id AND `date` BETWEEN @range_start AND @range_end;\nINSERT INTO .* SELECT .* FROM `signalpost-test\.marketing\.rerun_\w+__sp_stage_\w+`;\nCOMMIT TRANSACTION;$/);
  });

  it("adding a field adds a NULLABLE column and keeps the rows", async () => {
    const name = unique("evolve");
    const loader = new BigQueryLoader(config());
    await loader.prepare(demoTable(name));
    await loader.load({ table: demoTable(name), scope: scope("acc-1"), rows: [demoRows(days, 2)] });
    await loader.prepare(demoTable(name, { extra: true }));
    expect(fake.table(PROJECT, DATASET, name)!.fields.at(-1)).toEqual({ name: "extra", type: "STRING", mode: "NULLABLE" });
    expect(await readRows(name)).toHaveLength(6);
    expect(fake.server.requestsTo(`/bigquery/v2/projects/${PROJECT}/datasets/${DATASET}/tables/${name}`, "PATCH")).toHaveLength(1);
  });

  it("a run that fails mid-way and is retried ends with exactly one copy of the rows", async () => {
    const name = unique("retry");
    const table = demoTable(name);
    const loader = new BigQueryLoader(config());
    await loader.prepare(table);
    await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 3)] });
    const before = await readRows(name);

    // 1. The transaction job fails (after the staged load): nothing of the new run is visible.
    fake.failJob({ kind: "query", contains: "DELETE FROM", message: "Error encountered during execution. Retrying may solve the problem." });
    const failed = await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 3, 5)] }).then(() => undefined, (e: unknown) => e);
    expect(failed).toBeInstanceOf(DestinationError);
    expect((failed as DestinationError).kind).toBe("transient");
    expect(total(await readRows(name), "clicks")).toBe(total(before, "clicks"));

    // 1b. The script fails between its DELETE and its INSERT: the transaction keeps the old rows.
    fake.failJob({ kind: "query", contains: "DELETE FROM", atStatement: "insert_select" });
    await expect(loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 3, 5)] })).rejects.toThrow(DestinationError);
    expect(total(await readRows(name), "clicks")).toBe(total(before, "clicks"));

    // 2. The upload answers 500 once: the loader uploads the same file again under the same job id.
    fake.failRequests("POST", `/upload/bigquery/v2/projects/${PROJECT}/jobs`, 1);
    await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 3, 5)] });

    // 3. The replace commits but its answer is lost (jobs.get keeps failing): the retry replaces again.
    fake.failRequests("GET", new RegExp(`^/bigquery/v2/projects/${PROJECT}/jobs/signalpost_replace_`), 10);
    const lost = await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 3, 5)] }).then(() => undefined, (e: unknown) => e);
    expect((lost as DestinationError).kind).toBe("transient");
    fake.server.reset();
    await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 3, 5)] });

    const after = await readRows(name);
    expect(after).toHaveLength(9);
    expect(total(after, "clicks")).toBe(5 * total(before, "clicks"));
  }, 60_000);

  it("a failed load job leaves the table as it was", async () => {
    const name = unique("loadfail");
    const table = demoTable(name);
    const loader = new BigQueryLoader(config());
    await loader.prepare(table);
    await loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 2)] });
    fake.failJob({ kind: "load", reason: "invalid", message: "Error while reading data, error message: JSON table encountered too many errors" });
    await expect(loader.load({ table, scope: scope("acc-1"), rows: [demoRows(days, 2, 9)] })).rejects.toThrow(/too many errors/);
    expect(total(await readRows(name), "clicks")).toBe(3 * (1 + 2));
  });

  it("refused credentials give a clear config error from the check", async () => {
    const cases: Array<[Partial<BigQueryConfig>, RegExp]> = [
      [{ jsonKey: "not json" }, /The JSON key is not valid JSON\./],
      [{ jsonKey: JSON.stringify({ client_email: "x@y", private_key: "nope" }) }, /private_key is not a valid private key/],
      [{ jsonKey: fake.createServiceAccount({ projectId: "elsewhere" }) }, /Access Denied: Project signalpost-test/],
    ];
    // A key whose account was disabled after it was issued: the token exchange is refused.
    const disabledKey = fake.createServiceAccount({ projectId: PROJECT, name: "disabled" });
    fake.disableServiceAccount(`disabled@${PROJECT}.iam.gserviceaccount.com`);
    cases.push([{ jsonKey: disabledKey }, /Google refused the service account key: Invalid grant: account disabled\./]);
    // A key that is not the one Google holds (signature does not verify).
    const forged = { ...JSON.parse(fake.createServiceAccount({ projectId: PROJECT, name: "forged" })), private_key: JSON.parse(fake.createServiceAccount({ projectId: PROJECT, name: "other" })).private_key };
    cases.push([{ jsonKey: JSON.stringify(forged) }, /Invalid JWT Signature/]);
    for (const [overrides, message] of cases) {
      const err = await new BigQueryLoader(config(overrides)).check().then(() => undefined, (e: unknown) => e);
      expect(err, String(message)).toBeInstanceOf(DestinationError);
      expect((err as DestinationError).kind).toBe("config");
      expect((err as DestinationError).message).toMatch(message);
    }
  });
});
