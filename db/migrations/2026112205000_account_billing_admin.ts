import { sql, type Kysely } from "kysely";

// Issue 8 (company, team, billing, admin). Frozen in time: written against Kysely<any>.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("companies")
    .addColumn("stripe_currency", "text")
    .addColumn("stripe_interval", "text")
    .addColumn("stripe_period_end", "timestamptz")
    // First moment usage went over the plan's cap; cleared when it comes back under.
    .addColumn("over_limit_since", "timestamptz")
    .addColumn("slack_channel_name", "text")
    .execute();

  // E-mail + password sign-up waits here until the address is verified; no user exists before.
  await db.schema
    .createTable("pending_signups")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("token_digest", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Stripe retries and replays webhooks: one row per event id makes processing happen once.
  await db.schema
    .createTable("stripe_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("company_id", "integer", (c) => c.references("companies.id").onDelete("set null"))
    .addColumn("processed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // "Accounts used in the last 30 days": one row per account and day it was read, whatever read it.
  await db.schema
    .createTable("account_usage")
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("first_via", "text", (c) => c.notNull())
    .addColumn("first_used_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("account_usage_pk", ["data_source_id", "day"])
    .execute();
  await db.schema.createIndex("account_usage_company_day_idx").on("account_usage").columns(["company_id", "day"]).execute();

  await db.schema
    .createTable("admin_actions")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("admin_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("acting_as_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("company_id", "integer", (c) => c.references("companies.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("admin_actions_admin_idx").on("admin_actions").columns(["admin_id", "created_at"]).execute();

  // Looker Studio field overlay: the engine lists what exists; these rows rename and describe.
  await db.schema
    .createTable("gds_fields")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.references("companies.id").onDelete("cascade"))
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("field_id", "text", (c) => c.notNull())
    .addColumn("default_name", "text", (c) => c.notNull())
    .addColumn("default_description", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("description", "text")
    .addColumn("formula", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("field_type", "text", (c) => c.notNull())
    .addColumn("aggregation_type", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index gds_fields_platform_field_uq on gds_fields (platform, field_id) where company_id is null`.execute(db);

  await db.schema
    .createTable("gds_field_translations")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("field_id", "integer", (c) => c.notNull().references("gds_fields.id").onDelete("cascade"))
    .addColumn("language_code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addUniqueConstraint("gds_field_translations_lang_uq", ["field_id", "language_code"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["gds_field_translations", "gds_fields", "admin_actions", "account_usage", "stripe_events", "pending_signups"]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema
    .alterTable("companies")
    .dropColumn("stripe_currency")
    .dropColumn("stripe_interval")
    .dropColumn("stripe_period_end")
    .dropColumn("over_limit_since")
    .dropColumn("slack_channel_name")
    .execute();
}
