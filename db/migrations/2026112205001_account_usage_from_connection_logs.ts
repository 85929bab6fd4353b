import { sql, type Kysely } from "kysely";

/**
 * Issue 8: "accounts used in the last 30 days" reads one small table. Every successful connection
 * log (query URL request, job run) marks its account as used that UTC day in account_usage, by
 * trigger, so the usage bar on every page does not scan the logs. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function account_usage_from_connection_log() returns trigger language plpgsql as $$
    begin
      if new.success then
        insert into account_usage (company_id, data_source_id, day, first_via, first_used_at, last_used_at)
        select new.company_id, c.data_source_id, (new.start_of_the_request at time zone 'UTC')::date,
               'connection:' || c.destination_type, new.start_of_the_request, new.start_of_the_request
          from connections c
         where c.id = new.connection_id and c.company_id = new.company_id
        on conflict (data_source_id, day) do update
          set first_used_at = least(account_usage.first_used_at, excluded.first_used_at),
              last_used_at = greatest(account_usage.last_used_at, excluded.last_used_at);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger connection_logs_account_usage after insert or update of success on connection_logs
    for each row execute function account_usage_from_connection_log()`.execute(db);
  // Logs written before this migration count too.
  await sql`
    insert into account_usage (company_id, data_source_id, day, first_via, first_used_at, last_used_at)
    select l.company_id, c.data_source_id, (l.start_of_the_request at time zone 'UTC')::date, 'connection:' || min(c.destination_type),
           min(l.start_of_the_request), max(l.start_of_the_request)
      from connection_logs l join connections c on c.id = l.connection_id and c.company_id = l.company_id
     where l.success and l.start_of_the_request >= now() - interval '31 days'
     group by l.company_id, c.data_source_id, (l.start_of_the_request at time zone 'UTC')::date
    on conflict (data_source_id, day) do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists connection_logs_account_usage on connection_logs`.execute(db);
  await sql`drop function if exists account_usage_from_connection_log()`.execute(db);
}
