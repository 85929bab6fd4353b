// A company holding one of each object a tenant owns, every name carrying a marker unique to the
// company, so a test can look for one company's markers in another company's answers.
import { randomBytes } from "node:crypto";
import type { DB } from "../../db/connection.js";
import { createConfiguredFor, createSentry, type StoredDefinition } from "../../db/repositories/alerts.js";
import { activateProductCheck } from "../../db/repositories/checks.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createDatastream, createJob } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { addLocalStorageSource, createLocalStorage } from "../../db/repositories/local-storages.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createSavedQuery } from "../../db/repositories/saved-queries.js";
import { createInvitation } from "../../db/repositories/team.js";
import { createUser, ROLE_USER } from "../../db/repositories/users.js";
import { demoJobInput, makeCompanyWithUser } from "./factories.js";
import { sessionCookie } from "./routes.js";

/** The kinds of objects a route id can name (what a `$id` param or an id field refers to). */
export type ObjectKind =
  | "source"
  | "account"
  | "destination"
  | "stream"
  | "job"
  | "savedQuery"
  | "alert"
  | "configuredFor"
  | "template"
  | "objective"
  | "localStorage"
  | "localStorageSource"
  | "connection"
  | "user"
  | "invitation";

export type Tenant = {
  companyId: number;
  userId: number;
  cookie: string;
  /** A string in every name this company owns: it must never appear in another company's answers. */
  marker: string;
  ids: Record<ObjectKind, number>;
  /** The demo account ids (platform ids, not row ids) of its accounts. */
  accountIds: string[];
  /** The company's API key in clear (query URLs). */
  apiKey: string;
};

const DEMO_ACCOUNTS = [
  { accountId: "demo-paris", name: "Paris", timezone: "Europe/Paris", currency: "EUR" },
  { accountId: "demo-new-york", name: "New York", timezone: "America/New_York", currency: "USD" },
];

/** A company with a signed-in user and one of each object, all named "<marker> ...". */
export async function makeTenant(db: DB, label: string, opts: { admin?: boolean } = {}): Promise<Tenant> {
  const marker = `${label}${randomBytes(4).toString("hex")}`;
  const { company, user } = await makeCompanyWithUser(db, { activateAlert: true, admin: opts.admin });
  await db.updateTable("companies").set({ name: `${marker} company` }).where("id", "=", company.id).execute();
  await db.updateTable("users").set({ firstName: `${marker}`, lastName: "Owner" }).where("id", "=", user.id).execute();
  const member = await createUser(db, company.id, { email: `${marker.toLowerCase()}.member@example.test`, passwordHash: null, firstName: `${marker}`, lastName: "Member", roles: [ROLE_USER] });
  await createInvitation(db, company.id, { email: `${marker.toLowerCase()}.invited@example.test`, invitedById: user.id });
  const invitation = await db.selectFrom("invitations").select("id").where("companyId", "=", company.id).executeTakeFirstOrThrow();

  const source = await createNetworkAuthorization(db, company.id, {
    name: `${marker} source`,
    platform: "demo",
    credential: { type: "api-key", key: "demo" },
    availableDataSources: DEMO_ACCOUNTS.map((a) => ({ ...a, name: `${marker} ${a.name}` })),
    createdById: user.id,
  });
  const accounts = [];
  for (const a of DEMO_ACCOUNTS) {
    accounts.push(await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: a.accountId, name: `${marker} ${a.name}`, timezone: a.timezone, currency: a.currency, activateAlert: true }));
  }
  const account = accounts[0]!;
  await db.insertInto("dataSourceAssignees").values({ dataSourceId: account.id, userId: user.id }).execute();

  // Port 9 (discard) on loopback: a destination that exists but that nothing ever reaches.
  const destination = await createDestination(db, company.id, { name: `${marker} destination`, type: "postgres", config: { host: "127.0.0.1:9", username: marker, password: `${marker}-secret`, database: `${marker.toLowerCase()}_db` } });
  const stream = await createDatastream(db, company.id, { name: `${marker} stream`, platform: "demo", destinationId: destination.id });
  const job = await createJob(db, company.id, demoJobInput({ datastreamId: stream.id, name: `${marker} job`, networkAuthorizationId: source.id, dataSourceIds: [account.id], tableName: `${marker.toLowerCase()}_table` }));

  const savedQuery = await createSavedQuery(db, company.id, {
    name: `${marker} query`,
    createdById: user.id,
    json: { format: "json", source: "demo", source_id: source.id, accounts: [{ id: account.accountId, authorization_id: source.id }], metrics: ["clicks"], dimensions: ["date"], date: "LAST_7_DAYS", since: null, custom_date: null, filters: [], options: { report: "campaigns" } },
  });

  const requests = { A: { accountId: account.accountId, platform: "demo", level: "ACCOUNT", dataSourceId: account.id, filters: [] } };
  const threshold: StoredDefinition = {
    variables: [{ type: "metric", alertType: "threshold", alertValue: [{ operator: "sum", thresholdValue: 150, thresholdType: "above", metric: "cost", during: "yesterday" }], calculatedFields: [], breakdown: null }],
    requests,
  };
  const alert = await createSentry(db, company.id, { title: `${marker} alert`, type: "metric", platform: "demo", definition: threshold, createdById: user.id });
  const configuredFor = (await createConfiguredFor(db, company.id, alert.id, account.id))!;
  const template = await createSentry(db, company.id, { title: `${marker} template`, type: "metric", platform: "demo", definition: threshold, useAsTemplate: true, createdById: user.id });
  const objective = await createSentry(db, company.id, {
    title: `${marker} objective`,
    type: "objective",
    platform: "demo",
    definition: { variables: [{ type: "pacing", period: "start_of_month", metric: "conversions", thresholds: { below: 300 } }], requests },
    createdById: user.id,
  });
  await createConfiguredFor(db, company.id, objective.id, account.id);
  await activateProductCheck(db, company.id, account.id, user.id);

  const localStorage = await createLocalStorage(db, company.id);
  await addLocalStorageSource(db, company.id, localStorage, { platform: "demo", accountId: account.accountId, authorizationId: source.id, fields: ["clicks"] });
  const localStorageSource = await db.selectFrom("localStorageSources").select("id").where("companyId", "=", company.id).executeTakeFirstOrThrow();
  const connection = await db
    .insertInto("connections")
    .values({ companyId: company.id, dataSourceId: account.id, networkAuthorizationId: source.id, platform: "demo", name: `${marker} connection`, destinationType: "JSON", destinationId: null, createdAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();

  return {
    companyId: company.id,
    userId: user.id,
    cookie: await sessionCookie(user.id),
    marker,
    accountIds: accounts.map((a) => a.accountId),
    apiKey: revealApiKey(company),
    ids: {
      source: source.id,
      account: account.id,
      destination: destination.id,
      stream: stream.id,
      job: job.id,
      savedQuery: savedQuery.id,
      alert: alert.id,
      configuredFor: configuredFor.id,
      template: template.id,
      objective: objective.id,
      localStorage,
      localStorageSource: localStorageSource.id,
      connection: connection.id,
      user: member.id,
      invitation: invitation.id,
    },
  };
}
