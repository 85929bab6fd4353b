// A local stand-in for the BigQuery REST API v2 and Google's OAuth 2.0 token endpoint, driven by
// the official client (@google-cloud/bigquery) in the loader's tests. Tables live in memory; query
// jobs run through sql.ts (only the statements the loader generates). See README.md for what it
// covers and how to script failures.
//
// Wire formats: https://cloud.google.com/bigquery/docs/reference/rest (datasets, tables, jobs,
// tabledata), https://cloud.google.com/bigquery/docs/reference/api-uploads (multipart upload of a
// load job), https://developers.google.com/identity/protocols/oauth2/service-account (JWT bearer
// grant), https://cloud.google.com/apis/design/errors (error bodies).
import crypto from "node:crypto";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../support/fake-server.js";
import { matchesConditions, parseScript, SqlError, type Cell, type Statement, type TableRef } from "./sql.js";

export interface FieldSchema {
  name: string;
  type: string;
  mode?: string;
}

export interface FakeTable {
  projectId: string;
  datasetId: string;
  tableId: string;
  fields: FieldSchema[];
  /** Rows keyed by lower-cased column name (BigQuery column names are case-insensitive). */
  rows: Record<string, Cell>[];
  timePartitioning?: { type: string; field?: string };
  clustering?: { fields: string[] };
  expirationTime?: string;
  creationTime: string;
  lastModifiedTime: string;
}

interface FakeDataset {
  projectId: string;
  datasetId: string;
  location: string;
  tables: Map<string, FakeTable>;
}

interface FakeJob {
  resource: Record<string, unknown>;
  result?: { fields: FieldSchema[]; rows: Cell[][] };
}

interface ServiceAccount {
  email: string;
  publicKey: crypto.KeyObject;
  projects: Set<string>;
  disabled: boolean;
}

export interface JobFailure {
  /** Which job fails: a load job, or a query job whose SQL contains this text. */
  kind: "load" | "query";
  contains?: string;
  reason?: string;
  message?: string;
  /** How many matching jobs fail (default 1). */
  times?: number;
  /**
   * Query jobs: run the script up to this statement and fail there (the statements before it that
   * were not inside a transaction stay applied, as in BigQuery). Without it the job fails before
   * running anything.
   */
  atStatement?: Statement["kind"];
}

export interface FakeBigQuery {
  /** http://127.0.0.1:<port>: the client's apiEndpoint. */
  url: string;
  /** Where the loader sends the service-account JWT exchange instead of oauth2.googleapis.com/token. */
  tokenUrl: string;
  server: FakeServer;
  /** A service account key (the JSON a user pastes) allowed into these projects. */
  createServiceAccount(opts: { projectId: string; extraProjects?: string[]; name?: string }): string;
  disableServiceAccount(email: string): void;
  createDataset(projectId: string, datasetId: string, location?: string): void;
  table(projectId: string, datasetId: string, tableId: string): FakeTable | undefined;
  tables(projectId: string, datasetId: string): FakeTable[];
  /** Every job run (query text or load), oldest first. */
  jobs(): Array<{ type: "load" | "query"; query?: string; state: string; error?: string }>;
  /** Makes the next matching job finish with errorResult (BigQuery's job failure, not an HTTP error). */
  failJob(failure: JobFailure): void;
  /**
   * Called after a query job ran (its changes committed) and before the client gets the answer:
   * a test can kill the caller here to lose the answer of a committed job.
   */
  afterQueryJob?: (job: { query: string; params: Map<string, Cell> }) => void | Promise<void>;
  /** The next `times` requests to this path answer 500 backendError (then the standing routes answer). */
  failRequests(method: string, pattern: string | RegExp, times?: number): void;
  close(): Promise<void>;
}

const GOOGLE_TOKEN_AUDIENCE = "https://oauth2.googleapis.com/token";
const BIGQUERY_SCOPE = "https://www.googleapis.com/auth/bigquery";

const STATUS_NAMES: Record<number, string> = { 400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 409: "ALREADY_EXISTS", 500: "INTERNAL" };

export function googleError(code: number, reason: string, message: string): FakeReply {
  return { status: code, json: { error: { code, message, errors: [{ message, domain: "global", reason }], status: STATUS_NAMES[code] ?? "UNKNOWN" } } };
}

const base64url = (s: string) => Buffer.from(s, "base64url").toString("utf8");

/** BigQuery's type names and their legacy aliases. */
function canonicalType(type: string): string {
  const t = type.toUpperCase();
  return ({ FLOAT64: "FLOAT", BOOL: "BOOLEAN", INT64: "INTEGER" } as Record<string, string>)[t] ?? t;
}

class RowError extends Error {}
/** A scripted failure in the middle of a script (its open transaction is discarded). */
class ScriptFailure extends Error {}

/** A JSON value as BigQuery's load job reads it for a column type (invalid values fail the job). */
function coerce(field: FieldSchema, value: unknown): Cell {
  if (value === null || value === undefined) {
    if (field.mode === "REQUIRED") throw new RowError(`Missing required field: ${field.name}.`);
    return null;
  }
  switch (canonicalType(field.type)) {
    case "STRING":
      if (typeof value === "object") throw new RowError(`Array specified for non-repeated field: ${field.name}.`);
      return String(value);
    case "FLOAT":
    case "INTEGER": {
      const n = typeof value === "number" ? value : Number(value);
      if (typeof value === "boolean" || !Number.isFinite(n)) throw new RowError(`Could not convert value '${String(value)}' to double. Field: ${field.name}`);
      return n;
    }
    case "BOOLEAN":
      if (value === true || value === "true") return true;
      if (value === false || value === "false") return false;
      throw new RowError(`Could not convert value to boolean. Field: ${field.name}; Value: ${String(value)}`);
    case "DATE":
      if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
        throw new RowError(`Could not parse '${String(value)}' as a date for field ${field.name}`);
      return value;
    case "TIMESTAMP": {
      const ms = typeof value === "number" ? value * 1000 : Date.parse(String(value).replace(" ", "T") + (/[zZ]|[+-]\d\d:?\d\d$/.test(String(value)) ? "" : "Z"));
      if (Number.isNaN(ms)) throw new RowError(`Could not parse '${String(value)}' as a timestamp. Required format is YYYY-MM-DD HH:MM[:SS[.SSSSSS]]; Field: ${field.name}`);
      return ms * 1000; // microseconds since the epoch
    }
    default:
      throw new RowError(`Field ${field.name} has a type this fake does not load: ${field.type}`);
  }
}

/** A stored cell as tabledata.list renders it (every value a string). */
function render(field: FieldSchema, value: Cell, int64Timestamp: boolean): string | null {
  if (value === null) return null;
  if (canonicalType(field.type) === "TIMESTAMP") return int64Timestamp ? String(Math.round(Number(value))) : String(Number(value) / 1e6);
  return String(value);
}

/** Parses a multipart/related upload body: the JSON job resource, then the data. */
function multipartParts(req: RecordedRequest): string[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(String(req.headers["content-type"] ?? ""))?.[2];
  if (!boundary) throw new Error("multipart upload without a boundary");
  const parts: string[] = [];
  for (const chunk of req.body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    const sep = chunk.indexOf("\r\n\r\n");
    if (sep < 0) continue;
    parts.push(chunk.slice(sep + 4).replace(/\r\n$/, ""));
  }
  return parts;
}

export async function startFakeBigQuery(): Promise<FakeBigQuery> {
  const server = await startFakeServer();
  const accounts = new Map<string, ServiceAccount>();
  const tokens = new Map<string, { email: string; expires: number }>();
  const datasets = new Map<string, FakeDataset>();
  const jobs = new Map<string, FakeJob>();
  const jobLog: Array<{ type: "load" | "query"; query?: string; state: string; error?: string }> = [];
  const failures: Array<JobFailure & { left: number }> = [];
  const now = () => new Date().toISOString();
  const millis = () => String(Date.now());

  const dsKey = (p: string, d: string) => `${p}:${d}`;

  // ---------- OAuth 2.0: JWT bearer grant for service accounts ----------
  server.route("POST", "/token", (req) => {
    const form = req.form();
    const invalid = (description: string): FakeReply => ({ status: 400, json: { error: "invalid_grant", error_description: description } });
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return { status: 400, json: { error: "unsupported_grant_type", error_description: "Invalid grant_type." } };
    const [h, p, s] = (form.get("assertion") ?? "").split(".");
    if (!h || !p || !s) return invalid("Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.");
    let header: { alg?: string };
    let claims: { iss?: string; aud?: string; scope?: string; exp?: number; iat?: number };
    try {
      header = JSON.parse(base64url(h));
      claims = JSON.parse(base64url(p));
    } catch {
      return invalid("Invalid JWT.");
    }
    const account = accounts.get(claims.iss ?? "");
    if (!account) return invalid("Invalid grant: account not found");
    if (header.alg !== "RS256" || !crypto.verify("RSA-SHA256", Buffer.from(`${h}.${p}`), account.publicKey, Buffer.from(s, "base64url")))
      return invalid("Invalid JWT Signature.");
    const t = Math.floor(Date.now() / 1000);
    if (claims.aud !== GOOGLE_TOKEN_AUDIENCE) return invalid("Invalid JWT: Failed audience check.");
    if (!claims.exp || !claims.iat || claims.exp < t || claims.exp - claims.iat > 3600)
      return invalid("Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.");
    if (account.disabled) return invalid("Invalid grant: account disabled");
    if (!String(claims.scope ?? "").split(" ").some((sc) => sc === BIGQUERY_SCOPE || sc === "https://www.googleapis.com/auth/cloud-platform"))
      return { status: 400, json: { error: "invalid_scope", error_description: "Invalid OAuth scope or ID token audience provided." } };
    const token = `ya29.fake-${crypto.randomBytes(18).toString("base64url")}`;
    tokens.set(token, { email: account.email, expires: Date.now() + 3600_000 });
    return { status: 200, json: { access_token: token, expires_in: 3599, token_type: "Bearer" } };
  });

  /** The caller's service account, or the 401/403 BigQuery answers. */
  function authorize(req: RecordedRequest, projectId: string): FakeReply | undefined {
    const token = /^Bearer (.+)$/i.exec(String(req.headers.authorization ?? ""))?.[1];
    const grant = token ? tokens.get(token) : undefined;
    if (!grant || grant.expires < Date.now())
      return googleError(401, "unauthorized", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.");
    const account = accounts.get(grant.email)!;
    if (!account.projects.has(projectId))
      return googleError(403, "accessDenied", `Access Denied: Project ${projectId}: User does not have bigquery.jobs.create permission in project ${projectId}.`);
    return undefined;
  }

  /** Standing API route with authorization on the path's project. */
  function api(method: string, path: string, handler: (req: RecordedRequest) => FakeReply | Promise<FakeReply>) {
    server.route(method, path, (req) => authorize(req, req.params.projectId!) ?? handler(req));
  }

  // ---------- datasets ----------
  const datasetResource = (d: FakeDataset) => ({
    kind: "bigquery#dataset",
    id: `${d.projectId}:${d.datasetId}`,
    datasetReference: { projectId: d.projectId, datasetId: d.datasetId },
    location: d.location,
    etag: "fake",
  });
  const datasetNotFound = (p: string, d: string) => googleError(404, "notFound", `Not found: Dataset ${p}:${d}`);

  api("GET", "/bigquery/v2/projects/:projectId/datasets/:datasetId", (req) => {
    const d = datasets.get(dsKey(req.params.projectId!, req.params.datasetId!));
    return d ? { json: datasetResource(d) } : datasetNotFound(req.params.projectId!, req.params.datasetId!);
  });
  api("POST", "/bigquery/v2/projects/:projectId/datasets", (req) => {
    const body = req.json<{ datasetReference?: { datasetId?: string }; location?: string }>();
    const id = body.datasetReference?.datasetId ?? "";
    if (!/^[A-Za-z0-9_]{1,1024}$/.test(id)) return googleError(400, "invalid", `Invalid dataset ID "${id}". Dataset IDs must be alphanumeric (plus underscores) and must be at most 1024 characters long.`);
    const key = dsKey(req.params.projectId!, id);
    if (datasets.has(key)) return googleError(409, "duplicate", `Already Exists: Dataset ${req.params.projectId}:${id}`);
    const d: FakeDataset = { projectId: req.params.projectId!, datasetId: id, location: body.location ?? "US", tables: new Map() };
    datasets.set(key, d);
    return { json: datasetResource(d) };
  });

  // ---------- tables ----------
  const tableResource = (t: FakeTable) => ({
    kind: "bigquery#table",
    id: `${t.projectId}:${t.datasetId}.${t.tableId}`,
    tableReference: { projectId: t.projectId, datasetId: t.datasetId, tableId: t.tableId },
    schema: { fields: t.fields },
    timePartitioning: t.timePartitioning,
    clustering: t.clustering,
    expirationTime: t.expirationTime,
    numRows: String(t.rows.length),
    creationTime: t.creationTime,
    lastModifiedTime: t.lastModifiedTime,
    type: "TABLE",
    location: datasets.get(dsKey(t.projectId, t.datasetId))?.location,
    etag: "fake",
  });
  const tableNotFound = (p: string, d: string, t: string) => googleError(404, "notFound", `Not found: Table ${p}:${d}.${t}`);

  function validateSchema(fields: FieldSchema[]): string | undefined {
    const seen = new Set<string>();
    for (const f of fields) {
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,299}$/.test(f.name)) return `Invalid field name "${f.name}". Fields must contain only letters, numbers, and underscores, start with a letter or underscore, and be at most 300 characters long.`;
      if (seen.has(f.name.toLowerCase())) return `Field ${f.name} already exists in schema`;
      seen.add(f.name.toLowerCase());
      if (!["STRING", "FLOAT", "INTEGER", "BOOLEAN", "DATE", "TIMESTAMP"].includes(canonicalType(f.type))) return `Invalid value for type: ${f.type} is not a valid value`;
    }
    return undefined;
  }

  function createTable(d: FakeDataset, body: { tableReference?: { tableId?: string }; schema?: { fields?: FieldSchema[] }; timePartitioning?: FakeTable["timePartitioning"]; clustering?: FakeTable["clustering"]; expirationTime?: string }): FakeReply | FakeTable {
    const id = body.tableReference?.tableId ?? "";
    if (!/^[\p{L}\p{M}\p{N}\p{Pc}\p{Pd}\p{Zs}]{1,1024}$/u.test(id)) return googleError(400, "invalid", `Invalid table ID "${id}".`);
    if (d.tables.has(id)) return googleError(409, "duplicate", `Already Exists: Table ${d.projectId}:${d.datasetId}.${id}`);
    const fields = (body.schema?.fields ?? []).map((f) => ({ name: f.name, type: canonicalType(f.type), mode: f.mode ?? "NULLABLE" }));
    const problem = validateSchema(fields);
    if (problem) return googleError(400, "invalid", problem);
    if (body.timePartitioning?.field) {
      const f = fields.find((x) => x.name.toLowerCase() === body.timePartitioning!.field!.toLowerCase());
      if (!f || !["DATE", "TIMESTAMP"].includes(f.type))
        return googleError(400, "invalid", `The field specified for time partitioning can only be of type TIMESTAMP, DATE or DATETIME. The type found is: ${f?.type ?? "missing"}.`);
    }
    for (const c of body.clustering?.fields ?? [])
      if (!fields.some((x) => x.name.toLowerCase() === c.toLowerCase())) return googleError(400, "invalid", `The field specified for clustering cannot be found in the schema. Invalid field: ${c}.`);
    const t: FakeTable = {
      projectId: d.projectId,
      datasetId: d.datasetId,
      tableId: id,
      fields,
      rows: [],
      timePartitioning: body.timePartitioning,
      clustering: body.clustering,
      expirationTime: body.expirationTime,
      creationTime: millis(),
      lastModifiedTime: millis(),
    };
    d.tables.set(id, t);
    return t;
  }

  api("GET", "/bigquery/v2/projects/:projectId/datasets/:datasetId/tables/:tableId", (req) => {
    const { projectId: p, datasetId: ds, tableId: id } = req.params as Record<string, string>;
    const d = datasets.get(dsKey(p, ds));
    if (!d) return datasetNotFound(p, ds);
    const t = d.tables.get(id);
    return t ? { json: tableResource(t) } : tableNotFound(p, ds, id);
  });
  api("POST", "/bigquery/v2/projects/:projectId/datasets/:datasetId/tables", (req) => {
    const d = datasets.get(dsKey(req.params.projectId!, req.params.datasetId!));
    if (!d) return datasetNotFound(req.params.projectId!, req.params.datasetId!);
    const t = createTable(d, req.json());
    return "fields" in t ? { json: tableResource(t) } : t;
  });
  // tables.patch: only adding NULLABLE columns is allowed (https://cloud.google.com/bigquery/docs/managing-table-schemas).
  api("PATCH", "/bigquery/v2/projects/:projectId/datasets/:datasetId/tables/:tableId", (req) => {
    const { projectId: p, datasetId: ds, tableId: id } = req.params as Record<string, string>;
    const t = datasets.get(dsKey(p, ds))?.tables.get(id);
    if (!t) return tableNotFound(p, ds, id);
    const body = req.json<{ schema?: { fields?: FieldSchema[] }; expirationTime?: string }>();
    if (body.schema?.fields) {
      const next = body.schema.fields.map((f) => ({ name: f.name, type: canonicalType(f.type), mode: f.mode ?? "NULLABLE" }));
      for (const old of t.fields) {
        const same = next.find((f) => f.name.toLowerCase() === old.name.toLowerCase());
        if (!same) return googleError(400, "invalid", `Provided Schema does not match Table ${p}:${ds}.${id}. Field ${old.name} is missing in new schema`);
        if (same.type !== old.type) return googleError(400, "invalid", `Provided Schema does not match Table ${p}:${ds}.${id}. Field ${old.name} has changed type from ${old.type} to ${same.type}`);
      }
      for (const f of next)
        if (!t.fields.some((o) => o.name.toLowerCase() === f.name.toLowerCase()) && f.mode === "REQUIRED")
          return googleError(400, "invalid", `Provided Schema does not match Table ${p}:${ds}.${id}. Cannot add required fields to an existing schema. (field: ${f.name})`);
      const problem = validateSchema(next);
      if (problem) return googleError(400, "invalid", problem);
      t.fields = next;
    }
    if (body.expirationTime !== undefined) t.expirationTime = body.expirationTime;
    t.lastModifiedTime = millis();
    return { json: tableResource(t) };
  });
  api("DELETE", "/bigquery/v2/projects/:projectId/datasets/:datasetId/tables/:tableId", (req) => {
    const { projectId: p, datasetId: ds, tableId: id } = req.params as Record<string, string>;
    const d = datasets.get(dsKey(p, ds));
    if (!d?.tables.delete(id)) return tableNotFound(p, ds, id);
    return { status: 204 };
  });

  // ---------- tabledata.list ----------
  api("GET", "/bigquery/v2/projects/:projectId/datasets/:datasetId/tables/:tableId/data", (req) => {
    const { projectId: p, datasetId: ds, tableId: id } = req.params as Record<string, string>;
    const t = datasets.get(dsKey(p, ds))?.tables.get(id);
    if (!t) return tableNotFound(p, ds, id);
    const start = Number(req.query.get("pageToken") ?? req.query.get("startIndex") ?? 0);
    const max = Math.min(Number(req.query.get("maxResults") ?? 1000) || 1000, 1000);
    const int64 = req.query.get("formatOptions.useInt64Timestamp") === "true";
    const page = t.rows.slice(start, start + max);
    const next = start + page.length < t.rows.length ? String(start + page.length) : undefined;
    return {
      json: {
        kind: "bigquery#tableDataList",
        totalRows: String(t.rows.length),
        pageToken: next,
        rows: page.map((r) => ({ f: t.fields.map((f) => ({ v: render(f, r[f.name.toLowerCase()] ?? null, int64) })) })),
        etag: "fake",
      },
    };
  });

  // ---------- jobs ----------
  function jobResource(projectId: string, body: Record<string, unknown>, type: "load" | "query", location: string) {
    const ref = (body.jobReference ?? {}) as { jobId?: string; location?: string };
    const jobId = ref.jobId ?? crypto.randomUUID();
    const loc = ref.location ?? location;
    return {
      kind: "bigquery#job",
      id: `${projectId}:${loc}.${jobId}`,
      jobReference: { projectId, jobId, location: loc },
      configuration: { ...(body.configuration as object), jobType: type.toUpperCase() },
      status: { state: "RUNNING" } as Record<string, unknown>,
      statistics: { creationTime: millis(), startTime: millis() } as Record<string, unknown>,
      user_email: "",
    };
  }

  function scriptedFailure(type: "load" | "query", text: string): JobFailure | undefined {
    const i = failures.findIndex((f) => f.kind === type && (!f.contains || text.includes(f.contains)));
    if (i < 0) return undefined;
    const f = failures[i]!;
    if (--f.left <= 0) failures.splice(i, 1);
    return f;
  }

  function finish(projectId: string, resource: ReturnType<typeof jobResource>, error?: { reason: string; message: string }, result?: FakeJob["result"]) {
    resource.status = error ? { state: "DONE", errorResult: error, errors: [error] } : { state: "DONE" };
    resource.statistics.endTime = millis();
    jobs.set(`${projectId}:${resource.jobReference.jobId}`, { resource, result });
    return resource;
  }

  function resolveTable(ref: TableRef, projectId: string): FakeTable {
    const p = ref.projectId ?? projectId;
    const d = datasets.get(dsKey(p, ref.datasetId));
    if (!d) throw new SqlError(`Not found: Dataset ${p}:${ref.datasetId} was not found in location US`);
    const t = d.tables.get(ref.tableId);
    if (!t) throw new SqlError(`Not found: Table ${p}:${ref.datasetId}.${ref.tableId} was not found in location ${d.location}`);
    return t;
  }

  /** Runs a script: statements outside a transaction commit one by one; BEGIN ... COMMIT is all or nothing. */
  function runScript(statements: Statement[], projectId: string, params: Map<string, Cell>, failure?: { at: Statement["kind"]; message: string }): { result?: FakeJob["result"]; affected: number } {
    let tx: Map<FakeTable, Record<string, Cell>[]> | null = null;
    let result: FakeJob["result"];
    let affected = 0;
    const rowsOf = (t: FakeTable) => (tx ? (tx.get(t) ?? tx.set(t, [...t.rows]).get(t)!) : t.rows);
    const write = (t: FakeTable, rows: Record<string, Cell>[]) => {
      if (tx) tx.set(t, rows);
      else {
        t.rows = rows;
        t.lastModifiedTime = millis();
      }
    };
    const column = (t: FakeTable, name: string) => {
      const f = t.fields.find((x) => x.name.toLowerCase() === name.toLowerCase());
      if (!f) throw new SqlError(`Unrecognized name: ${name}`);
      return f;
    };
    for (const st of statements) {
      if (failure && st.kind === failure.at) throw new ScriptFailure(failure.message);
      switch (st.kind) {
        case "begin":
          if (tx) throw new SqlError("Nested transactions are not supported");
          tx = new Map();
          break;
        case "commit":
          if (!tx) throw new SqlError("COMMIT TRANSACTION without BEGIN TRANSACTION");
          for (const [t, rows] of tx) {
            t.rows = rows;
            t.lastModifiedTime = millis();
          }
          tx = null;
          break;
        case "rollback":
          if (!tx) throw new SqlError("ROLLBACK TRANSACTION without BEGIN TRANSACTION");
          tx = null;
          break;
        case "select_literal":
          result = { fields: [{ name: st.alias, type: typeof st.value === "number" ? (Number.isInteger(st.value) ? "INTEGER" : "FLOAT") : typeof st.value === "boolean" ? "BOOLEAN" : "STRING" }], rows: [[st.value]] };
          break;
        case "delete": {
          const t = resolveTable(st.table, projectId);
          for (const c of st.where) column(t, c.column);
          const before = rowsOf(t);
          const kept = before.filter((r) => !matchesConditions((c) => r[c.toLowerCase()] ?? null, st.where, params));
          affected += before.length - kept.length;
          write(t, kept);
          result = undefined;
          break;
        }
        case "insert_select": {
          const target = resolveTable(st.table, projectId);
          const source = resolveTable(st.from, projectId);
          const targetFields = st.columns.map((c) => column(target, c));
          const sourceFields = st.selectColumns.map((c) => column(source, c));
          targetFields.forEach((f, i) => {
            if (canonicalType(f.type) !== canonicalType(sourceFields[i]!.type))
              throw new SqlError(`Query column ${i + 1} has type ${sourceFields[i]!.type} which cannot be inserted into column ${f.name}, which has type ${f.type}`);
          });
          const added = rowsOf(source).map((r) => {
            const out: Record<string, Cell> = {};
            for (const f of target.fields) out[f.name.toLowerCase()] = null;
            targetFields.forEach((f, i) => (out[f.name.toLowerCase()] = r[sourceFields[i]!.name.toLowerCase()] ?? null));
            return out;
          });
          affected += added.length;
          write(target, [...rowsOf(target), ...added]);
          result = undefined;
          break;
        }
      }
    }
    if (tx) throw new SqlError("Transaction was never committed; it has been rolled back");
    return { result, affected };
  }

  api("POST", "/bigquery/v2/projects/:projectId/jobs", async (req) => {
    const projectId = req.params.projectId!;
    const body = req.json<Record<string, unknown> & { configuration?: { dryRun?: boolean; query?: { query?: string; useLegacySql?: boolean; queryParameters?: Array<{ name: string; parameterType: { type: string }; parameterValue: { value?: string | null } }> }; load?: unknown } }>();
    const ref = body.jobReference as { jobId?: string } | undefined;
    if (ref?.jobId && jobs.has(`${projectId}:${ref.jobId}`)) return googleError(409, "duplicate", `Already Exists: Job ${projectId}:US.${ref.jobId}`);
    const q = body.configuration?.query;
    if (!q?.query) return googleError(400, "invalid", body.configuration?.load ? "Load jobs from Cloud Storage URIs are not supported by this fake; upload the data." : "Required parameter is missing");
    if (q.useLegacySql !== false) return googleError(400, "invalid", "This fake only runs GoogleSQL: set useLegacySql to false.");
    const resource = jobResource(projectId, body, "query", "US");
    let statements: Statement[];
    try {
      statements = parseScript(q.query);
    } catch (error) {
      if (body.configuration?.dryRun) return googleError(400, "invalidQuery", (error as Error).message);
      jobLog.push({ type: "query", query: q.query, state: "DONE", error: (error as Error).message });
      return { json: finish(projectId, resource, { reason: "invalidQuery", message: (error as Error).message }) };
    }
    if (body.configuration?.dryRun) {
      resource.status = { state: "DONE" };
      resource.statistics = { ...resource.statistics, totalBytesProcessed: "0", query: { totalBytesProcessed: "0", statementType: statements.length > 1 ? "SCRIPT" : "SELECT" } };
      return { json: resource };
    }
    const params = new Map<string, Cell>();
    for (const p of q.queryParameters ?? []) {
      const v = p.parameterValue?.value ?? null;
      params.set(p.name, v !== null && ["FLOAT64", "INT64", "NUMERIC"].includes(p.parameterType.type) ? Number(v) : v);
    }
    const scripted = scriptedFailure("query", q.query);
    if (scripted?.atStatement) {
      const message = scripted.message ?? "Error encountered during execution. Retrying may solve the problem.";
      try {
        runScript(statements, projectId, params, { at: scripted.atStatement, message });
      } catch (error) {
        if (!(error instanceof ScriptFailure) && !(error instanceof SqlError)) throw error;
      }
      jobLog.push({ type: "query", query: q.query, state: "DONE", error: message });
      return { json: finish(projectId, resource, { reason: scripted.reason ?? "backendError", message }) };
    }
    if (scripted) {
      const error = { reason: scripted.reason ?? "backendError", message: scripted.message ?? "Error encountered during execution. Retrying may solve the problem." };
      jobLog.push({ type: "query", query: q.query, state: "DONE", error: error.message });
      return { json: finish(projectId, resource, error) };
    }
    try {
      const { result, affected } = runScript(statements, projectId, params);
      resource.statistics = { ...resource.statistics, query: { statementType: statements.length > 1 ? "SCRIPT" : statements[0]!.kind.toUpperCase(), numDmlAffectedRows: String(affected) } };
      jobLog.push({ type: "query", query: q.query, state: "DONE" });
      const reply = { json: finish(projectId, resource, undefined, result) };
      await fake.afterQueryJob?.({ query: q.query, params });
      return reply;
    } catch (error) {
      if (!(error instanceof SqlError)) throw error;
      const reason = error.message.startsWith("Not found") ? "notFound" : "invalidQuery";
      jobLog.push({ type: "query", query: q.query, state: "DONE", error: error.message });
      return { json: finish(projectId, resource, { reason, message: error.message }) };
    }
  });

  // Load jobs arrive through the media upload endpoint; the client sends uploadType=multipart.
  server.route("POST", "/upload/bigquery/v2/projects/:projectId/jobs", (req) => {
    const projectId = req.params.projectId!;
    const denied = authorize(req, projectId);
    if (denied) return denied;
    if (req.query.get("uploadType") !== "multipart") return googleError(400, "invalid", "This fake accepts uploadType=multipart only (what @google-cloud/bigquery sends).");
    const [meta, data = ""] = multipartParts(req);
    const body = JSON.parse(meta ?? "{}") as Record<string, unknown> & {
      configuration?: { load?: { destinationTable?: { projectId?: string; datasetId: string; tableId: string }; sourceFormat?: string; schema?: { fields: FieldSchema[] }; writeDisposition?: string; createDisposition?: string; ignoreUnknownValues?: boolean } };
    };
    const ref = body.jobReference as { jobId?: string } | undefined;
    if (ref?.jobId && jobs.has(`${projectId}:${ref.jobId}`)) return googleError(409, "duplicate", `Already Exists: Job ${projectId}:US.${ref.jobId}`);
    const load = body.configuration?.load;
    if (!load?.destinationTable) return googleError(400, "invalid", "Required parameter is missing: destinationTable");
    const resource = jobResource(projectId, body, "load", "US");
    const fail = (reason: string, message: string) => {
      jobLog.push({ type: "load", state: "DONE", error: message });
      return { json: finish(projectId, resource, { reason, message }) };
    };
    if ((load.sourceFormat ?? "CSV") !== "NEWLINE_DELIMITED_JSON") return fail("invalid", "This fake loads NEWLINE_DELIMITED_JSON only.");
    const scripted = scriptedFailure("load", data);
    if (scripted) return fail(scripted.reason ?? "backendError", scripted.message ?? "Error encountered during execution. Retrying may solve the problem.");
    const dest = load.destinationTable;
    const d = datasets.get(dsKey(dest.projectId ?? projectId, dest.datasetId));
    if (!d) return fail("notFound", `Not found: Dataset ${dest.projectId ?? projectId}:${dest.datasetId}`);
    let t = d.tables.get(dest.tableId);
    if (!t) {
      if (load.createDisposition === "CREATE_NEVER") return fail("notFound", `Not found: Table ${d.projectId}:${d.datasetId}.${dest.tableId}`);
      if (!load.schema) return fail("invalid", "No schema specified on job or table.");
      const created = createTable(d, { tableReference: { tableId: dest.tableId }, schema: load.schema });
      if (!("fields" in created)) return fail("invalid", "Could not create the destination table.");
      t = created;
    }
    const byName = new Map(t.fields.map((f) => [f.name.toLowerCase(), f]));
    const rows: Record<string, Cell>[] = [];
    let position = 0;
    try {
      for (const line of data.split("\n")) {
        const start = position;
        position += Buffer.byteLength(line) + 1;
        if (line.trim() === "") continue;
        let obj: Record<string, unknown>;
        try {
          obj = JSON.parse(line);
        } catch {
          throw new RowError(`JSON parsing error in row starting at position ${start}: Parser terminated before end of string`);
        }
        const row: Record<string, Cell> = {};
        for (const f of t.fields) row[f.name.toLowerCase()] = null;
        for (const [k, v] of Object.entries(obj)) {
          const f = byName.get(k.toLowerCase());
          if (!f) {
            if (load.ignoreUnknownValues) continue;
            throw new RowError(`JSON parsing error in row starting at position ${start}: No such field: ${k}.`);
          }
          row[f.name.toLowerCase()] = coerce(f, v);
        }
        for (const f of t.fields) if (f.mode === "REQUIRED" && row[f.name.toLowerCase()] === null) coerce(f, null);
        rows.push(row);
      }
    } catch (error) {
      if (error instanceof RowError) return fail("invalid", `Error while reading data, error message: ${error.message}`);
      throw error;
    }
    const disposition = load.writeDisposition ?? "WRITE_APPEND";
    if (disposition === "WRITE_EMPTY" && t.rows.length > 0) return fail("duplicate", `Already Exists: Table ${t.projectId}:${t.datasetId}.${t.tableId}`);
    t.rows = disposition === "WRITE_TRUNCATE" ? rows : [...t.rows, ...rows];
    t.lastModifiedTime = millis();
    resource.statistics = { ...resource.statistics, load: { outputRows: String(rows.length), inputFiles: "1", inputFileBytes: String(Buffer.byteLength(data)) } };
    jobLog.push({ type: "load", state: "DONE" });
    return { json: finish(projectId, resource) };
  });

  api("GET", "/bigquery/v2/projects/:projectId/jobs/:jobId", (req) => {
    const job = jobs.get(`${req.params.projectId}:${req.params.jobId}`);
    return job ? { json: job.resource } : googleError(404, "notFound", `Not found: Job ${req.params.projectId}:${req.params.jobId}`);
  });

  // jobs.getQueryResults
  api("GET", "/bigquery/v2/projects/:projectId/queries/:jobId", (req) => {
    const job = jobs.get(`${req.params.projectId}:${req.params.jobId}`);
    if (!job) return googleError(404, "notFound", `Not found: Job ${req.params.projectId}:${req.params.jobId}`);
    const status = job.resource.status as { errorResult?: { reason: string; message: string } };
    if (status.errorResult) return googleError(400, status.errorResult.reason, status.errorResult.message);
    const result = job.result;
    return {
      json: {
        kind: "bigquery#getQueryResultsResponse",
        jobReference: job.resource.jobReference,
        jobComplete: true,
        schema: result ? { fields: result.fields } : undefined,
        totalRows: String(result?.rows.length ?? 0),
        rows: result?.rows.map((r) => ({ f: r.map((v, i) => ({ v: render(result.fields[i]!, v, false) })) })),
        numDmlAffectedRows: ((job.resource.statistics as { query?: { numDmlAffectedRows?: string } }).query?.numDmlAffectedRows) ?? undefined,
        etag: "fake",
      },
    };
  });

  const fake: FakeBigQuery = {
    url: server.url,
    tokenUrl: `${server.url}/token`,
    server,
    createServiceAccount({ projectId, extraProjects = [], name = "loader" }) {
      const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
      const email = `${name}@${projectId}.iam.gserviceaccount.com`;
      accounts.set(email, { email, publicKey, projects: new Set([projectId, ...extraProjects]), disabled: false });
      return JSON.stringify({
        type: "service_account",
        project_id: projectId,
        private_key_id: crypto.randomBytes(20).toString("hex"),
        private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        client_email: email,
        client_id: String(crypto.randomInt(1e9)),
        auth_uri: "https://accounts.google.com/o/oauth2/auth",
        token_uri: GOOGLE_TOKEN_AUDIENCE,
      });
    },
    disableServiceAccount(email) {
      const a = accounts.get(email);
      if (a) a.disabled = true;
      for (const [token, grant] of tokens) if (grant.email === email) tokens.delete(token);
    },
    createDataset(projectId, datasetId, location = "US") {
      datasets.set(dsKey(projectId, datasetId), { projectId, datasetId, location, tables: new Map() });
    },
    table: (p, d, t) => datasets.get(dsKey(p, d))?.tables.get(t),
    tables: (p, d) => [...(datasets.get(dsKey(p, d))?.tables.values() ?? [])],
    jobs: () => [...jobLog],
    failJob(failure) {
      failures.push({ ...failure, left: failure.times ?? 1 });
    },
    failRequests(method, pattern, times = 1) {
      for (let i = 0; i < times; i++) server.once(method, pattern, googleError(500, "backendError", "Backend error. Retrying may solve the problem."));
    },
    close: () => server.close(),
  };
  return fake;
}
