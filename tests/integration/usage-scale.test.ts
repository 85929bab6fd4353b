import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import type { DB } from "../../db/connection.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { listUsedAccounts } from "../../db/repositories/usage.js";

let db: DB;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDatabase()));
afterAll(async () => drop());

it("measures listUsedAccounts on 200 accounts and 40k connection logs (and the trigger cost per log)", { timeout: 300_000 }, async () => {
  const { company } = await makeCompanyWithUser(db);
  const auth = await createNetworkAuthorization(db, company.id, { name: "Demo", platform: "demo", credential: { type: "api-key", key: "x" } });
  await sql`insert into data_sources (company_id, network_authorization_id, account_id, name) select ${company.id}, ${auth.id}, 'acc-' || g, 'Account ' || g from generate_series(1, 200) g`.execute(db);
  await sql`insert into connections (company_id, data_source_id, network_authorization_id, platform, name, destination_type) select ${company.id}, d.id, ${auth.id}, 'demo', d.name, 'JSON' from data_sources d where d.company_id = ${company.id}`.execute(db);
  const insertStart = performance.now();
  await sql`insert into connection_logs (company_id, connection_id, start_of_the_request, request_id, success, size, duration, from_cache, number_row, fields)
    select ${company.id}, c.id, now() - (g % 60) * interval '1 day' - (g % 1440) * interval '1 minute', 'r' || g, g % 7 <> 0, 100, 10, false, 10, '[]'::jsonb
      from generate_series(1, 40000) g join connections c on c.company_id = ${company.id} and c.data_source_id = (select min(id) from data_sources where company_id = ${company.id}) + (g % 150)`.execute(db);
  const insertMs = performance.now() - insertStart;
  console.log(`40000 connection logs inserted with the usage trigger in ${insertMs.toFixed(0)} ms (${((insertMs * 1000) / 40000).toFixed(0)} µs per log)`);
  await sql`analyze`.execute(db);
  const times: number[] = [];
  let used = 0;
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    used = (await listUsedAccounts(db, company.id)).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`listUsedAccounts: ${used} used accounts, median ${times[3].toFixed(1)} ms, max ${times[6].toFixed(1)} ms over 7 runs`);
  expect(used).toBe(150);
});
