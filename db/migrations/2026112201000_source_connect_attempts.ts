import { sql, type Kysely } from "kysely";

// Frozen in time: written against Kysely<any>, never edited after it lands.
// One row per "Connect your account" click: it carries the OAuth state (as a digest), the OAuth
// 1.0a request token secret or the checked credential of a credential form (both encrypted)
// until /oauth2/authorize/{platform}/response turns it into a source. Single use, short-lived.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("source_connect_attempts")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("network_authorization_id", "integer", (c) => c.references("network_authorizations.id").onDelete("cascade"))
    .addColumn("state_digest", "text", (c) => c.notNull().unique())
    .addColumn("request_token", "text")
    .addColumn("secret_encrypted", "text")
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("page"))
    .addColumn("from_app", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("source_connect_attempts_company_idx").on("source_connect_attempts").column("company_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("source_connect_attempts").execute();
}
