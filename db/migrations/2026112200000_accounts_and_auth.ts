import { sql, type Kysely } from "kysely";

// Frozen in time: written against Kysely<any>, never edited after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("companies")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("trial_ends_at", "timestamptz", (c) => c.notNull())
    .addColumn("stripe_customer_id", "text")
    .addColumn("stripe_subscription_id", "text")
    .addColumn("stripe_subscription_state", "text")
    .addColumn("stripe_plan", "text")
    .addColumn("stripe_subscription_number_data_source", "integer")
    .addColumn("main_user_id", "integer")
    .addColumn("activate_alert", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("api_key_encrypted", "text", (c) => c.notNull())
    .addColumn("api_key_digest", "text", (c) => c.notNull().unique())
    .addColumn("slack_authorization_encrypted", "text")
    .addColumn("slack_channel_id", "text")
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("roles", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{ROLE_USER}'`))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("google_id", "text", (c) => c.unique())
    .addColumn("skipped_getting_started", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // E-mail is unique whatever its case: people type it both ways.
  await sql`create unique index users_email_lower_idx on users (lower(email))`.execute(db);
  await db.schema.createIndex("users_company_idx").on("users").column("company_id").execute();
  await db.schema
    .alterTable("companies")
    .addForeignKeyConstraint("companies_main_user_fk", ["main_user_id"], "users", ["id"])
    .onDelete("set null")
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("impersonator_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("data", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("success", "boolean", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index login_attempts_email_idx on login_attempts (lower(email), created_at desc)`.execute(db);

  await db.schema
    .createTable("invitations")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_digest", "text", (c) => c.notNull().unique())
    .addColumn("invited_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_digest", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A connected platform login ("source" in the UI, network authorization in the spec).
  await db.schema
    .createTable("network_authorizations")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().defaultTo("SUCCESS"))
    .addColumn("status", "text")
    .addColumn("number_error", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("credential_encrypted", "text", (c) => c.notNull())
    .addColumn("options", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("available_data_sources", "jsonb")
    .addColumn("last_refresh", "timestamptz")
    .addColumn("created_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("network_authorizations_company_idx").on("network_authorizations").column("company_id").execute();

  // One activated account of a source ("data source" / client account in the spec).
  await db.schema
    .createTable("data_sources")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("network_authorization_id", "integer", (c) => c.notNull().references("network_authorizations.id").onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("timezone", "text")
    .addColumn("currency", "text")
    .addColumn("blocked_at", "timestamptz")
    .addColumn("activate_alert", "boolean")
    .addColumn("backed_by_id", "integer", (c) => c.references("data_sources.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("data_sources_authorization_account_uq", ["network_authorization_id", "account_id"])
    .execute();
  await db.schema.createIndex("data_sources_company_idx").on("data_sources").column("company_id").execute();

  await db.schema
    .createTable("data_source_assignees")
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("data_source_assignees_pk", ["data_source_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["data_source_assignees", "data_sources", "network_authorizations", "password_resets", "invitations", "login_attempts", "sessions"]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.alterTable("companies").dropConstraint("companies_main_user_fk").execute();
  await db.schema.dropTable("users").execute();
  await db.schema.dropTable("companies").execute();
}
