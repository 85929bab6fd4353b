import type { Migration } from "kysely/migration";
import * as m2026112201000 from "./2026112201000_source_connect_attempts.js";
import * as m2026112200000 from "./2026112200000_accounts_and_auth.js";
import * as m2026112203000 from "./2026112203000_data_streams.js";
import * as m2026112204000 from "./2026112204000_alerts.js";
import * as m2026112202000 from "./2026112202000_query_urls.js";
import * as m2026112205000 from "./2026112205000_account_billing_admin.js";
import * as m2026112205001 from "./2026112205001_account_usage_from_connection_logs.js";
import * as m2026112206000 from "./2026112206000_oauth_provider.js";
import * as m2026112206001 from "./2026112206001_local_storages.js";
import * as m2026112207500 from "./2026112207500_automatic_checks.js";
import * as m2026112207700 from "./2026112207700_register_connect_attempts.js";
import * as m2026112207800 from "./2026112207800_alert_due_index.js";
import * as m2026112207900 from "./2026112207900_product_checks.js";
import * as m2026112208000 from "./2026112208000_alert_due_by_account.js";
import * as m2026112208100 from "./2026112208100_alert_rows_lean_keys.js";
import * as m2026112512000 from "./2026112512000_job_tables.js";
import * as m2026112512100 from "./2026112512100_job_log_days_and_rows.js";
import * as m2026112515000 from "./2026112515000_sign_in_throttling.js";
import * as m2026112516000 from "./2026112516000_addon_grants_and_pkce.js";
import * as m2026112519000 from "./2026112519000_read_cache.js";
import * as m2026112519010 from "./2026112519010_alert_writes_on_change.js";
import * as m2026112518000 from "./2026112518000_alerts_trust.js";
import * as m2026112521000 from "./2026112521000_mcp_server.js";
import * as m2026112522000 from "./2026112522000_user_time_zone.js";
import * as m2026112522100 from "./2026112522100_job_run_requested.js";
import * as m2026112522200 from "./2026112522200_account_usage_outlives_sources.js";
import * as m2026112522210 from "./2026112522210_account_usage_keep_on_company_delete.js";
import * as m2026112523000 from "./2026112523000_exchange_rates.js";
import * as m2026112523010 from "./2026112523010_client_connect_links.js";
import * as m2026112600000 from "./2026112600000_alert_input_key.js";
import * as m2026112601000 from "./2026112601000_read_cache_csv_form.js";
import * as m2026112602000 from "./2026112602000_read_cache_chunk_lengths.js";

/**
 * Every migration, by its timestamp-prefixed name. A static list (rather than reading the
 * folder) works the same under tsx, vitest and bundlers; db/migrations.test.ts fails when a
 * migration file is missing here.
 */
export const migrations: Record<string, Migration> = {
  "2026112201000_source_connect_attempts": m2026112201000,
  "2026112200000_accounts_and_auth": m2026112200000,
  "2026112202000_query_urls": m2026112202000,
  "2026112203000_data_streams": m2026112203000,
  "2026112204000_alerts": m2026112204000,
  "2026112205000_account_billing_admin": m2026112205000,
  "2026112205001_account_usage_from_connection_logs": m2026112205001,
  "2026112206000_oauth_provider": m2026112206000,
  "2026112206001_local_storages": m2026112206001,
  "2026112207500_automatic_checks": m2026112207500,
  "2026112207700_register_connect_attempts": m2026112207700,
  "2026112207800_alert_due_index": m2026112207800,
  "2026112207900_product_checks": m2026112207900,
  "2026112208000_alert_due_by_account": m2026112208000,
  "2026112208100_alert_rows_lean_keys": m2026112208100,
  "2026112512000_job_tables": m2026112512000,
  "2026112512100_job_log_days_and_rows": m2026112512100,
  "2026112515000_sign_in_throttling": m2026112515000,
  "2026112516000_addon_grants_and_pkce": m2026112516000,
  "2026112519000_read_cache": m2026112519000,
  "2026112519010_alert_writes_on_change": m2026112519010,
  "2026112518000_alerts_trust": m2026112518000,
  "2026112521000_mcp_server": m2026112521000,
  "2026112522000_user_time_zone": m2026112522000,
  "2026112522100_job_run_requested": m2026112522100,
  "2026112522200_account_usage_outlives_sources": m2026112522200,
  "2026112522210_account_usage_keep_on_company_delete": m2026112522210,
  "2026112523000_exchange_rates": m2026112523000,
  "2026112523010_client_connect_links": m2026112523010,
  "2026112600000_alert_input_key": m2026112600000,
  "2026112601000_read_cache_csv_form": m2026112601000,
  "2026112602000_read_cache_chunk_lengths": m2026112602000,
};
