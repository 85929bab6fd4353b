import { sql, type Kysely } from "kysely";

/**
 * Issue 21 (docs/decisions/0910-mcp-server.md): the remote MCP server at /mcp.
 * - Clients an MCP assistant registers itself (RFC 7591): `oauth_clients.dynamic`, and the
 *   address that registered it (registrations are counted per address).
 * - RFC 8707 resource indicators: the resource a code and a grant were issued for. A token whose
 *   grant names the MCP resource is accepted at /mcp only; add-in tokens (null) never at /mcp.
 * - `mcp_calls`: every tool call and resource read of an MCP token, recorded before it runs
 *   (per-token rate limits count these rows) and settled afterwards; the actions are the audit
 *   trail Settings → Connected apps shows.
 * Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_clients").addColumn("dynamic", "boolean", (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable("oauth_clients").addColumn("registered_ip", "text").execute();
  await sql`create index oauth_clients_dynamic_idx on oauth_clients (registered_ip, created_at desc) where dynamic`.execute(db);
  await db.schema.alterTable("oauth_codes").addColumn("resource", "text").execute();
  await db.schema.alterTable("oauth_grants").addColumn("resource", "text").execute();

  await db.schema
    .createTable("mcp_calls")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("grant_id", "integer", (c) => c.notNull().references("oauth_grants.id").onDelete("cascade"))
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('read', 'action')`))
    .addColumn("target", "text")
    .addColumn("outcome", "text", (c) => c.notNull().defaultTo("pending").check(sql`outcome in ('pending', 'ok', 'refused', 'error', 'limited')`))
    .addColumn("detail", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index mcp_calls_grant_idx on mcp_calls (grant_id, created_at desc)`.execute(db);
  await sql`create index mcp_calls_actions_idx on mcp_calls (company_id, created_at desc) where kind = 'action'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mcp_calls").execute();
  await db.schema.alterTable("oauth_grants").dropColumn("resource").execute();
  await db.schema.alterTable("oauth_codes").dropColumn("resource").execute();
  await sql`drop index if exists oauth_clients_dynamic_idx`.execute(db);
  await db.schema.alterTable("oauth_clients").dropColumn("registered_ip").execute();
  await db.schema.alterTable("oauth_clients").dropColumn("dynamic").execute();
}
