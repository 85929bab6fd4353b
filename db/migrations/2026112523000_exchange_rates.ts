import { sql, type Kysely } from "kysely";

/**
 * Issue 22 (decision 0930): the European Central Bank's daily reference rates, one row per
 * publication day and currency (units of the currency per euro), kept forever so a past day
 * converts at its own rate; and the reporting currency a company converts money into (null: no
 * conversion). Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("exchange_rates")
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("rate", "numeric", (c) => c.notNull().check(sql`rate > 0`))
    .addColumn("fetched_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("exchange_rates_pkey", ["currency", "day"])
    .execute();
  await db.schema.createIndex("exchange_rates_day_idx").on("exchange_rates").column("day").execute();
  await db.schema
    .alterTable("companies")
    .addColumn("reporting_currency", "text", (c) => c.check(sql`reporting_currency ~ '^[A-Z]{3}$'`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("companies").dropColumn("reporting_currency").execute();
  await db.schema.dropTable("exchange_rates").execute();
}
