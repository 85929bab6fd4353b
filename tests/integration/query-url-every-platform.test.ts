// Issue 10's "done when": a query URL returns rows from each platform's fake. Every connector's
// contract fixture (engine/connectors/<id>/contract.ts) gives a credential, the fake to start and a
// read that returns rows; the source is stored like a connected one and the query URL is answered
// by the product's own service, with {PLATFORM}_BASE_URL and the app credentials from the
// environment, as in production.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import type { DB } from "../../db/connection.js";
import type { Company } from "../../db/schema.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { getConnector, listConnectors } from "../../engine/connectors/registry.js";
import { createConnectorContext } from "../../engine/core/context.js";
import { envPrefix } from "../../engine/core/app-credentials.js";
import { fixtureAppEnv, loadContractFixture as loadFixture } from "../support/contract-fixtures.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let company: Company;
let service: typeof import("~/services/query-url.server");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  ({ company } = await makeCompanyWithUser(db));
  service = await import("~/services/query-url.server");
});
afterAll(async () => drop());

const ids = listConnectors()
  .map((c) => c.id)
  .sort();

describe("a query URL returns rows from every platform's fake", () => {
  it("covers every registered connector", () => {
    expect(ids.length).toBeGreaterThanOrEqual(97);
  });

  it.each(ids)("%s", async (id) => {
    const fixture = await loadFixture(id);
    expect(fixture, `engine/connectors/${id}/contract.ts`).toBeDefined();
    const connector = getConnector(id);
    const fake = await fixture!.startFake?.();
    try {
      const env: Record<string, string | undefined> = { ...process.env, ...fixtureAppEnv(id, fixture!.app) };
      if (fake) env[`${envPrefix(id)}_BASE_URL`] = fake.baseUrl;
      // Which account and fields to ask for: the fixture's read, as a user would pick them.
      const ctx = createConnectorContext(connector, { credential: fixture!.credential, app: fixture!.app, baseUrl: fake?.baseUrl, tokenUrl: fake?.tokenUrl });
      const accounts = await connector.listAccounts(ctx);
      const readable = accounts.filter((a) => !a.status || /^(active|enabled)$/i.test(a.status));
      const account = fixture!.read.accounts ? accounts.find((a) => fixture!.read.accounts!.includes(a.id))! : readable[0];
      const declared = await connector.listFields(ctx, { report: fixture!.read.report });
      const wanted = new Set(fixture!.read.fields ?? declared.map((f) => f.id));
      const fields = declared.filter((f) => wanted.has(f.id));
      const source = await createNetworkAuthorization(db, company.id, { name: id, platform: id, credential: fixture!.credential });
      await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: account.id, name: account.name, timezone: account.timezone, currency: account.currency });
      const params = new URLSearchParams({
        format: "json",
        platform: id,
        dimensions: fields.filter((f) => f.type === "dimension").map((f) => f.id).join(","),
        metrics: fields.filter((f) => f.type === "metric").map((f) => f.id).join(","),
        date: "CUSTOM",
        start_date: fixture!.read.range.start,
        end_date: fixture!.read.range.end,
        accounts: JSON.stringify([{ id: account.id, authorization_id: source.id }]),
        apikey: revealApiKey(company),
      });
      if (fixture!.read.report) params.set("options_report", fixture!.read.report);
      if (fixture!.read.granularity === "hour") params.set("granularity", "hour");
      const res = await service.answerQueryUrl(new Request(`http://localhost/api/request?${params}`), { db, env });
      const body = await res.text();
      expect(res.status, body.slice(0, 300)).toBe(200);
      const json = JSON.parse(body) as { data: Record<string, unknown>[] };
      expect(json.data.length, `rows from ${id}`).toBeGreaterThan(0);
      // The asked fields come back (for the catalogue platforms of issue 17, a sample of the new ones).
      expect(Object.keys(json.data[0]), `fields from ${id}`).toEqual(expect.arrayContaining(fields.map((f) => f.id)));
    } finally {
      // Connection logs are written after the response: let them land before the fake goes away.
      await new Promise((r) => setTimeout(r, 50));
      await fake?.close();
    }
  });
});
