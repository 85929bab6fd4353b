import { sql, type Kysely } from "kysely";

/**
 * Issue 15 (decision 0861): what the OAuth provider and the add-in links hand out becomes a
 * listed, revocable grant. oauth_grants holds one row per authorization (a consent or a confirmed
 * add-in link); every access/refresh token pair belongs to one grant, and a rotation keeps it, so
 * the grant is the refresh-token family that a replayed refresh token revokes as a whole.
 * Public clients (no secret) and PKCE: oauth_clients.public, a nullable secret digest, and the
 * code challenge stored with the code. Existing tokens each become a grant of their own.
 * Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_clients").addColumn("public", "boolean", (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable("oauth_clients").alterColumn("secret_digest", (c) => c.dropNotNull()).execute();
  await db.schema.alterTable("oauth_codes").addColumn("code_challenge", "text").execute();
  await db.schema.alterTable("oauth_codes").addColumn("code_challenge_method", "text").execute();

  await db.schema
    .createTable("oauth_grants")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("client_id", "text", (c) => c.notNull().references("oauth_clients.id").onDelete("cascade"))
    .addColumn("platform", "text")
    .addColumn("via", "text", (c) => c.notNull().check(sql`via in ('consent', 'link')`))
    // The code that started it: a replayed code revokes exactly this grant.
    .addColumn("code_digest", "text", (c) => c.unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema.createIndex("oauth_grants_company_idx").on("oauth_grants").columns(["company_id", "revoked_at"]).execute();
  await db.schema.createIndex("oauth_grants_user_idx").on("oauth_grants").column("user_id").execute();

  await db.schema.alterTable("oauth_tokens").addColumn("grant_id", "integer", (c) => c.references("oauth_grants.id").onDelete("cascade")).execute();
  await sql`insert into oauth_grants (id, company_id, user_id, client_id, via, created_at, revoked_at)
            select id, company_id, user_id, client_id, 'consent', created_at, revoked_at from oauth_tokens`.execute(db);
  await sql`update oauth_tokens set grant_id = id`.execute(db);
  await sql`select setval(pg_get_serial_sequence('oauth_grants', 'id'), coalesce((select max(id) from oauth_grants), 0) + 1, false)`.execute(db);
  await db.schema.alterTable("oauth_tokens").alterColumn("grant_id", (c) => c.setNotNull()).execute();
  await db.schema.createIndex("oauth_tokens_grant_idx").on("oauth_tokens").column("grant_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_tokens").dropColumn("grant_id").execute();
  await db.schema.dropTable("oauth_grants").execute();
  await db.schema.alterTable("oauth_codes").dropColumn("code_challenge_method").execute();
  await db.schema.alterTable("oauth_codes").dropColumn("code_challenge").execute();
  await sql`update oauth_clients set secret_digest = '' where secret_digest is null`.execute(db);
  await db.schema.alterTable("oauth_clients").alterColumn("secret_digest", (c) => c.setNotNull()).execute();
  await db.schema.alterTable("oauth_clients").dropColumn("public").execute();
}
