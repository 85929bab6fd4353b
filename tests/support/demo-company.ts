import type { DB } from "../../db/connection.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { makeCompanyWithUser } from "./factories.js";
import { cookiesFrom, formPost, settle } from "./requests.js";

const DEMO_ACCOUNTS = {
  "demo-paris": { label: "Paris", timezone: "Europe/Paris", currency: "EUR" },
  "demo-new-york": { label: "NY", timezone: "America/New_York", currency: "USD" },
} as const;

/** A company with a demo source named `name`, the given demo accounts activated, and a signed-in session cookie. */
export async function makeSignedInDemoCompany(db: DB, name: string, accounts: Array<keyof typeof DEMO_ACCOUNTS> = ["demo-paris"]) {
  const { company, user, password } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name, platform: "demo", credential: { type: "api-key", key: "demo" } });
  const dataSourceIds: number[] = [];
  for (const accountId of accounts) {
    const a = DEMO_ACCOUNTS[accountId];
    const ds = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId, name: `${name} ${a.label}`, timezone: a.timezone, currency: a.currency });
    dataSourceIds.push(ds.id);
  }
  const login = await import("~/routes/login");
  const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} }));
  return { company, user, sourceId: source.id, dataSourceId: dataSourceIds[0], dataSourceIds, cookie: cookiesFrom(res) };
}
