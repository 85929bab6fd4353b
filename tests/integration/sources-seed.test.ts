import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import type { DB } from "../../db/connection.js";
import { seedDemo } from "../../server/seed/index.js";
import { listNetworkAuthorizations, readCredential } from "../../db/repositories/network-authorizations.js";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";

let db: DB;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDatabase()));
afterAll(async () => drop());

describe("demo-source seed step", () => {
  it("seeds the demo source with the accounts the demo connector reports, once", async () => {
    await seedDemo(db);
    await seedDemo(db);
    const company = await db.selectFrom("companies").selectAll().where("name", "=", "Demo Agency").executeTakeFirstOrThrow();
    const sources = (await listNetworkAuthorizations(db, company.id)).filter((s) => s.platform === "demo");
    expect(sources).toHaveLength(1);
    expect(sources[0].availableDataSources!.map((a) => a.accountId)).toEqual(DEMO_ACCOUNTS.map((a) => a.id));
    expect(readCredential(sources[0])).toEqual({ type: "api-key", key: "demo" });
    const activated = await listDataSources(db, company.id, { networkAuthorizationId: sources[0].id });
    expect(activated.map((d) => d.accountId).sort()).toEqual(DEMO_ACCOUNTS.slice(0, 2).map((a) => a.id).sort());
  });

  it("repairs a demo source seeded with a stale account list", async () => {
    const company = await db.selectFrom("companies").selectAll().where("name", "=", "Demo Agency").executeTakeFirstOrThrow();
    const [source] = (await listNetworkAuthorizations(db, company.id)).filter((s) => s.platform === "demo");
    await db.updateTable("networkAuthorizations").set({ availableDataSources: JSON.stringify([{ accountId: "demo-001", name: "old" }]) }).where("id", "=", source.id).execute();
    await seedDemo(db);
    const [fixed] = (await listNetworkAuthorizations(db, company.id)).filter((s) => s.platform === "demo");
    expect(fixed.availableDataSources!.map((a) => a.accountId)).toEqual(DEMO_ACCOUNTS.map((a) => a.id));
  });
});
