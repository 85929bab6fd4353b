import { sql } from "kysely";
import { createDatastream, createJob, listDatastreams } from "../repositories/data-streams.js";
import { createDestination, listDestinations } from "../repositories/destinations.js";
import { listNetworkAuthorizations } from "../repositories/network-authorizations.js";
import type { SeedStep } from "./context.js";

/**
 * A Postgres destination (a `<database>_warehouse` database on the product's own server), a data
 * stream from the demo source into it and a daily job over all its accounts. The worker creates the
 * job's Temporal Schedule when it starts (reconcileJobSchedules), since the seed runs before Temporal.
 */
export const demoDataStreamStep: SeedStep = {
  name: "demo-data-stream",
  async run({ db, company, log }) {
    if ((await listDatastreams(db, company.id)).length > 0) return;
    const source = (await listNetworkAuthorizations(db, company.id)).find((s) => s.platform === "demo");
    const url = process.env.DATABASE_URL;
    if (!source || !url) return;
    const parsed = new URL(url);
    const warehouse = `${parsed.pathname.slice(1) || "signalpost"}_warehouse`.replace(/[^A-Za-z0-9_]/g, "_");
    try {
      const exists = await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = ${warehouse}`.execute(db);
      if (exists.rows[0]!.n === 0) await sql.raw(`create database "${warehouse}"`).execute(db);
    } catch (error) {
      // Not allowed to create databases on this server: the demo stream is skipped, nothing else depends on it.
      log(`skipped the demo data stream: cannot create database ${warehouse} (${(error as Error).message})`);
      return;
    }
    let destination = (await listDestinations(db, company.id)).find((d) => d.name === "Demo warehouse");
    destination ??= await createDestination(db, company.id, {
      name: "Demo warehouse",
      type: "postgres",
      config: { host: `${parsed.hostname}:${parsed.port || "5432"}`, username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password), database: warehouse },
    });
    const stream = await createDatastream(db, company.id, { name: "Demo Ads → warehouse", platform: "demo", destinationId: destination.id });
    await createJob(db, company.id, {
      datastreamId: stream.id,
      name: "Daily campaigns",
      recurrency: "0 0 * * *",
      date: "LAST_7_DAYS",
      startDate: null,
      endDate: null,
      hasToBeInitialized: false,
      dateInitialization: null,
      startDateInitialization: null,
      endDateInitialization: null,
      shouldRunAllEvenIfFailed: true,
      networkAuthorizationId: source.id,
      fields: { date: "date", campaign_name: "campaign", impressions: "impressions", clicks: "clicks", cost: "cost" },
      options: { report: "campaigns" },
      tableName: "demo_campaigns",
      partitionFieldId: "date",
      dataType: null,
      dataSourceIds: [],
    });
    log(`seeded a demo destination (${warehouse}), data stream and job`);
  },
};
