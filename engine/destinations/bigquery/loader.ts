// BigQuery loader with Google's client (@google-cloud/bigquery, decision 0410). A load is:
//   1. rows -> a local NDJSON file (scope-checked as they arrive; memory stays flat, and a broken
//      extraction never starts an upload),
//   2. the file -> a staging table by a load job (multipart upload; load jobs, unlike streaming
//      inserts, leave no streaming buffer that would block the DELETE below),
//   3. one multi-statement query job: BEGIN TRANSACTION; DELETE the scope; INSERT the staged rows;
//      COMMIT (statements.ts), so the target holds either the old or the new rows of the scope,
//   4. the staging table dropped (it also expires by itself after a day if we die first).
// A retried or repeated run deletes what the last one wrote before inserting: never duplicates.
import { randomUUID, createPrivateKey } from "node:crypto";
import { createWriteStream } from "node:fs";
import { unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import type { BigQuery, Dataset, Table } from "@google-cloud/bigquery";
import { assertInScope, assertTableName, cellFor, scopeDays, throwIfAborted } from "../columns.js";
import { DestinationError, isTransientCode, schemaMismatch } from "../errors.js";
import { parseServiceAccountKey } from "../google-cloud-storage/store.js";
import type { DestinationLoader, LoadRequest, LoadResult, LoadTable } from "../types.js";
import { columnMappings, partitioningOf, replaceScopeQuery, schemaFields, tablePath, type ColumnMapping } from "./statements.js";
import type { Row } from "../../core/types.js";

export interface BigQueryConfig {
  projectId: string;
  datasetId: string;
  /** The service account key as pasted (JSON text). */
  jsonKey: string;
  /** API root instead of https://bigquery.googleapis.com (a local fake, a private endpoint). */
  endpoint?: string;
  /** OAuth 2.0 token endpoint for the service-account JWT exchange instead of Google's. */
  tokenUrl?: string;
  /** Location of a dataset this loader creates (BigQuery's default is US). */
  location?: string;
}

/** google-auth-library signs the JWT for this audience and posts it here (gtoken's constant). */
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const BIGQUERY_SCOPE = "https://www.googleapis.com/auth/bigquery";
/** Staging tables delete themselves after a day if a killed run could not drop them. */
const STAGING_TTL_MS = 24 * 3600 * 1000;
/** Upload attempts: the client never retries a media upload itself (makeWritableStream maxRetries 0). */
const UPLOAD_ATTEMPTS = 3;

const TRANSIENT_REASONS = new Set(["backendError", "internalError", "rateLimitExceeded", "jobRateLimitExceeded", "jobBackendError", "jobInternalError"]);

interface GoogleApiError {
  code?: number | string;
  message?: string;
  errors?: Array<{ reason?: string; message?: string }>;
  response?: { data?: { error?: string; error_description?: string } };
}

function classify(error: unknown, during: "check" | "load"): DestinationError {
  if (error instanceof DestinationError) return error;
  const e = (error ?? {}) as GoogleApiError;
  const message = e.message ?? String(error);
  const reasons = (e.errors ?? []).map((x) => x.reason ?? "");
  const oauth = e.response?.data?.error;
  if (oauth === "invalid_grant" || oauth === "invalid_client" || oauth === "unauthorized_client" || oauth === "invalid_scope")
    return new DestinationError("big_query", "config", `Google refused the service account key: ${e.response?.data?.error_description ?? oauth}.`, error);
  if (e.code === "ENOTFOUND") return new DestinationError("big_query", "config", message, error);
  if (e.code === "ECONNREFUSED") return new DestinationError("big_query", during === "check" ? "config" : "transient", `BigQuery refused the connection (${message}).`, error);
  if (isTransientCode(e.code)) return new DestinationError("big_query", "transient", message, error);
  if (reasons.some((r) => TRANSIENT_REASONS.has(r)) || /concurrent update/i.test(message)) return new DestinationError("big_query", "transient", message, error);
  if (typeof e.code === "number") {
    if (e.code === 429 || e.code >= 500) return new DestinationError("big_query", "transient", message, error);
    if (e.code === 401) return new DestinationError("big_query", "config", `BigQuery refused the credentials: ${message}`, error);
    if (e.code >= 400) return new DestinationError("big_query", "config", message, error);
  }
  // A row the table's schema refuses ("invalid": a type or a REQUIRED column changed outside Signalpost).
  if (reasons.includes("invalid")) return schemaMismatch("big_query", message, error);
  // A job that failed on our own statements (invalidQuery, a row BigQuery would not load).
  if (reasons.length > 0) return new DestinationError("big_query", reasons.includes("accessDenied") || reasons.includes("notFound") ? "config" : "system", message, error);
  return new DestinationError("big_query", "system", message, error);
}

const codeOf = (error: unknown) => (error as GoogleApiError)?.code;

export class BigQueryLoader implements DestinationLoader {
  readonly type = "big_query" as const;
  private client: BigQuery | undefined;
  /** Dataset id -> its location (query and load jobs must run where the dataset lives). */
  private readonly locations = new Map<string, string>();

  constructor(private readonly config: BigQueryConfig) {}

  private async bigquery(): Promise<BigQuery> {
    if (this.client) return this.client;
    const key = parseServiceAccountKey(this.config.jsonKey, "big_query");
    try {
      createPrivateKey(key.private_key);
    } catch {
      throw new DestinationError("big_query", "config", "The JSON key's private_key is not a valid private key.");
    }
    const [{ BigQuery }, { JWT }] = await Promise.all([import("@google-cloud/bigquery"), import("google-auth-library")]);
    // The service account's JWT client: it signs an assertion with the key and exchanges it for an
    // access token (https://developers.google.com/identity/protocols/oauth2/service-account).
    const auth = new JWT({ email: key.client_email, key: key.private_key, scopes: [BIGQUERY_SCOPE] });
    const tokenUrl = this.config.tokenUrl;
    if (tokenUrl) {
      // The token URL is a constant inside google-auth-library; move the exchange with a request
      // interceptor on the client's own transport (tests, private Google endpoints).
      auth.transporter.interceptors.request.add({
        resolved: async (options) => {
          if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
          return options;
        },
      });
    }
    const client = new BigQuery({
      projectId: this.config.projectId,
      authClient: auth,
      apiEndpoint: this.config.endpoint,
      location: this.config.location,
      autoRetry: true,
      maxRetries: 3,
    });
    this.client = client;
    return client;
  }

  private tableRef(name: string): { datasetId: string; tableId: string } {
    const parts = name.trim().split(".");
    return parts.length === 2 ? { datasetId: parts[0]!, tableId: parts[1]! } : { datasetId: this.config.datasetId, tableId: parts[0]! };
  }

  /** The dataset, created (in the configured location) when it does not exist yet. */
  private async dataset(datasetId: string): Promise<Dataset> {
    const bq = await this.bigquery();
    const known = this.locations.get(datasetId);
    if (known) return bq.dataset(datasetId, { location: known });
    const dataset = bq.dataset(datasetId);
    try {
      const [meta] = await dataset.getMetadata();
      this.locations.set(datasetId, meta.location ?? "US");
    } catch (error) {
      if (codeOf(error) !== 404) throw error;
      try {
        const [created] = await bq.createDataset(datasetId, this.config.location ? { location: this.config.location } : {});
        this.locations.set(datasetId, created.metadata?.location ?? this.config.location ?? "US");
      } catch (createError) {
        if (codeOf(createError) !== 409) throw createError; // created meanwhile by another run: fine
        const [meta] = await dataset.getMetadata();
        this.locations.set(datasetId, meta.location ?? "US");
      }
    }
    return bq.dataset(datasetId, { location: this.locations.get(datasetId) });
  }

  async check(): Promise<void> {
    try {
      const bq = await this.bigquery();
      await this.dataset(this.config.datasetId);
      // A dry run proves we may create query jobs in the project (the loader's DELETE and INSERT).
      await bq.createQueryJob({ query: "SELECT 1", useLegacySql: false, dryRun: true, location: this.locations.get(this.config.datasetId) });
    } catch (error) {
      throw classify(error, "check");
    }
  }

  async prepare(table: LoadTable): Promise<void> {
    assertTableName("sql", this.type, table.name);
    const columns = columnMappings(table);
    const partitioning = partitioningOf(table, columns);
    const fields = schemaFields(columns);
    const { datasetId, tableId } = this.tableRef(table.name);
    try {
      const dataset = await this.dataset(datasetId);
      const target = dataset.table(tableId);
      let existing: Array<{ name: string; type?: string; mode?: string }>;
      try {
        const [meta] = await target.getMetadata();
        existing = meta.schema?.fields ?? [];
      } catch (error) {
        if (codeOf(error) !== 404) throw error;
        try {
          await dataset.createTable(tableId, { schema: { fields }, ...partitioning });
          return;
        } catch (createError) {
          if (codeOf(createError) !== 409) throw createError; // another run created it first
          const [meta] = await target.getMetadata();
          existing = meta.schema?.fields ?? [];
        }
      }
      const have = new Set(existing.map((f) => f.name.toLowerCase()));
      const missing = fields.filter((f) => !have.has(f.name.toLowerCase()));
      // Adding NULLABLE columns is the schema change BigQuery allows in place; old rows read NULL.
      if (missing.length > 0) await target.setMetadata({ schema: { fields: [...existing, ...missing] } });
    } catch (error) {
      throw classify(error, "load");
    }
  }

  async load(request: LoadRequest): Promise<LoadResult> {
    const { table, scope } = request;
    const dayList = scopeDays(table, scope);
    const days = dayList ? new Set(dayList) : undefined;
    const columns = columnMappings(table);
    const { datasetId, tableId } = this.tableRef(table.name);
    const file = join(tmpdir(), `signalpost-bq-${randomUUID()}.ndjson`);
    let staging: Table | undefined;
    let count = 0;
    try {
      const bq = await this.bigquery();
      const dataset = await this.dataset(datasetId);
      count = await this.writeFile(file, request, columns, days);
      throwIfAborted(request.signal, this.type);
      let stagingPath: string | undefined;
      if (count > 0) {
        const stagingId = `${tableId}__sp_stage_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
        [staging] = await dataset.createTable(stagingId, { schema: { fields: schemaFields(columns) }, expirationTime: String(Date.now() + STAGING_TTL_MS) });
        await this.loadFile(bq, staging, file, columns);
        request.onProgress?.(count);
        stagingPath = tablePath(this.config.projectId, datasetId, stagingId);
      }
      throwIfAborted(request.signal, this.type);
      const q = replaceScopeQuery({ target: tablePath(this.config.projectId, datasetId, tableId), staging: stagingPath, columns, scope });
      const [job] = await bq.createQueryJob({
        query: q.query,
        // DATE parameters must be BigQueryDate values: a plain string is sent as an empty (NULL) value.
        params: Object.fromEntries(Object.entries(q.params).map(([k, v]) => [k, q.types[k] === "DATE" ? bq.date(v) : v])),
        types: q.types,
        useLegacySql: false,
        location: this.locations.get(datasetId),
        jobPrefix: "signalpost_replace_",
      });
      await job.promise();
    } catch (error) {
      throw classify(error, "load");
    } finally {
      await unlink(file).catch(() => undefined); // never written when the load failed early
      // Dropping the staging table is housekeeping: it expires by itself within a day.
      if (staging) await staging.delete().catch(() => undefined);
    }
    return { rows: count, partitions: dayList?.length ?? 1 };
  }

  /** Writes the rows as NDJSON (BigQuery names and value types), honouring backpressure. */
  private async writeFile(file: string, request: LoadRequest, columns: ColumnMapping[], days: Set<string> | undefined): Promise<number> {
    const out = createWriteStream(file);
    const failed = new Promise<never>((_, reject) => out.once("error", reject));
    failed.catch(() => undefined); // observed below through Promise.race
    let count = 0;
    try {
      for await (const batch of request.rows as AsyncIterable<Row[]>) {
        throwIfAborted(request.signal, this.type);
        let chunk = "";
        for (const row of batch) {
          assertInScope(row, request.scope, days, this.type);
          const obj: Record<string, unknown> = { [columns[0]!.name]: request.scope.accountId };
          for (let i = 1; i < columns.length; i++) {
            const c = columns[i]!;
            const v = cellFor(c.type, row[c.source]);
            if (v !== null) obj[c.name] = v;
          }
          chunk += JSON.stringify(obj) + "\n";
        }
        count += batch.length;
        if (chunk && !out.write(chunk)) await Promise.race([once(out, "drain"), failed]);
        request.onProgress?.(count);
      }
      out.end();
      await Promise.race([once(out, "finish"), failed]);
    } catch (error) {
      out.destroy();
      throw error;
    }
    return count;
  }

  /** Uploads the file into the staging table; a lost answer is found again by the job's id. */
  private async loadFile(bq: BigQuery, staging: Table, file: string, columns: ColumnMapping[]): Promise<void> {
    const jobId = `signalpost_load_${randomUUID()}`;
    const location = this.locations.get(staging.dataset.id!);
    for (let attempt = 1; ; attempt++) {
      try {
        const [job] = await staging.createLoadJob(file, {
          sourceFormat: "NEWLINE_DELIMITED_JSON",
          schema: { fields: schemaFields(columns) },
          writeDisposition: "WRITE_TRUNCATE",
          createDisposition: "CREATE_NEVER",
          jobId,
        });
        await job.promise();
        return;
      } catch (error) {
        // 409: an earlier attempt created the job and only its answer was lost.
        if (codeOf(error) === 409) {
          await bq.job(jobId, { location }).promise();
          return;
        }
        const kind = classify(error, "load").kind;
        const isJobFailure = ((error as GoogleApiError).errors ?? []).length > 0 && typeof codeOf(error) !== "number";
        if (kind !== "transient" || isJobFailure || attempt >= UPLOAD_ATTEMPTS) throw error;
        await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
      }
    }
  }

  async close(): Promise<void> {
    this.client = undefined; // the client keeps no connection that needs closing
  }
}
