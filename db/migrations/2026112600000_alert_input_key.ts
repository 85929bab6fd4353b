import { sql, type Kysely } from "kysely";

/**
 * What the last successful evaluation of a configured alert read (decision 0894): the digest of its
 * definition, its account's rows and snapshots, and the day (hour for hourly windows) it judged.
 * A pass whose inputs have the same digest would compute the same results, so it records the run
 * as unchanged without evaluating again. Null means "evaluate" (never run, failed, or older code).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table configured_fors add column input_key text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table configured_fors drop column input_key`.execute(db);
}
