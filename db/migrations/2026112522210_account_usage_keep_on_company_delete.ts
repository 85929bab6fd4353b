import { sql, type Kysely } from "kysely";

/**
 * Deleting a company cascades to its sources and accounts after the company row is gone; the
 * triggers of 2026112522200 then updated usage rows of a company that no longer exists, which
 * failed the foreign key and refused the whole delete. Usage of a deleted company goes with it, so
 * the triggers copy names only onto rows whose company still exists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function account_usage_keep_platform() returns trigger language plpgsql as $$
    begin
      update account_usage u set gone_platform = old.platform
        from data_sources d
        where d.network_authorization_id = old.id and u.data_source_id = d.id
          and exists (select 1 from companies c where c.id = u.company_id);
      return old;
    end $$`.execute(db);
  await sql`
    create or replace function account_usage_keep_account() returns trigger language plpgsql as $$
    begin
      update account_usage u set gone_name = old.name, gone_account_id = old.account_id,
        gone_platform = coalesce(u.gone_platform, (select platform from network_authorizations where id = old.network_authorization_id))
        where u.data_source_id = old.id and exists (select 1 from companies c where c.id = u.company_id);
      return old;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function account_usage_keep_platform() returns trigger language plpgsql as $$
    begin
      update account_usage u set gone_platform = old.platform
        from data_sources d where d.network_authorization_id = old.id and u.data_source_id = d.id;
      return old;
    end $$`.execute(db);
  await sql`
    create or replace function account_usage_keep_account() returns trigger language plpgsql as $$
    begin
      update account_usage set gone_name = old.name, gone_account_id = old.account_id,
        gone_platform = coalesce(gone_platform, (select platform from network_authorizations where id = old.network_authorization_id))
        where data_source_id = old.id;
      return old;
    end $$`.execute(db);
}
