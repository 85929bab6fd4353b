// The read cache seen from the connection screen (issue 20): the demo saved query's first account
// read twice through the cache, each read logged with what it really took from the platform and
// from storage. The first read asks the demo platform for every day; the second is served from
// the stored days and its log says "from cache".
import { randomUUID } from "node:crypto";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import { accountTimezone, getConnector, type Account } from "../../engine/index.js";
import { ConnectionRecorder } from "../connection-recorder.js";
import { readThroughCache } from "../read-cache/index.js";
import { connectorContextForSource } from "../source-context.js";
import type { SeedContext, SeedStep } from "./context.js";

/** The fields of the seeded reads (their connection logs list them). */
export const DEMO_CACHED_READ_FIELDS = ["date", "campaign_name", "clicks", "cost"];
const FIELDS = DEMO_CACHED_READ_FIELDS;

/** The last 7 full days before today (UTC): days the demo platform no longer revises are among them. */
function lastWeek(now: Date): { start: string; end: string } {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return { start: day(7), end: day(1) };
}

async function readAndLog(ctx: SeedContext, read: { dataSourceId: number; account: Account; source: Parameters<typeof connectorContextForSource>[2] }, range: { start: string; end: string }): Promise<void> {
  const connector = getConnector("demo");
  const recorder = new ConnectionRecorder(ctx.db, ctx.company.id, { requestId: randomUUID(), userId: ctx.user.id, destinationType: "JSON", fields: FIELDS, accounts: [{ dataSourceId: read.dataSourceId, dateStart: range.start, dateEnd: range.end }] });
  const context = connectorContextForSource(ctx.db, ctx.company.id, read.source, connector);
  let rows = 0;
  for await (const page of readThroughCache(connector, context, { accounts: [read.account], fields: FIELDS, range, granularity: "day", options: { report: "campaigns" } }, { stats: recorder.stats[0] })) rows += page.rows.length;
  recorder.countRow(rows);
  await recorder.finish({ success: true, httpStatus: 200 });
}

export const demoReadCacheStep: SeedStep = {
  name: "read-cache",
  async run(ctx) {
    const { db, company, log } = ctx;
    const source = (await listNetworkAuthorizations(db, company.id)).find((s) => s.platform === "demo");
    if (!source) return;
    const account = (await listDataSources(db, company.id, { networkAuthorizationId: source.id })).find((d) => !d.blockedAt);
    if (!account) return;
    const seeded = await db.selectFrom("connectionLogs").select("id").where("companyId", "=", company.id).where("fromCache", "=", true).executeTakeFirst();
    if (seeded) return;
    const read = {
      dataSourceId: account.id,
      account: { id: account.accountId, name: account.name, timezone: accountTimezone(getConnector("demo").timezone, account), currency: account.currency ?? "USD" },
      source,
    };
    const range = lastWeek(new Date());
    await readAndLog(ctx, read, range);
    await readAndLog(ctx, read, range);
    log("seeded two reads of a demo account: one from the platform, one from the read cache");
  },
};
