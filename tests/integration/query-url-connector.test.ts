// The query URL on a real connector (Stripe) against its local fake: same rows in all four formats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { listConnectionLogs } from "../../db/repositories/connection-logs.js";
import { getConnector } from "../../engine/connectors/registry.js";
import { createConnectorContext } from "../../engine/core/context.js";
import { startStripeFake, STRIPE_FAKE_KEY, type StripeFake } from "../../engine/connectors/stripe/fake.js";
import { resetEnvCache } from "../../lib/env.js";

let db: DB;
let drop: () => Promise<void>;
let fake: StripeFake;
let service: typeof import("~/services/query-url.server");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  fake = await startStripeFake();
  service = await import("~/services/query-url.server");
});
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 300));
  await fake.close();
  await drop();
});

describe("query URL on the Stripe connector's fake", () => {
  it("answers the same rows in json, csv, tableau and powerbi, recorded as connection logs", async () => {
    const connector = getConnector("stripe");
    const ctx = createConnectorContext(connector, { credential: { type: "api-key", key: STRIPE_FAKE_KEY }, baseUrl: fake.url });
    const [account] = await connector.listAccounts(ctx);
    const fields = await connector.listFields(ctx, { report: "balance_transactions" });
    const dimension = fields.find((f) => f.type === "dimension" && /date/i.test(f.id)) ?? fields.find((f) => f.type === "dimension")!;
    const metric = fields.find((f) => f.type === "metric")!;

    const { company } = await makeCompanyWithUser(db);
    const source = await createNetworkAuthorization(db, company.id, { name: "Stripe", platform: "stripe", credential: { type: "api-key", key: STRIPE_FAKE_KEY } });
    await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: account.id, name: account.name, timezone: account.timezone, currency: account.currency });
    const env = { ...process.env, STRIPE_BASE_URL: fake.url };
    const params = (format: string) =>
      new URLSearchParams({
        format,
        platform: "stripe",
        dimensions: dimension.id,
        metrics: metric.id,
        date: "CUSTOM",
        start_date: "2025-01-06",
        end_date: "2025-01-08",
        accounts: JSON.stringify([{ id: account.id, authorization_id: source.id }]),
        options_report: "balance_transactions",
        apikey: revealApiKey(company),
      });
    const call = (format: string) => service.answerQueryUrl(new Request(`http://localhost/api/request?${params(format)}`), { db, env });

    const jsonRes = await call("json");
    expect(jsonRes.status).toBe(200);
    const json = await jsonRes.json();
    expect(json.data.length).toBeGreaterThan(0);
    expect(Object.keys(json.data[0])).toEqual([dimension.id, metric.id]);
    const csv = (await (await call("csv")).text()).trim().split(/\r?\n/);
    expect(csv[0]).toBe(`${dimension.id},${metric.id}`);
    expect(csv.length - 1).toBe(json.data.length);
    const tableau = await (await call("tableau")).json();
    expect(tableau.data.length).toBe(json.data.length);
    const powerbi = await (await call("powerbi")).json();
    // The first answer keeps the platform's order (Stripe: newest first); the next ones come from
    // the read cache, day by day (docs/query-formats.md): the same rows.
    const sorted = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(sorted(powerbi.value)).toEqual(sorted(json.data));
    await new Promise((r) => setTimeout(r, 200));
    const { logs } = await listConnectionLogs(db, company.id);
    expect(logs.filter((l) => l.success)).toHaveLength(4);
  });
});
