// The alert editor's filter value suggestions (GET /clients/{id}/alerts/filter-values): distinct
// values of the field read from the demo connector for the chosen account, matched as typed;
// unknown fields answer 400 with a message; another company's client or account 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { campaignsOf } from "../../engine/connectors/demo/model.js";
import { createUserSession } from "~/services/session.server";
import { createValueCache } from "~/services/filter-values.server";
import { createTestDatabase } from "../support/database.js";
import { makeMonitoredCompany } from "../support/alerts.js";
import { cookiesFrom, get, settle } from "../support/requests.js";

let db: DB;
let drop: () => Promise<void>;
let route: typeof import("~/routes/_app.clients.$clientId.alerts.filter-values");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  route = await import("~/routes/_app.clients.$clientId.alerts.filter-values");
});
afterAll(async () => drop());

const cookieFor = async (userId: number) => cookiesFrom(await createUserSession({ userId, remember: false, redirectTo: "/" }));
const ask = (clientId: number, query: Record<string, string>, cookie: string) =>
  settle(() => route.loader({ request: get(`/clients/${clientId}/alerts/filter-values?${new URLSearchParams(query)}`, { cookie }), params: { clientId: String(clientId) }, context: {} }));

describe("filter value suggestions", () => {
  it("suggests the account's campaign names matching what was typed", async () => {
    const { user, sources } = await makeMonitoredCompany(db, { accounts: ["demo-paris", "demo-london"] });
    const [paris, london] = sources;
    const cookie = await cookieFor(user.id);
    const target = campaignsOf("demo-paris")[0].name;
    const typed = target.slice(0, 4).toLowerCase();
    const res = await ask(paris.id, { field: "campaign_name", q: typed }, cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.field).toBe("campaign_name");
    expect(body.values).toContain(target);
    const parisNames = campaignsOf("demo-paris").map((c) => c.name);
    for (const v of body.values) {
      expect(parisNames).toContain(v);
      expect(v.toLowerCase()).toContain(typed);
    }

    // The account chosen in the editor (another account of the same source) gives its own values.
    const all = await (await ask(paris.id, { field: "campaign_name", q: "", dataSourceId: String(london.id) }, cookie)).json();
    expect(all.values).toEqual(
      campaignsOf("demo-london")
        .map((c) => c.name)
        .sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })),
    );
    const statuses = await (await ask(paris.id, { field: "campaign_status", q: "" }, cookie)).json();
    expect(statuses.values.every((v: string) => v === "ENABLED" || v === "PAUSED")).toBe(true);
  });

  it("answers 400 with a message for an unknown or missing field", async () => {
    const { user, dataSource } = await makeMonitoredCompany(db);
    const cookie = await cookieFor(user.id);
    const unknown = await ask(dataSource.id, { field: "nope", q: "a" }, cookie);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: 'Unknown field "nope"' });
    const metric = await ask(dataSource.id, { field: "cost", q: "1" }, cookie);
    expect(metric.status).toBe(400);
    expect((await metric.json()).message).toBe('Unknown field "cost"');
    const missing = await ask(dataSource.id, { q: "a" }, cookie);
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("Please select a field");
  });

  it("answers 404 for another company's client or account and leaks no value", async () => {
    const mine = await makeMonitoredCompany(db);
    const theirs = await makeMonitoredCompany(db, { accounts: ["demo-tokyo"] });
    const cookie = await cookieFor(mine.user.id);
    const foreignClient = await ask(theirs.dataSource.id, { field: "campaign_name", q: "" }, cookie);
    expect(foreignClient.status).toBe(404);
    const foreignAccount = await ask(mine.dataSource.id, { field: "campaign_name", q: "", dataSourceId: String(theirs.dataSource.id) }, cookie);
    expect(foreignAccount.status).toBe(404);
    const text = await foreignAccount.text();
    for (const c of campaignsOf("demo-tokyo")) expect(text).not.toContain(c.name);
    const garbage = await ask(mine.dataSource.id, { field: "campaign_name", q: "", dataSourceId: "abc" }, cookie);
    expect(garbage.status).toBe(404);
  });
});

describe("the suggestions cache", () => {
  it("reuses a key's values until they expire, shares concurrent reads and forgets failures", async () => {
    let clock = 0;
    let reads = 0;
    const cache = createValueCache({ ttlMs: 1000, limit: 2, now: () => clock });
    const load = async () => {
      reads++;
      return [`v${reads}`];
    };
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect([a, b, reads]).toEqual([["v1"], ["v1"], 1]);
    clock = 999;
    expect(await cache.get("k", load)).toEqual(["v1"]);
    clock = 1000;
    expect(await cache.get("k", load)).toEqual(["v2"]);

    await expect(cache.get("bad", () => Promise.reject(new Error("platform down")))).rejects.toThrow("platform down");
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("bad", load)).toEqual(["v3"]);

    // Full of live entries: the oldest goes.
    expect(await cache.get("other", load)).toEqual(["v4"]);
    expect(await cache.get("k", load)).toEqual(["v5"]);
  });
});
