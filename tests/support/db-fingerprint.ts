// A digest of every row of every table, to prove a request wrote nothing: inserts, updates and
// deletes all change it. Tables whose writes cannot be pinned on the request being checked
// (UNTRACKED_TABLES) are left out by the caller. Scoped to a company,
// it covers that company's rows: tables with a company_id, its companies row, the rows of join
// tables (data_source_assignees, ...) that point at its rows, and every row of the tables that
// belong to no company; so another company's requests can be shown to leave it untouched while
// writing their own.
import { sql } from "kysely";
import type { DB } from "../../db/connection.js";

export type Fingerprint = Map<string, string>;

/**
 * Tables a sweep leaves out of its fingerprints, because a write there says nothing about the
 * request being checked: sessions, sign-in bookkeeping and the admin audit are written by any
 * request, refused or not; and the use a query preview records (connection logs, connections,
 * account usage: server/connection-recorder.ts) is written once its answer has been read, after
 * the page that showed it was sent, so it lands during whatever request comes next. Usage is
 * always recorded under the company that asked (its own API key).
 */
export const UNTRACKED_TABLES = ["sessions", "login_attempts", "admin_actions", "connection_logs", "connections", "account_usage"];

export async function tableFingerprint(db: DB, exclude: readonly string[] = [], companyId?: number): Promise<Fingerprint> {
  const { tables, scoped, keys } = await schemaOf(db);
  const scope = (name: string) => {
    if (companyId === undefined) return "";
    const id = Number(companyId);
    if (name === "companies") return ` where t.id = ${id}`;
    if (scoped.has(name)) return ` where t.company_id = ${id}`;
    // A join table without company_id belongs to the companies of the rows it points at.
    const owners = keys.filter((k) => k.name === name && scoped.has(k.ref));
    if (!owners.length) return "";
    return ` where ${owners.map((k) => `exists (select 1 from "${k.ref}" r where r."${k.refColumn}" = t."${k.column}" and r.company_id = ${id})`).join(" or ")}`;
  };
  const union = tables
    .filter((name) => !exclude.includes(name))
    .map((name) => `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${name}" t${scope(name)}`)
    .join(" union all ");
  const rows = await sql.raw<{ name: string; digest: string }>(union).execute(db);
  return new Map(rows.rows.map((r) => [r.name, r.digest]));
}

type Schema = { tables: string[]; scoped: Set<string>; keys: Array<{ name: string; column: string; ref: string; refColumn: string }> };

// The tables and their keys do not change during a test, and reading them from
// information_schema costs more than the digests themselves: read once per database.
const schemas = new WeakMap<DB, Promise<Schema>>();

function schemaOf(db: DB): Promise<Schema> {
  let schema = schemas.get(db);
  if (!schema) schemas.set(db, (schema = readSchema(db)));
  return schema;
}

async function readSchema(db: DB): Promise<Schema> {
  const columns = await sql<{ name: string; scoped: boolean }>`
    select t.table_name as name, bool_or(c.column_name = 'company_id') as scoped
    from information_schema.tables t join information_schema.columns c using (table_schema, table_name)
    where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and t.table_name not like 'kysely_%'
    group by t.table_name order by t.table_name`.execute(db);
  const keys = await sql<Schema["keys"][number]>`
    select kcu.table_name as name, kcu.column_name as column, ccu.table_name as ref, ccu.column_name as "refColumn"
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`.execute(db);
  return { tables: columns.rows.map((t) => t.name), scoped: new Set(columns.rows.filter((t) => t.scoped).map((t) => t.name)), keys: keys.rows };
}

/** The tables whose digest differs between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((n) => before.get(n) !== after.get(n));
}
