import { sql } from "kysely";
import { findPlatform, getPlatformIcon } from "../../engine/index.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import { getDb } from "./db.server.js";
import { GETTING_STARTED_STEPS, type GettingStartedStep } from "~/utils/getting-started";

/** Step 1 of the wizard: the company's sources on available platforms, with their account counts. */
export async function gettingStartedSources(companyId: number) {
  const sources = await listNetworkAuthorizations(getDb(), companyId);
  return sources
    .map((s) => ({ source: s, platform: findPlatform(s.platform) }))
    .filter(({ platform }) => platform?.implemented)
    .map(({ source, platform }) => ({
      id: source.id,
      name: source.name,
      platformName: platform!.displayName,
      icon: getPlatformIcon(source.platform),
      accounts: source.availableDataSources?.length ?? 0,
    }));
}


/**
 * Where the company is in getting started (issue 19), read from what it has, so the checklist
 * resumes wherever the user left it, in any session: a source, activated accounts, a destination
 * or a saved query or a data stream, and a first successful read (query URL, add-on or run).
 * `history` is anything the company ever did with data (account usage outlives a deleted source,
 * migration 2026112522200; job logs stay with their job), which keeps Usage reachable after its last
 * source is deleted. One query.
 */
export async function gettingStartedProgress(companyId: number, db = getDb()) {
  const { rows } = await sql<{ sources: boolean; accounts: boolean; destination: boolean; data: boolean; history: boolean }>`
    select
      exists (select 1 from network_authorizations where company_id = ${companyId}) as sources,
      exists (select 1 from data_sources where company_id = ${companyId}) as accounts,
      (exists (select 1 from destinations where company_id = ${companyId})
        or exists (select 1 from saved_queries where company_id = ${companyId})
        or exists (select 1 from datastreams where company_id = ${companyId})) as destination,
      (exists (select 1 from account_usage where company_id = ${companyId})
        or exists (select 1 from connection_logs where company_id = ${companyId} and success)
        or exists (select 1 from job_logs where company_id = ${companyId} and success)) as data,
      (exists (select 1 from account_usage where company_id = ${companyId})
        or exists (select 1 from connection_logs where company_id = ${companyId})
        or exists (select 1 from job_logs where company_id = ${companyId})) as history
  `.execute(db);
  const r = rows[0]!;
  const done: Record<GettingStartedStep, boolean> = { source: r.sources, accounts: r.accounts, destination: r.destination, data: r.data };
  const current = GETTING_STARTED_STEPS.find((s) => !done[s.id])?.id ?? null;
  return { done, current, completed: GETTING_STARTED_STEPS.filter((s) => done[s.id]).length, total: GETTING_STARTED_STEPS.length, history: r.history };
}
export type GettingStartedProgress = Awaited<ReturnType<typeof gettingStartedProgress>>;
