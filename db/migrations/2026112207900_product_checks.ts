import { sql, type Kysely } from "kysely";

/**
 * Issue 7: the product_available check (decision 0515). The accounts it is activated on, the
 * products each run found, and the "product" kind on automatic_check_runs. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("product_check_activations")
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.primaryKey().references("data_sources.id").onDelete("cascade"))
    .addColumn("activated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("activated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("shopping_products")
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("availability", "text", (c) => c.notNull())
    .addColumn("advertised", "boolean", (c) => c.notNull())
    .addColumn("cost_yesterday", "double precision")
    .addColumn("checked_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("shopping_products_pkey", ["data_source_id", "product_id"])
    .execute();
  for (const t of ["product_check_activations", "shopping_products"]) {
    await db.schema.createIndex(`${t}_company_idx`).on(t).column("company_id").execute();
  }
  await sql`alter table automatic_check_runs drop constraint if exists automatic_check_runs_kind_check`.execute(db);
  await sql`alter table automatic_check_runs add constraint automatic_check_runs_kind_check check (kind in ('security', 'conversion_tag', 'product'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from automatic_check_runs where kind = 'product'`.execute(db);
  await sql`alter table automatic_check_runs drop constraint if exists automatic_check_runs_kind_check`.execute(db);
  await sql`alter table automatic_check_runs add constraint automatic_check_runs_kind_check check (kind in ('security', 'conversion_tag'))`.execute(db);
  for (const t of ["shopping_products", "product_check_activations"]) await db.schema.dropTable(t).ifExists().execute();
}
