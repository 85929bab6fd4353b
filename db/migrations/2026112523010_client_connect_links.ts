import { sql, type Kysely } from "kysely";

/**
 * Issue 22 item 3 (decision 0932): a link a user sends a client so the client connects one
 * platform for the company without an account. Only the token's digest is stored; the link works
 * once, until it expires or is revoked. While the client is at an OAuth platform, the state of that
 * trip (digest), OAuth 1.0a's request token and the trip's secret (encrypted) wait on the row.
 * Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("client_connect_links")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("created_by_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("client_name", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("token_digest", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("network_authorization_id", "integer", (c) => c.references("network_authorizations.id").onDelete("set null"))
    .addColumn("oauth_state_digest", "text", (c) => c.unique())
    .addColumn("oauth_request_token", "text")
    .addColumn("oauth_secret_encrypted", "text")
    .addColumn("oauth_started_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("client_connect_links_company_idx").on("client_connect_links").columns(["company_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("client_connect_links").execute();
}
