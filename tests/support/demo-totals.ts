// Exactness checks of data-stream loads: what the demo connector returns for a range, per account
// (row count and sum of clicks), and the same figures read back from a PostgreSQL destination.
import type pg from "pg";
import { getConnector } from "../../engine/connectors/registry.js";
import { createConnectorContext } from "../../engine/core/context.js";
import type { DateRange } from "../../engine/core/types.js";

export type AccountTotals = Record<string, { n: number; clicks: number }>;
export type DemoAccount = { accountId: string; name: string; timezone: string | null; currency: string | null };

const cents = (x: number) => Math.round(x * 100) / 100;

/** The demo connector's campaigns report over `range`, per account id. */
export async function demoTotals(accounts: DemoAccount[], range: DateRange): Promise<AccountTotals> {
  const demo = getConnector("demo");
  const ctx = createConnectorContext(demo, { credential: { type: "api-key", key: "demo" } });
  const out: AccountTotals = {};
  for (const a of accounts) {
    let n = 0;
    let clicks = 0;
    const account = { id: a.accountId, name: a.name, timezone: a.timezone ?? "UTC", currency: a.currency ?? "USD" };
    for await (const page of demo.read(ctx, { accounts: [account], fields: ["date", "campaign_name", "clicks"], range, options: { report: "campaigns" } }))
      for (const r of page.rows) {
        n++;
        clicks += Number(r.clicks);
      }
    out[a.accountId] = { n, clicks: cents(clicks) };
  }
  return out;
}

/** Rows and sum of clicks per `_account_id` in a loaded table. */
export async function pgTotals(reader: pg.Client, table: string): Promise<AccountTotals> {
  const r = await reader.query(`select _account_id as a, count(*)::int as n, round(sum(clicks)::numeric, 2)::float as clicks from "${table}" group by 1 order by 1`);
  return Object.fromEntries(r.rows.map((x) => [x.a, { n: x.n, clicks: x.clicks }]));
}
