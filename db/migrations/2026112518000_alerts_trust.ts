import { sql, type Kysely } from "kysely";

/**
 * Issue 18 (alerts people can trust), frozen in time:
 * - alert_day_snapshots: every day as the platform reported it at a given age, per account,
 *   read scope (level and filters) and entity, so a trend on a still-changing day compares like
 *   with like (decision 0880). Shared by the alerts of an account that read the same scope.
 * - alert_results.anomaly_since: when the entity's current anomaly started (the inbox's "since").
 * - configured_fors.run_requested_at: a Run now asked and not landed yet (the detail refreshes).
 * - sentries.description: what a template watches and why (the starter library, the picker).
 * - users.alert_email: an e-mail at each change, or one daily digest; digest_sent_on keeps it daily.
 * - companies.starter_templates_at: when the starter templates were added (once per company).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("alert_day_snapshots")
    .addColumn("company_id", "integer", (c) => c.notNull())
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("entity_key", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("age", "smallint", (c) => c.notNull())
    .addColumn("metrics", "text", (c) => c.notNull())
    .addColumn("recorded_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("alert_day_snapshots_pkey", ["data_source_id", "scope", "entity_key", "day", "age"])
    .execute();
  await db.schema.alterTable("alert_results").addColumn("anomaly_since", "timestamptz").execute();
  await sql`update alert_results set anomaly_since = last_analyze where last_status = 'ANOMALY'`.execute(db);
  await db.schema.alterTable("configured_fors").addColumn("run_requested_at", "timestamptz").execute();
  await db.schema.alterTable("sentries").addColumn("description", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("alert_email", "text", (c) => c.notNull().defaultTo("each").check(sql`alert_email in ('each', 'digest')`))
    .execute();
  await db.schema.alterTable("users").addColumn("digest_sent_on", "text").execute();
  await db.schema.alterTable("companies").addColumn("starter_templates_at", "timestamptz").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("companies").dropColumn("starter_templates_at").execute();
  await db.schema.alterTable("users").dropColumn("digest_sent_on").execute();
  await db.schema.alterTable("users").dropColumn("alert_email").execute();
  await db.schema.alterTable("sentries").dropColumn("description").execute();
  await db.schema.alterTable("configured_fors").dropColumn("run_requested_at").execute();
  await db.schema.alterTable("alert_results").dropColumn("anomaly_since").execute();
  await db.schema.dropTable("alert_day_snapshots").execute();
}
