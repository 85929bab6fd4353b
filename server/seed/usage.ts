import { listConnections, recordConnectionLog, FORMAT_DESTINATION_TYPES } from "../../db/repositories/connection-logs.js";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { addLocalStorageSource, createLocalStorage, listLocalStorages } from "../../db/repositories/local-storages.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import type { SeedStep } from "./context.js";

const HOUR = 3_600_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * What a company that has used the product for a day sees on Usage (issue 19: every screen shows
 * a real state): the demo query URL read as JSON for both demo accounts yesterday, one read that
 * the platform refused, and a local-storage pipeline with one source. Idempotent: nothing is added
 * once the company has a connection or a pipeline.
 */
export const demoUsageStep: SeedStep = {
  name: "demo-usage",
  async run({ db, company, user, log }) {
    const demo = (await listNetworkAuthorizations(db, company.id)).find((s) => s.platform === "demo");
    if (!demo) return;
    const accounts = await listDataSources(db, company.id, { networkAuthorizationId: demo.id });
    if (accounts.length === 0) return;
    if ((await listConnections(db, company.id)).length === 0) {
      const now = Date.now();
      const reads = accounts.slice(0, 2).flatMap((a, i) => [
        { account: a, startedAt: new Date(now - (26 - i) * HOUR), success: true, numberRow: 14 + i * 3, message: null },
        { account: a, startedAt: new Date(now - (3 - i) * HOUR), success: i === 0, numberRow: i === 0 ? 16 : 0, message: i === 0 ? null : "Demo Ads refused the request: the daily quota of the account is used up. Try again tomorrow." },
      ]);
      for (const r of reads) {
        await recordConnectionLog(db, company.id, {
          dataSourceId: r.account.id,
          destinationType: FORMAT_DESTINATION_TYPES.json,
          requestId: `demo-seed-${r.account.id}-${r.startedAt.getTime()}`,
          userId: user.id,
          startedAt: r.startedAt,
          endedAt: new Date(r.startedAt.getTime() + 1_400),
          dateStart: day(new Date(r.startedAt.getTime() - 7 * 24 * HOUR)),
          dateEnd: day(new Date(r.startedAt.getTime() - 24 * HOUR)),
          success: r.success,
          httpStatus: r.success ? 200 : 429,
          message: r.message,
          numberRow: r.numberRow,
          fields: ["date", "campaign_name", "clicks", "cost"],
        });
      }
      log(`seeded ${reads.length} demo query-URL reads`);
    }
    if ((await listLocalStorages(db, company.id)).length === 0) {
      const id = await createLocalStorage(db, company.id);
      await addLocalStorageSource(db, company.id, id, { platform: "demo", accountId: accounts[0]!.accountId, authorizationId: demo.id, fields: ["date", "campaign_name", "clicks"] });
      log("seeded a demo local-storage pipeline");
    }
  },
};
