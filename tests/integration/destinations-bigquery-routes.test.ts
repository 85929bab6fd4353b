// The BigQuery destination form through its route: the connection check before save now reaches
// BigQuery (tests/fakes/bigquery, moved there by BIGQUERY_API_ENDPOINT / BIGQUERY_TOKEN_URL), a
// good service-account key saves encrypted, a refused one shows BigQuery's reason and saves nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { listDestinations, readDestinationConfig } from "../../db/repositories/destinations.js";
import { resetEnvCache } from "../../lib/env.js";
import { startFakeBigQuery, type FakeBigQuery } from "../fakes/bigquery/server.js";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";

let db: DB;
let drop: () => Promise<void>;
let fake: FakeBigQuery;
let jsonKey: string;
let login: typeof import("~/routes/login");
let create: typeof import("~/routes/_app.data-connector.destinations.new");
let edit: typeof import("~/routes/_app.data-connector.destinations.$id");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  fake = await startFakeBigQuery();
  jsonKey = fake.createServiceAccount({ projectId: "acme-analytics" });
  process.env.BIGQUERY_API_ENDPOINT = fake.url;
  process.env.BIGQUERY_TOKEN_URL = fake.tokenUrl;
  resetEnvCache();
  login = await import("~/routes/login");
  create = await import("~/routes/_app.data-connector.destinations.new");
  edit = await import("~/routes/_app.data-connector.destinations.$id");
});
afterAll(async () => {
  delete process.env.BIGQUERY_API_ENDPOINT;
  delete process.env.BIGQUERY_TOKEN_URL;
  resetEnvCache();
  await fake?.close();
  await drop?.();
});

async function signedIn() {
  const { company, user, password } = await makeCompanyWithUser(db);
  const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} }));
  return { company, cookie: cookiesFrom(res) };
}

const submit = (cookie: string, fields: Record<string, string>) =>
  settle(() => create.action({ request: formPost("/data-connector/destinations/new", { type: "big_query", name: "Warehouse BQ", projectId: "acme-analytics", dataSetId: "marketing", ...fields }, { cookie }), params: {}, context: {} }));

describe("BigQuery destination form", () => {
  it("checks the key against BigQuery before saving and stores it encrypted", async () => {
    const who = await signedIn();
    const res = await submit(who.cookie, { jsonKey });
    expect(res.status).toBe(302);
    const [saved] = await listDestinations(db, who.company.id);
    expect(saved!.type).toBe("big_query");
    const privateKey = (JSON.parse(jsonKey) as { private_key: string }).private_key;
    expect(saved!.configEncrypted).not.toContain("PRIVATE KEY");
    expect(readDestinationConfig(saved!)).toMatchObject({ projectId: "acme-analytics", dataSetId: "marketing", jsonKey });
    // The check signed a JWT with the key, got a token and created the missing dataset.
    expect(fake.server.requestsTo("/token", "POST").length).toBeGreaterThan(0);
    expect(fake.tables("acme-analytics", "marketing")).toEqual([]);
    expect(fake.server.requestsTo("/bigquery/v2/projects/acme-analytics/datasets", "POST")).toHaveLength(1);

    const page = await settle(() => edit.loader({ request: get(`/data-connector/destinations/${saved!.id}`, { cookie: who.cookie }), params: { id: String(saved!.id) }, context: {} }));
    const text = await page.text();
    expect(text).not.toContain(privateKey.slice(40, 80));
    expect(text).toContain("acme-analytics");
  });

  it("shows BigQuery's refusal (not 'not available yet') and saves nothing", async () => {
    const who = await signedIn();
    const outsider = fake.createServiceAccount({ projectId: "someone-else" });
    const cases: Array<[string, RegExp]> = [
      [outsider, /Access Denied: Project acme-analytics/],
      ["{not json", /The JSON key is not valid JSON\./],
      [JSON.stringify({ type: "service_account" }), /needs client_email and private_key/],
    ];
    for (const [key, message] of cases) {
      const res = await submit(who.cookie, { jsonKey: key });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { checkError: string };
      expect(body.checkError).toMatch(message);
      expect(body.checkError).not.toMatch(/not available yet/);
    }
    expect(await listDestinations(db, who.company.id)).toHaveLength(0);
  });
});
