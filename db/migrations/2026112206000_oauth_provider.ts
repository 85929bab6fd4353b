import { sql, type Kysely } from "kysely";

/** Issue 9: OAuth2 provider (clients, single-use codes, access and refresh tokens) and Excel one-click links. Frozen in time. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("oauth_clients")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("secret_digest", "text", (c) => c.notNull())
    .addColumn("redirect_uris", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("script_platforms", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("oauth_codes")
    .addColumn("code_digest", "text", (c) => c.primaryKey())
    .addColumn("client_id", "text", (c) => c.notNull().references("oauth_clients.id").onDelete("cascade"))
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("redirect_uri", "text", (c) => c.notNull())
    .addColumn("platform", "text")
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("oauth_tokens")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("client_id", "text", (c) => c.notNull().references("oauth_clients.id").onDelete("cascade"))
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("access_digest", "text", (c) => c.notNull().unique())
    .addColumn("refresh_digest", "text", (c) => c.notNull().unique())
    .addColumn("access_expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("refresh_expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("oauth_tokens_company_idx").on("oauth_tokens").column("company_id").execute();
  await db.schema
    .createTable("addon_links")
    .addColumn("uuid", "text", (c) => c.primaryKey())
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("company_id", "integer", (c) => c.references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("linked_at", "timestamptz")
    .addColumn("claimed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("addon_links").execute();
  await db.schema.dropTable("oauth_tokens").execute();
  await db.schema.dropTable("oauth_codes").execute();
  await db.schema.dropTable("oauth_clients").execute();
}
