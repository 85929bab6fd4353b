import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { failureOf } from "../../../tests/fakes/support/failure.js";
import { MC_API_KEY, MC_APP, MC_LISTS, MC_TIMEZONE, MC_TOKEN, mailchimpActivity, mailchimpReports, startMailchimpFake, type MailchimpFake } from "./fake.js";
import { createConnectorContext } from "../../core/context.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential, ReadRequest } from "../../core/types.js";
import { baseUrlForCredential } from "./api.js";
import { createMailchimpConnector } from "./connector.js";

const connector = createMailchimpConnector();
let fake: MailchimpFake;
const oauth: Credential = { type: "oauth2", accessToken: MC_TOKEN };

const ctx = (credential: Credential = oauth) => createConnectorContext(connector, { credential, app: MC_APP, baseUrl: fake.baseUrl, retry: { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5 } });
const newsletter: Account = { id: MC_LISTS[0].id, name: MC_LISTS[0].name, timezone: MC_TIMEZONE, currency: "USD" };

const read = (req: Partial<ReadRequest>, context = ctx()) =>
  collectRows(
    connector.read(context, {
      accounts: [newsletter],
      fields: ["date", "campaign_id", "emails_sent", "unique_opens", "unique_clicks", "open_rate", "revenue"],
      range: { start: "2025-03-01", end: "2025-03-05" },
      options: { report: "campaigns" },
      ...req,
    }),
  );

beforeAll(async () => {
  fake = await startMailchimpFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.reset();
  fake.maxCount = 1000;
});

describe("mailchimp connector", () => {
  it("finds the data center through the OAuth metadata endpoint, then calls the API with Bearer", async () => {
    await expect(connector.check(ctx())).resolves.toEqual({ ok: true, identity: "owner@acme.example" });
    const [metadata, root] = fake.server.requests;
    expect(metadata.path).toBe("/oauth2/metadata");
    expect(metadata.headers.authorization).toBe(`OAuth ${MC_TOKEN}`);
    expect(root.path).toBe("/3.0/");
    expect(root.headers.authorization).toBe(`Bearer ${MC_TOKEN}`);
  });

  // Users connect with OAuth (the catalogue) or paste an API key ("...-us6" names the data center).
  it("takes the data center from an API key and signs in with HTTP Basic", async () => {
    expect(baseUrlForCredential({ type: "api-key", key: MC_API_KEY })).toBe("https://us6.api.mailchimp.com");
    expect(baseUrlForCredential({ type: "api-key", key: "no-suffix" })).toBeUndefined();
    const credential: Credential = { type: "api-key", key: MC_API_KEY };
    await expect(connector.check(ctx(credential))).resolves.toMatchObject({ ok: true, identity: "owner@acme.example" });
    const [root] = fake.server.requests;
    expect(Buffer.from(String(root.headers.authorization).replace("Basic ", ""), "base64").toString()).toBe(`signalpost:${MC_API_KEY}`);
    expect(fake.server.requestsTo("/oauth2/metadata")).toHaveLength(0);
  });

  it("reads the same rows with an API key as with an OAuth token", async () => {
    const withToken = await read({});
    fake.server.reset();
    const withKey = await read({}, ctx({ type: "api-key", key: MC_API_KEY }));
    expect(withKey).toEqual(withToken);
    expect(withKey.length).toBeGreaterThan(0);
    expect(fake.server.requestsTo("/3.0/reports").every((r) => String(r.headers.authorization).startsWith("Basic "))).toBe(true);
  });

  it("without a test override, sends an API key to its data center and refuses a key without one", async () => {
    const live = createConnectorContext(connector, { credential: { type: "api-key", key: MC_API_KEY } });
    expect(live.http.baseUrl).toBe("https://us6.api.mailchimp.com");
    const bare = createConnectorContext(connector, { credential: { type: "api-key", key: "0123456789abcdef" } });
    await expect(connector.check(bare)).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("data center") });
    expect(() => createConnectorContext(connector, { credential: { type: "oauth1", token: "t", tokenSecret: "s" } })).toThrow(/oauth2 or api-key/);
  });

  it("lists audiences across offset pages, in the account's timezone, with the store's currency", async () => {
    fake.maxCount = 2;
    expect(await connector.listAccounts(ctx())).toEqual([
      { id: "a1b2c3d4e5", name: "Newsletter", timezone: "Europe/Paris", currency: "USD", status: "active" },
      { id: "f6g7h8i9j0", name: "Customers", timezone: "Europe/Paris", currency: "EUR", status: "active" },
      { id: "k1l2m3n4o5", name: "Dormant", timezone: "Europe/Paris", currency: "USD", status: "active" },
    ]);
    expect(fake.server.requestsTo("/3.0/lists").map((r) => r.query.get("offset"))).toEqual(["0", "2"]);
  });

  it("reads the audience's campaign reports of the range, with Mailchimp's open rate", async () => {
    const rows = await read({});
    const want = mailchimpReports().filter((r) => r.list_id === newsletter.id && r.send_time < "2025-03-06");
    expect(rows).toEqual(
      want.map((r) => ({
        date: r.send_time.slice(0, 10),
        campaign_id: r.id,
        emails_sent: r.emails_sent,
        unique_opens: r.opens.unique_opens,
        unique_clicks: r.clicks.unique_subscriber_clicks,
        open_rate: Math.round(r.opens.open_rate * 10_000) / 10_000,
        revenue: r.ecommerce.total_revenue,
      })),
    );
    const [call] = fake.server.requestsTo("/3.0/reports");
    expect(call.query.get("since_send_time")).toBe("2025-02-28T23:00:00Z");
    expect(call.query.get("before_send_time")).toBe("2025-03-05T23:00:00Z");
    expect(call.query.get("count")).toBe("1000");
  });

  it("pages reports with count/offset until total_items", async () => {
    fake.maxCount = 3;
    const rows = await read({ range: { start: "2025-03-01", end: "2025-03-31" }, fields: ["date", "emails_sent"] });
    expect(rows).toHaveLength(16);
    expect(fake.server.requestsTo("/3.0/reports").map((r) => r.query.get("offset"))).toEqual(["0", "3", "6", "9", "12", "15", "18", "21", "24", "27", "30"]);
  });

  it("returns nothing for an audience without sends", async () => {
    expect(await read({ accounts: [{ ...newsletter, id: MC_LISTS[2].id }] })).toEqual([]);
  });

  it("reads daily audience activity inside the range, oldest first", async () => {
    const rows = await read({ options: { report: "audience_activity" }, fields: ["date", "emails_sent", "subscribes", "unsubscribes"], range: { start: "2025-03-20", end: "2025-03-22" } });
    const days = mailchimpActivity(newsletter.id).filter((d) => d.day >= "2025-03-20" && d.day <= "2025-03-22").reverse();
    expect(rows).toEqual(days.map((d) => ({ date: d.day, emails_sent: d.emails_sent, subscribes: d.subs, unsubscribes: d.unsubs })));
  });

  it("has no refresh token: an invalid OAuth token is a config error", async () => {
    const e = await failureOf(connector.check(ctx({ type: "oauth2", accessToken: "mc-revoked-token-00" })));
    expect(e.kind).toBe("config");
  });

  it("maps problem+json 401 and 403 to config errors", async () => {
    fake.fail("unauthorized", { path: /reports/ });
    const e = await failureOf(read({}));
    expect(e.kind).toBe("config");
    expect(e.message).toMatch(/API Key Invalid.*Reconnect/);
    fake.fail("forbidden", { path: /reports/ });
    expect((await failureOf(read({}))).message).toContain("User Disabled");
  });

  it("retries a 429 after Retry-After, then succeeds", async () => {
    fake.fail("rate-limited", { path: /reports/ });
    const started = Date.now();
    expect(await read({})).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.server.requestsTo("/3.0/reports")).toHaveLength(2);
  });

  it("retries a 5xx, then succeeds", async () => {
    fake.fail("server-error", { path: /reports/ });
    expect(await read({})).toHaveLength(3);
  });
  it("reports an unexpected payload as a system error with an excerpt", async () => {
    fake.server.once("GET", "/3.0/reports", { status: 200, json: { reports: "none", total_items: 1 } });
    const e = await failureOf(read({}));
    expect(e.kind).toBe("system");
    expect(e.message).toMatch(/unexpected payload/);
    expect(e.bodyExcerpt).toContain("none");
  });

});
