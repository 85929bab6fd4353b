import { sql, type Kysely } from "kysely";

/**
 * Issue 15 (docs/decisions/0850-throttling.md): a sign-in attempt is recorded before the password
 * is checked ("pending") and settled afterwards, so parallel attempts see each other; a refused
 * attempt and a password reset are kept apart from failures. Outgoing account e-mails are
 * counted per recipient and per client address. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("login_attempts").addColumn("outcome", "text", (c) => c.notNull().defaultTo("failure")).execute();
  await sql`update login_attempts set outcome = case when success then 'success' else 'failure' end`.execute(db);
  await db.schema.alterTable("login_attempts").dropColumn("success").execute();
  await sql`alter table login_attempts add constraint login_attempts_outcome_check check (outcome in ('pending', 'failure', 'success', 'refused', 'reset'))`.execute(db);
  // Emails are stored lower-cased; the rules compare them as stored.
  await sql`create index login_attempts_email_at_idx on login_attempts (email, created_at desc)`.execute(db);
  await sql`create index login_attempts_ip_idx on login_attempts (ip, created_at desc) where ip is not null`.execute(db);

  await db.schema
    .createTable("mail_requests")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("refused", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index mail_requests_address_idx on mail_requests (address, kind, created_at desc)`.execute(db);
  await sql`create index mail_requests_ip_idx on mail_requests (ip, created_at desc) where ip is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mail_requests").execute();
  await sql`drop index if exists login_attempts_ip_idx`.execute(db);
  await sql`drop index if exists login_attempts_email_at_idx`.execute(db);
  await db.schema.alterTable("login_attempts").addColumn("success", "boolean", (c) => c.notNull().defaultTo(false)).execute();
  await sql`update login_attempts set success = (outcome = 'success')`.execute(db);
  await sql`delete from login_attempts where outcome in ('pending', 'refused', 'reset')`.execute(db);
  await db.schema.alterTable("login_attempts").dropColumn("outcome").execute();
}
