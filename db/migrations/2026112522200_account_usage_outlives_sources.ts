import { sql, type Kysely } from "kysely";

/**
 * Issue 19: deleting a source lowered "accounts used in the last 30 days", because account_usage
 * rows went with their data source (ON DELETE CASCADE). A read that happened still counts (and
 * still shows on Billing), so the rows outlive the account: no foreign key to data_sources any
 * more (its ids are never reused), and the account's name, id and platform are copied onto its
 * usage rows just before it is deleted, by triggers on both tables (deleting a source deletes its
 * data sources by cascade, after the source row is gone). Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table account_usage drop constraint account_usage_data_source_id_fkey`.execute(db);
  await db.schema.alterTable("account_usage").addColumn("gone_name", "text").addColumn("gone_account_id", "text").addColumn("gone_platform", "text").execute();
  await sql`
    create function account_usage_keep_platform() returns trigger language plpgsql as $$
    begin
      update account_usage u set gone_platform = old.platform
        from data_sources d where d.network_authorization_id = old.id and u.data_source_id = d.id;
      return old;
    end $$`.execute(db);
  await sql`create trigger account_usage_keep_platform before delete on network_authorizations for each row execute function account_usage_keep_platform()`.execute(db);
  await sql`
    create function account_usage_keep_account() returns trigger language plpgsql as $$
    begin
      update account_usage set gone_name = old.name, gone_account_id = old.account_id,
        gone_platform = coalesce(gone_platform, (select platform from network_authorizations where id = old.network_authorization_id))
        where data_source_id = old.id;
      return old;
    end $$`.execute(db);
  await sql`create trigger account_usage_keep_account before delete on data_sources for each row execute function account_usage_keep_account()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger account_usage_keep_account on data_sources`.execute(db);
  await sql`drop function account_usage_keep_account()`.execute(db);
  await sql`drop trigger account_usage_keep_platform on network_authorizations`.execute(db);
  await sql`drop function account_usage_keep_platform()`.execute(db);
  await sql`delete from account_usage u where not exists (select 1 from data_sources d where d.id = u.data_source_id)`.execute(db);
  await db.schema.alterTable("account_usage").dropColumn("gone_name").dropColumn("gone_account_id").dropColumn("gone_platform").execute();
  await sql`alter table account_usage add constraint account_usage_data_source_id_fkey foreign key (data_source_id) references data_sources(id) on delete cascade`.execute(db);
}
