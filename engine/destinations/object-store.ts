// The loader shared by the storage destinations (S3, GCS, Azure Blob). Exactly-once comes from
// deterministic keys: one object per (table, account, day), `{table}/{account}/{YYYY-MM-DD}.{csv|json}`
// (`all.{ext}` when the table has no date column). A load writes every day of its scope in full, and
// deletes the object of a day that has no rows any more, so a retried or repeated run overwrites the
// same keys instead of adding files. A single PUT is atomic on all three stores; a run killed between
// two days leaves each day whole (the old or the new version), never half a day.
import type { CellValue, Row } from "../core/types.js";
import { assertInScope, assertTableName, csvLine, rowValues, scopeDays, throwIfAborted } from "./columns.js";
import { DestinationError } from "./errors.js";
import type { DataFormat, DestinationLoader, DestinationType, LoadRequest, LoadResult, LoadTable } from "./types.js";

export interface ObjectStore {
  /** Throws DestinationError (config) when the bucket is missing or the credential refused. */
  check(): Promise<void>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
  get(key: string): Promise<Buffer>;
}

const CONTENT_TYPES: Record<DataFormat, string> = { csv: "text/csv; charset=utf-8", json: "application/x-ndjson; charset=utf-8" };

/** Object key segment for an account id: ids may hold '/', ':' or spaces on some platforms. */
export function keySegment(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, "+");
}

export function objectKey(table: LoadTable, accountId: string, day: string | undefined): string {
  const ext = table.dataType ?? "csv";
  return `${table.name}/${keySegment(accountId)}/${day ?? "all"}.${ext}`;
}

/** NDJSON: one object per line keyed by column name (BigQuery, Snowflake and Athena read it as is). */
export function jsonLine(table: LoadTable, values: CellValue[]): string {
  const o: Record<string, CellValue> = {};
  table.columns.forEach((c, i) => (o[c.name] = values[i] ?? null));
  return JSON.stringify(o) + "\n";
}

export class ObjectStoreLoader implements DestinationLoader {
  constructor(
    readonly type: DestinationType,
    readonly store: ObjectStore,
  ) {}

  async check(): Promise<void> {
    await this.store.check();
  }

  /** Nothing to create: keys carry the layout. Checking the bucket here fails a run early and clearly. */
  async prepare(table: LoadTable): Promise<void> {
    assertTableName("storage", this.type, table.name);
    await this.store.check();
  }

  async load(request: LoadRequest): Promise<LoadResult> {
    const { table, scope } = request;
    const format = table.dataType ?? "csv";
    const dayList = scopeDays(table, scope);
    const days = dayList ? new Set(dayList) : undefined;
    // Whole days are kept in memory until every row of the scope has arrived: rows of a day may come in
    // any order across pages, and an object must be written in one PUT to stay atomic.
    const parts = new Map<string, string[]>();
    let count = 0;
    for await (const batch of request.rows as AsyncIterable<Row[]>) {
      throwIfAborted(request.signal, this.type);
      for (const row of batch) {
        const day = assertInScope(row, scope, days, this.type);
        const values = rowValues(table, scope.accountId, row);
        let list = parts.get(day);
        if (!list) parts.set(day, (list = []));
        list.push(format === "csv" ? csvLine(values) : jsonLine(table, values));
      }
      count += batch.length;
      request.onProgress?.(count);
    }
    throwIfAborted(request.signal, this.type);
    const header = csvLine(table.columns.map((c) => c.name));
    const targets = dayList ?? [""];
    try {
      for (const day of targets) {
        const key = objectKey(table, scope.accountId, day || undefined);
        const lines = parts.get(day);
        if (!lines || lines.length === 0) {
          await this.store.delete(key);
          continue;
        }
        const body = Buffer.from((format === "csv" ? header : "") + lines.join(""), "utf8");
        await this.store.put(key, body, CONTENT_TYPES[format]);
        throwIfAborted(request.signal, this.type);
      }
    } catch (error) {
      if (error instanceof DestinationError) throw error;
      throw new DestinationError(this.type, "transient", (error as Error).message ?? String(error), error);
    }
    return { rows: count, partitions: targets.length };
  }

  async close(): Promise<void> {}
}

/** Parses what ObjectStoreLoader wrote (tests, the fault test and support tooling read objects back). */
export function parseObject(body: string, format: DataFormat): Record<string, string | null>[] {
  if (format === "json")
    return body
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as Record<string, string | null>);
  const records = parseCsv(body);
  const [header, ...rows] = records;
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? null])));
}

function parseCsv(text: string): (string | null)[][] {
  const out: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let i = 0;
  while (i < text.length) {
    let value: string | null;
    if (text[i] === '"') {
      let v = "";
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') (v += '"'), (i += 2);
        else if (text[i] === '"') {
          i++;
          break;
        } else v += text[i++];
      }
      value = v;
    } else {
      let j = i;
      while (j < text.length && text[j] !== "," && text[j] !== "\n") j++;
      const raw = text.slice(i, j);
      value = raw === "" ? null : raw;
      i = j;
    }
    row.push(value);
    if (text[i] === ",") i++;
    else if (text[i] === "\n" || i >= text.length) {
      out.push(row);
      row = [];
      i++;
    }
  }
  return out;
}
