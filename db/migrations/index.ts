import type { Migration } from "kysely/migration";
import * as m2026112201000 from "./2026112201000_source_connect_attempts.js";
import * as m20261122000000 from "./20261122000000_accounts_and_auth.js";
import * as m2026112203000 from "./2026112203000_data_streams.js";
import * as m2026112204000 from "./2026112204000_alerts.js";
import * as m20261122020000 from "./20261122020000_query_urls.js";
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
import * as m2026112520000 from "./2026112520000_read_cache.js";

/**
 * Every migration, by its timestamp-prefixed name. A static list (rather than reading the
 * folder) works the same under tsx, vitest and bundlers; db/migrations.test.ts fails when a
 * migration file is missing here.
 */
export const migrations: Record<string, Migration> = {
  "2026112201000_source_connect_attempts": m2026112201000,
  "20261122000000_accounts_and_auth": m20261122000000,
  "20261122020000_query_urls": m20261122020000,
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
  "2026112520000_read_cache": m2026112520000,
};
