// Which physical table (or object folder) a job's table name lands in, as the destination resolves
// it, so that two jobs are never allowed to replace each other's rows (decision 0820). A load
// deletes its (account, days) scope before writing: a second job on the same table would delete the
// first job's rows. Names are compared the way destinations read them:
// - case never tells two tables apart (MySQL on case-insensitive file systems, Azure SQL's default
//   collation and Snowflake fold it; on PostgreSQL an unquoted query of "Sales" reads "sales");
// - an unqualified SQL name lives in the connection's default schema: PostgreSQL and Redshift look
//   in the user's own schema, then public (search_path "$user", public); Azure SQL in the user's
//   default schema (dbo unless changed); MySQL in the configured database; Snowflake in the schema
//   of "DATABASE.SCHEMA" (PUBLIC when absent); BigQuery in the configured dataset ("dataset.table"
//   names another dataset of the same project);
// - object stores write `{name}/{account}/{day}.{ext}`: a name inside another job's folder
//   ("exports" and "exports/daily") mixes files into the folder readers point at that job.
// Two destination rows with the same settings (host, database, bucket...) are one place.
// The database's unique index (db/repositories/data-streams claimJobTable) holds the coarse rule
// that needs no settings: one destination row, one lower-cased name, one job.
import { describeDestination } from "./catalogue.js";
import { splitHostPort } from "./sql.js";

export type TableTarget =
  | { kind: "sql"; place: string; schemas: string[]; table: string }
  | { kind: "storage"; place: string; path: string[] };

const lower = (s: string | undefined) => (s ?? "").trim().toLowerCase();

/** Where a destination's settings point: jobs of two rows with the same place share tables. */
export function destinationPlace(type: string, config: Record<string, string>): string {
  const endpoint = lower(config.endpoint);
  const at = (host: string | undefined, port: number) => {
    const hp = splitHostPort(host ?? "", port);
    return `${lower(hp.host)}:${hp.port}`;
  };
  switch (type) {
    case "postgres":
      return `postgres|${at(config.host, 5432)}/${lower(config.database)}`;
    case "redshift":
      return `redshift|${at(config.host, 5439)}/${lower(config.database)}`;
    // MySQL's database is only the default schema: "other_db.table" reaches the same server's others.
    case "mysql":
      return `mysql|${at(config.host, 3306)}`;
    case "azure_sql":
      return `azure_sql|${at(config.host, 1433)}/${lower(config.database)}`;
    case "snowflake":
      return `snowflake|${lower(config.host)}|${endpoint}/${lower(config.database).split(".")[0]}`;
    case "big_query":
      return `big_query|${endpoint}|${lower(config.projectId)}`;
    case "amazon_s3":
    case "google_cloud_storage":
      return `${type}|${endpoint}|${lower(config.bucketId)}`;
    case "azure_blob_storage": {
      const account = /(?:^|;)\s*(?:AccountName|BlobEndpoint)\s*=\s*([^;]+)/i.exec(config.connectionString ?? "")?.[1];
      return `${type}|${lower(account)}|${lower(config.bucketId)}`;
    }
    default:
      return `${type}|${JSON.stringify(config)}`;
  }
}

/** The schemas an unqualified name may resolve to on this destination (lower case). */
function defaultSchemas(type: string, config: Record<string, string>): string[] {
  const user = lower(config.username);
  switch (type) {
    case "postgres":
    case "redshift":
      return [...new Set([user, "public"].filter(Boolean))];
    case "azure_sql":
      return [...new Set(["dbo", user].filter(Boolean))];
    case "mysql":
      return [lower(config.database)];
    case "snowflake":
      return [lower(config.database).split(".")[1] || "public"];
    case "big_query":
      return [lower(config.dataSetId)];
    default:
      return [""];
  }
}

/** The table a job's name lands in on this destination. */
export function tableTarget(type: string, config: Record<string, string>, name: string): TableTarget {
  const place = destinationPlace(type, config);
  if (describeDestination(type)?.kind === "storage") {
    // "a//b" and "a/./b" are other keys to the store but the same folder to every reader.
    return { kind: "storage", place, path: lower(name).split("/").filter((p) => p !== "" && p !== ".") };
  }
  const parts = lower(name).split(".");
  const table = parts.at(-1) ?? "";
  return { kind: "sql", place, table, schemas: parts.length > 1 ? [parts[0]!] : defaultSchemas(type, config) };
}

/** Whether loading `a` could replace or mix with rows of `b`. */
export function targetsOverlap(a: TableTarget, b: TableTarget): boolean {
  if (a.place !== b.place) return false;
  if (a.kind === "sql" && b.kind === "sql") return a.table === b.table && a.schemas.some((s) => b.schemas.includes(s));
  if (a.kind === "storage" && b.kind === "storage") {
    const n = Math.min(a.path.length, b.path.length);
    return a.path.slice(0, n).every((p, i) => p === b.path[i]);
  }
  return false;
}
