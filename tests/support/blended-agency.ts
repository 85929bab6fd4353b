// A company with ads accounts on the demo platform and two faked ad platforms (Reddit Ads,
// Pinterest Ads, answering from tests/fakes), plus a Stripe source: the setting of issue 22's
// cross-platform tests (the query URL, the Looker Studio entry, the alert, the jobs).
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { envPrefix } from "../../engine/core/app-credentials.js";
import type { RunningFake } from "../../engine/connectors/contract-fixture.js";
import { fixtureAppEnv, loadContractFixture } from "./contract-fixtures.js";
import { makeCompanyWithUser } from "./factories.js";

export const FAKED_ADS = ["reddit-ads", "pinterest-ads"] as const;

/** Starts the two platforms' fakes; returns them and the environment that points the connectors at them. */
export async function startFakedAds(): Promise<{ fakes: RunningFake[]; env: Record<string, string> }> {
  const fakes: RunningFake[] = [];
  const env: Record<string, string> = {};
  for (const platform of FAKED_ADS) {
    const fixture = (await loadContractFixture(platform))!;
    const fake = await fixture.startFake!();
    fakes.push(fake);
    Object.assign(env, fixtureAppEnv(platform, fixture.app), { [`${envPrefix(platform)}_BASE_URL`]: fake.baseUrl });
  }
  return { fakes, env };
}

export type Agency = Awaited<ReturnType<typeof makeAgency>>;

export async function makeAgency(db: DB) {
  const { company } = await makeCompanyWithUser(db);
  const demo = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
  await createDataSource(db, company.id, { networkAuthorizationId: demo.id, accountId: "demo-paris", name: "Maison Lumière (Paris)", timezone: "Europe/Paris", currency: "EUR" });
  await createDataSource(db, company.id, { networkAuthorizationId: demo.id, accountId: "demo-tokyo", name: "Kaze Gadgets (Tokyo)", timezone: "Asia/Tokyo", currency: "JPY" });
  const sources: Record<string, number> = { demo: demo.id };
  for (const platform of FAKED_ADS) {
    const fixture = (await loadContractFixture(platform))!;
    const source = await createNetworkAuthorization(db, company.id, { name: platform, platform, credential: fixture.credential });
    sources[platform] = source.id;
  }
  // The fakes' accounts as listAccounts gives them (tests/fakes: Reddit's NY and Berlin, Pinterest's Home and US).
  await createDataSource(db, company.id, { networkAuthorizationId: sources["reddit-ads"], accountId: "t2_signal_ny", name: "Signal NY", timezone: "America/New_York", currency: "USD" });
  await createDataSource(db, company.id, { networkAuthorizationId: sources["reddit-ads"], accountId: "t2_signal_ber", name: "Signal Berlin", timezone: "Europe/Berlin", currency: "EUR" });
  await createDataSource(db, company.id, { networkAuthorizationId: sources["pinterest-ads"], accountId: "549755885175", name: "Signal Home", timezone: "Europe/Paris", currency: "EUR" });
  await createDataSource(db, company.id, { networkAuthorizationId: sources["pinterest-ads"], accountId: "549755885176", name: "Signal US", timezone: "America/Los_Angeles", currency: "USD" });
  const stripe = await createNetworkAuthorization(db, company.id, { name: "Stripe", platform: "stripe", credential: { type: "api-key", key: "sk_test_stripe_blended" } });
  await createDataSource(db, company.id, { networkAuthorizationId: stripe.id, accountId: "acct_1", name: "Shop payments", timezone: "UTC", currency: "EUR" });
  sources.stripe = stripe.id;
  const accounts = {
    demo: ["demo-paris", "demo-tokyo"],
    "reddit-ads": ["t2_signal_ny", "t2_signal_ber"],
    "pinterest-ads": ["549755885175", "549755885176"],
  } as Record<string, string[]>;
  const refs = (platforms = Object.keys(accounts)) => platforms.flatMap((p) => accounts[p].map((id) => ({ id, authorization_id: sources[p] })));
  return { company, apikey: revealApiKey(company), sources, accounts, refs };
}
