import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../../db/connection.js";
import { createDatastream, createJob, listDatastreams } from "../../db/repositories/data-streams.js";
import { createDestination, listDestinations, readDestinationConfig, updateDestination } from "../../db/repositories/destinations.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import type { SeedStep } from "./context.js";
import { runtimeSettings } from "../../lib/env.js";

export const DEMO_DESTINATION = "Demo warehouse";

type DemoJob = Pick<Parameters<typeof createJob>[2], "datastreamId" | "name" | "recurrency" | "networkAuthorizationId" | "fields" | "options" | "tableName" | "dataSourceIds" | "accountPlatforms">;

/** A seeded job over the last 7 days, partitioned by date, that keeps going when one account fails. */
export function createDailyDemoJob(db: DB, companyId: number, job: DemoJob) {
  return createJob(db, companyId, {
    date: "LAST_7_DAYS",
    startDate: null,
    endDate: null,
    hasToBeInitialized: false,
    dateInitialization: null,
    startDateInitialization: null,
    endDateInitialization: null,
    shouldRunAllEvenIfFailed: true,
    partitionFieldId: "date",
    dataType: null,
    ...job,
  });
}

/**
 * The warehouse database and its own login (role named like the database, owner of it only; a new
 * random password each start, written into the demo destination). Never the product's login: a
 * destination's credentials must not open the product's own database.
 */
async function ensureWarehouse(db: DB, warehouse: string): Promise<string> {
  const password = randomBytes(18).toString("base64url");
  const role = await sql<{ n: number }>`select count(*)::int as n from pg_roles where rolname = ${warehouse}`.execute(db);
  const quoted = `"${warehouse}"`;
  if (role.rows[0]!.n === 0) await sql.raw(`create role ${quoted} login password '${password}'`).execute(db);
  else await sql.raw(`alter role ${quoted} password '${password}'`).execute(db);
  const exists = await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = ${warehouse}`.execute(db);
  if (exists.rows[0]!.n === 0) await sql.raw(`create database ${quoted} owner ${quoted}`).execute(db);
  else await sql.raw(`alter database ${quoted} owner to ${quoted}`).execute(db);
  return password;
}

/**
 * A Postgres destination (a `<database>_warehouse` database on the product's own server, reached
 * with its own login), a data stream from the demo source into it and a daily job over all its
 * accounts. The product's server is refused to every tenant-typed host by the outbound guard; this
 * one destination carries the operator-only `approvedHost` (decision 0840), valid while its host is
 * unchanged. The worker creates the job's Temporal Schedule when it starts (reconcileJobSchedules),
 * since the seed runs before Temporal.
 */
export const demoDataStreamStep: SeedStep = {
  name: "demo-data-stream",
  async run({ db, company, log }) {
    const source = (await listNetworkAuthorizations(db, company.id)).find((s) => s.platform === "demo");
    const url = runtimeSettings.databaseUrl();
    if (!source || !url) return;
    const parsed = new URL(url);
    const warehouse = `${parsed.pathname.slice(1) || "signalpost"}_warehouse`.replace(/[^A-Za-z0-9_]/g, "_");
    const host = `${parsed.hostname}:${parsed.port || "5432"}`;
    let password: string;
    try {
      password = await ensureWarehouse(db, warehouse);
    } catch (error) {
      // Not allowed to create roles or databases on this server: the demo stream is skipped, nothing else depends on it.
      log(`skipped the demo data stream: cannot set up database ${warehouse} (${(error as Error).message})`);
      return;
    }
    const config = { host, username: warehouse, password, database: warehouse, approvedHost: host };
    let destination = (await listDestinations(db, company.id)).find((d) => d.name === DEMO_DESTINATION);
    if (destination) {
      // Installs seeded before kept the product's own login here: move the untouched demo
      // destination onto the warehouse login (and this start's password); leave an edited one alone.
      const stored = readDestinationConfig(destination);
      if (stored.host === host && stored.database === warehouse) await updateDestination(db, company.id, destination.id, { name: DEMO_DESTINATION, type: "postgres", config });
    }
    if ((await listDatastreams(db, company.id)).length > 0) return;
    destination ??= await createDestination(db, company.id, { name: DEMO_DESTINATION, type: "postgres", config });
    const stream = await createDatastream(db, company.id, { name: "Demo Ads → warehouse", platform: "demo", destinationId: destination.id });
    await createDailyDemoJob(db, company.id, {
      datastreamId: stream.id,
      name: "Daily campaigns",
      recurrency: "0 0 * * *",
      networkAuthorizationId: source.id,
      fields: { date: "date", campaign_name: "campaign", impressions: "impressions", clicks: "clicks", cost: "cost" },
      options: { report: "campaigns" },
      tableName: "demo_campaigns",
      dataSourceIds: [],
    });
    log(`seeded a demo destination (${warehouse}), data stream and job`);
  },
};
