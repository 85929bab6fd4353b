import { sql, type Kysely } from "kysely";

/**
 * Issue 8: register mode (spec 3 §2.5). A signed-out visitor connects a platform first; the
 * authorized connection waits here, owned by no company, until the same browser signs up or
 * signs in and claims it. Kept apart from source_connect_attempts so that table stays company-owned.
 * Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("register_connect_attempts")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("state_digest", "text", (c) => c.notNull().unique())
    .addColumn("request_token", "text")
    .addColumn("secret_encrypted", "text")
    .addColumn("from_app", "text")
    .addColumn("return_to", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("authorized_at", "timestamptz")
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("register_connect_attempts_expires_idx").on("register_connect_attempts").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("register_connect_attempts").execute();
}
