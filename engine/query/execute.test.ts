import { describe, expect, it } from "vitest";
import { createConnectorContext } from "../core/context.js";
import { FieldTypeMismatchError, InvalidDateRangeError, InvalidRequestError, PlatformNotImplementedError, UnknownFieldError, UnknownPlatformError } from "../core/errors.js";
import type { Row } from "../core/types.js";
import { createDemoConnector } from "../connectors/demo/connector.js";
import { DEMO_ACCOUNTS } from "../connectors/demo/model.js";
import { getConnector } from "../connectors/registry.js";
import { listPlatforms } from "../catalogue/index.js";
import { queryDefinitionSchema, type QueryDefinition } from "./definition.js";
import { executeQuery, type QueryRegistry } from "./execute.js";
import { csvFormat } from "./formats/csv.js";
import { getFormat } from "./formats/index.js";
import { jsonFormat } from "./formats/json.js";

const now = new Date("2025-03-12T15:30:00Z");
const demo = createDemoConnector({ now: () => now });
const registry: QueryRegistry = { getConnector: (id) => (id === "demo" ? demo : getConnector(id)) };
const contexts: string[] = [];
const contextFor = (connector: typeof demo, account: { id: string }) => {
  contexts.push(account.id);
  return createConnectorContext(connector, { credential: { type: "api-key", key: "demo" } });
};
const [paris, newYork] = DEMO_ACCOUNTS;

const base: QueryDefinition = {
  platform: "demo",
  accounts: [paris],
  metrics: ["clicks", "impressions"],
  dimensions: ["campaign_name", "date"],
  date: { start: "2025-03-01", end: "2025-03-03" },
};

async function all(rows: AsyncIterable<Row>): Promise<Row[]> {
  const out: Row[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

async function text(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  let out = "";
  const decoder = new TextDecoder();
  for await (const chunk of chunks) out += decoder.decode(chunk, { stream: true });
  return out;
}

describe("executeQuery", () => {
  it("orders columns dimensions first then metrics, in the order asked", async () => {
    const result = await executeQuery(registry, base, contextFor, { now });
    expect(result.columns.map((c) => c.id)).toEqual(["campaign_name", "date", "clicks", "impressions"]);
    const rows = await all(result.rows);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row)).toEqual(["campaign_name", "date", "clicks", "impressions"]);
  });

  it("reads every account through its own context and adds account columns on request", async () => {
    contexts.length = 0;
    const result = await executeQuery(
      registry,
      { ...base, accounts: [paris, newYork], dimensions: ["account_currency", "account_timezone", "date"], metrics: ["cost"] },
      contextFor,
      { now },
    );
    const rows = await all(result.rows);
    expect(contexts).toEqual([paris.id, newYork.id]);
    expect(rows.filter((r) => r.account_currency === "EUR" && r.account_timezone === "Europe/Paris")).toHaveLength(3);
    expect(rows.filter((r) => r.account_currency === "USD" && r.account_timezone === "America/New_York")).toHaveLength(3);
  });

  it("resolves presets in each account's timezone", async () => {
    // 23:30 UTC on the 12th: already the 13th in Paris, still the 12th in New York.
    const late = new Date("2025-03-12T23:30:00Z");
    const result = await executeQuery(
      registry,
      { ...base, accounts: [paris, newYork], dimensions: ["account_id", "date"], metrics: ["clicks"], date: { preset: "YESTERDAY" } },
      contextFor,
      { now: late },
    );
    const rows = await all(result.rows);
    expect(rows.map((r) => [r.account_id, r.date])).toEqual([
      [paris.id, "2025-03-12"],
      [newYork.id, "2025-03-11"],
    ]);
  });

  it("applies filters", async () => {
    const rows = await all(
      (await executeQuery(registry, { ...base, filters: [{ field: "clicks", type: "greater_than", value: 100 }] }, contextFor, { now })).rows,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => (r.clicks as number) > 100)).toBe(true);
  });

  it.each([
    [{ metrics: ["clicks", "bogus"] }, UnknownFieldError],
    [{ filters: [{ field: "nope", type: "equals" as const, value: "x" }] }, UnknownFieldError],
    [{ dimensions: ["impressions"], metrics: [] }, FieldTypeMismatchError],
    [{ dimensions: [], metrics: ["campaign_name"] }, FieldTypeMismatchError],
    [{ dimensions: [], metrics: [] }, InvalidRequestError],
    [{ accounts: [] }, InvalidRequestError],
    [{ date: { preset: "CUSTOM" as const, start: "2025-03-05", end: "2025-03-01" } }, InvalidDateRangeError],
    [{ filters: [{ field: "clicks", type: "greater_than" as const, value: "many" }] }, InvalidRequestError],
    [{ platform: "nope" }, UnknownPlatformError],
  ])("rejects %o before reading", async (change, type) => {
    await expect(executeQuery(registry, { ...base, ...change }, contextFor, { now })).rejects.toThrow(type);
  });

  it("refuses a platform whose connector is not written yet", async () => {
    const comingSoon = listPlatforms().find((p) => !p.implemented);
    if (comingSoon) await expect(executeQuery(registry, { ...base, platform: comingSoon.id }, contextFor, { now })).rejects.toThrow(PlatformNotImplementedError);
  });

  it("names the mismatch so the user can fix it", async () => {
    await expect(executeQuery(registry, { ...base, dimensions: ["clicks"], metrics: [] }, contextFor, { now })).rejects.toThrow(
      /"clicks" is a metric of demo, not a dimension/,
    );
  });
});

describe("query definition schema", () => {
  it("accepts a preset date and defaults lists", () => {
    const parsed = queryDefinitionSchema.parse({ platform: "demo", accounts: [paris], metrics: ["clicks"], date: { preset: "LAST_7_DAYS" } });
    expect(parsed.dimensions).toEqual([]);
    expect(parsed.filters).toEqual([]);
  });

  it("rejects a bad preset and malformed dates", () => {
    expect(queryDefinitionSchema.safeParse({ platform: "demo", accounts: [paris], date: { preset: "LAST_3_DAYS" } }).success).toBe(false);
    expect(queryDefinitionSchema.safeParse({ platform: "demo", accounts: [paris], date: { start: "1/2/2025", end: "2025-01-02" } }).success).toBe(false);
  });
});

describe("formats", () => {
  const columns = [
    { id: "name", name: "Name", type: "dimension" as const, fieldType: "TEXT" as const, aggregation: "NONE" as const },
    { id: "clicks", name: "Clicks", type: "metric" as const, fieldType: "NUMBER" as const, aggregation: "SUM" as const },
  ];
  async function* rows(): AsyncIterable<Row> {
    yield { name: 'Brand, "quoted"\nline', clicks: 3 };
    yield { name: null, clicks: 0 };
  }

  it("writes RFC 4180 CSV with a header", async () => {
    expect(await text(csvFormat.write(columns, rows()))).toBe('name,clicks\n"Brand, ""quoted""\nline",3\n,0\n');
    expect((await text(csvFormat.write(columns, rows(), { headers: "name" }))).split("\n")[0]).toBe("Name,Clicks");
  });

  it("writes JSON with columns and data", async () => {
    const parsed = JSON.parse(await text(jsonFormat.write(columns, rows())));
    expect(parsed.columns.map((c: { id: string }) => c.id)).toEqual(["name", "clicks"]);
    expect(parsed.data).toEqual([
      { name: 'Brand, "quoted"\nline', clicks: 3 },
      { name: null, clicks: 0 },
    ]);
    expect(JSON.parse(await text(jsonFormat.write(columns, (async function* () {})())))).toEqual({ columns: parsed.columns, data: [] });
  });

  it("streams a query result end to end", async () => {
    const result = await executeQuery(registry, base, contextFor, { now });
    const csv = await text(getFormat("csv").write(result.columns, result.rows));
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("campaign_name,date,clicks,impressions");
    expect(lines.length).toBeGreaterThan(3);
    expect(() => getFormat("xml")).toThrow(InvalidRequestError);
  });
});
