import { sql, type Kysely } from "kysely";

/**
 * Issue 7 (alerts bench): every evaluation writes a result and a history row per identification,
 * and each foreign key is a trigger fired per row. Three of them only repeated what another key
 * already guarantees: a history belongs to its result (result_id, cascade), which belongs to its
 * configured alert (configured_for_id, cascade), which belongs to its company (cascade). Deleting
 * a company, an alert or a result still removes everything under it. Dropping the three cut the
 * results + histories statement by about a fifth in bench/alerts. company_id stays on both tables
 * as the tenancy column every read filters on. Frozen in time.
 */
const dropped = [
  ["alert_results", "alert_results_company_id_fkey", "company_id", "companies"],
  ["alert_histories", "alert_histories_company_id_fkey", "company_id", "companies"],
  ["alert_histories", "alert_histories_configured_for_id_fkey", "configured_for_id", "configured_fors"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, name] of dropped) await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(name)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, name, column, target] of dropped) {
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(name)} foreign key (${sql.ref(column)}) references ${sql.table(target)} (id) on delete cascade`.execute(db);
  }
}
