// Issue 22's "done when" for the query URL: one cross-platform query over the demo platform and two
// faked ad platforms (Reddit Ads, Pinterest Ads, each answering from its fake) returns normalized
// rows with platform, account, currency and time zone columns and converted spend, in json, csv,
// tableau and powerbi; its totals are those of the single-platform queries; ids are the company's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createDataSource, setDataSourceBlockedAt } from "../../db/repositories/data-sources.js";
import { setReportingCurrency, upsertRates } from "../../db/repositories/exchange-rates.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { envPrefix } from "../../engine/core/app-credentials.js";
import type { RunningFake } from "../../engine/connectors/contract-fixture.js";
import { resetEnvCache } from "../../lib/env.js";
import { workingDayRates } from "../fakes/ecb/server.js";
import { fixtureAppEnv, loadContractFixture } from "../support/contract-fixtures.js";
import { connectionLogsOf } from "../support/connection-logs.js";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";

type Body = { columns: { id: string; name: string }[]; data: Record<string, string | number | null>[] };

let db: DB;
let drop: () => Promise<void>;
let service: typeof import("~/services/query-url.server");
const fakes: RunningFake[] = [];
const env: Record<string, string | undefined> = { ...process.env };
const rates = workingDayRates("2025-02-17", "2025-03-10");

// Saturday 1 to Tuesday 4 March 2025: a week-end converts at Friday's rates.
const RANGE = { date: "CUSTOM", start_date: "2025-03-01", end_date: "2025-03-04" };
const FAKED = ["reddit-ads", "pinterest-ads"] as const;

type Setup = Awaited<ReturnType<typeof makeAgency>>;
let agency: Setup;
let other: Setup;

async function makeAgency() {
  const { company } = await makeCompanyWithUser(db);
  const demo = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
  await createDataSource(db, company.id, { networkAuthorizationId: demo.id, accountId: "demo-paris", name: "Maison Lumière (Paris)", timezone: "Europe/Paris", currency: "EUR" });
  await createDataSource(db, company.id, { networkAuthorizationId: demo.id, accountId: "demo-tokyo", name: "Kaze Gadgets (Tokyo)", timezone: "Asia/Tokyo", currency: "JPY" });
  const sources: Record<string, number> = { demo: demo.id };
  for (const platform of FAKED) {
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

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
  service = await import("~/services/query-url.server");
  for (const platform of FAKED) {
    const fixture = (await loadContractFixture(platform))!;
    const fake = await fixture.startFake!();
    fakes.push(fake);
    const own = { ...fixtureAppEnv(platform, fixture.app), [`${envPrefix(platform)}_BASE_URL`]: fake.baseUrl };
    Object.assign(env, own);
    // The builder's preview reads the product's own environment, as in production.
    Object.assign(process.env, own);
  }
  await upsertRates(db, Object.entries(rates).flatMap(([day, byCurrency]) => Object.entries(byCurrency).map(([currency, rate]) => ({ day, currency, rate }))));
  agency = await makeAgency();
  other = await makeAgency();
  await setReportingCurrency(db, agency.company.id, "EUR");
});
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 300));
  for (const fake of fakes) await fake.close();
  await drop();
});

async function call(params: Record<string, string>): Promise<Response> {
  const search = new URLSearchParams({ apikey: agency.apikey, ...RANGE, ...params });
  return service.answerQueryUrl(new Request(`http://localhost:3000/api/request?${search}`), { db, env });
}

async function json(params: Record<string, string>): Promise<Body> {
  const res = await call(params);
  const text = await res.text();
  expect(res.status, text.slice(0, 400)).toBe(200);
  return JSON.parse(text) as Body;
}

const BLENDED = {
  platform: "cross-platform-ads",
  dimensions: "date,platform,account_id,account_name,account_currency,account_timezone,campaign_name",
  metrics: "spend,impressions,clicks,conversions,conversion_value,reach",
};

const logsOf = (requestId: string, count: number) => connectionLogsOf(db, requestId, count);

/** Rows in one order whatever order they were answered in. */
const byRow = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();

const sum = (rows: Record<string, unknown>[], field: string) => Math.round(rows.reduce((n, r) => n + Number(r[field] ?? 0), 0) * 1e6) / 1e6;

describe("a cross-platform query", () => {
  let blended: Body;
  beforeAll(async () => {
    blended = await json({ ...BLENDED, accounts: JSON.stringify(agency.refs()) });
  });

  it("answers normalized rows from every platform, with platform, account, currency and time zone", () => {
    expect(blended.columns.map((c) => c.id)).toEqual([
      "date", "platform", "account_id", "account_name", "account_currency", "account_timezone", "campaign_name",
      "reporting_currency", "exchange_rate", "rate_date", "conversion_note",
      "spend", "spend_converted", "impressions", "clicks", "conversions", "conversion_value", "conversion_value_converted", "reach",
    ]);
    expect(new Set(blended.data.map((r) => r.platform))).toEqual(new Set(["demo", "reddit-ads", "pinterest-ads"]));
    expect(new Set(blended.data.map((r) => `${r.platform}/${r.account_id}`))).toEqual(
      new Set(["demo/demo-paris", "demo/demo-tokyo", "reddit-ads/t2_signal_ny", "reddit-ads/t2_signal_ber", "pinterest-ads/549755885175", "pinterest-ads/549755885176"]),
    );
    const zone = (platform: string, account: string) => new Set(blended.data.filter((r) => r.platform === platform && r.account_id === account).map((r) => r.account_timezone));
    // Each platform's own day: Reddit reports in the account's zone, Pinterest in UTC whatever the account says.
    expect(zone("reddit-ads", "t2_signal_ny")).toEqual(new Set(["America/New_York"]));
    expect(zone("demo", "demo-tokyo")).toEqual(new Set(["Asia/Tokyo"]));
    expect(zone("pinterest-ads", "549755885176")).toEqual(new Set(["UTC"]));
    // Fields a platform does not have stay empty for its rows: reach exists on none of these three.
    expect(blended.data.every((r) => r.reach === null)).toBe(true);
    expect(blended.data.filter((r) => r.platform === "demo").every((r) => typeof r.conversion_value === "number")).toBe(true);
  });

  it("totals each platform's spend, impressions and clicks exactly as its own single-platform query", async () => {
    const natives: Record<string, { report: string; spend: string }> = {
      demo: { report: "campaigns", spend: "cost" },
      "reddit-ads": { report: "campaign", spend: "cost" },
      "pinterest-ads": { report: "campaign", spend: "cost" },
    };
    for (const [platform, native] of Object.entries(natives)) {
      for (const account of agency.accounts[platform]) {
        const single = await json({
          platform,
          options_report: native.report,
          dimensions: "date,campaign_name",
          metrics: `${native.spend},impressions,clicks`,
          accounts: JSON.stringify([{ id: account, authorization_id: agency.sources[platform] }]),
        });
        const mine = blended.data.filter((r) => r.platform === platform && r.account_id === account);
        expect(single.data.length, `${platform}/${account} rows`).toBeGreaterThan(0);
        expect(mine.length, `${platform}/${account}`).toBe(single.data.length);
        expect(sum(mine, "spend"), `${platform}/${account} spend`).toBe(sum(single.data, native.spend));
        expect(sum(mine, "impressions")).toBe(sum(single.data, "impressions"));
        expect(sum(mine, "clicks")).toBe(sum(single.data, "clicks"));
      }
    }
    // And the whole: the blended total is the sum of the platforms' totals.
    const total = sum(blended.data, "spend");
    const parts = Object.keys(natives).map((p) => sum(blended.data.filter((r) => r.platform === p), "spend"));
    expect(total).toBeCloseTo(parts.reduce((a, b) => a + b, 0), 6);
  });

  it("converts each row's spend into the reporting currency at the fake's rate of its day", () => {
    const euro = (currency: string, day: string) => (currency === "EUR" ? 1 : rates[day][currency]);
    const friday = "2025-02-28";
    for (const row of blended.data) {
      const day = row.date as string;
      // Money already in euros needs no rate: its rate date is its own day.
      const rateDay = row.account_currency !== "EUR" && (day === "2025-03-01" || day === "2025-03-02") ? friday : day;
      const factor = euro("EUR", rateDay) / euro(row.account_currency as string, rateDay);
      expect(row.reporting_currency).toBe("EUR");
      expect(row.rate_date).toBe(rateDay);
      expect(row.spend_converted).toBe(Math.round((row.spend as number) * factor * 100) / 100);
      expect(row.conversion_note).toBeNull();
    }
    expect(blended.data.some((r) => r.account_currency === "JPY" && (r.spend_converted as number) < (r.spend as number) / 100)).toBe(true);
  });

  it("answers the same rows in csv, tableau and powerbi", async () => {
    const accounts = JSON.stringify(agency.refs());
    const csv = await (await call({ ...BLENDED, accounts, format: "csv" })).text();
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(blended.columns.map((c) => c.id).join(","));
    expect(lines.length - 1).toBe(blended.data.length);
    expect(csv).toContain(",reddit-ads,t2_signal_ny,Signal NY,USD,America/New_York,");
    const tableau = await (await call({ ...BLENDED, accounts, format: "tableau" })).json();
    expect(tableau.schema.columns.map((c: { id: string }) => c.id)).toEqual(blended.columns.map((c) => c.id));
    // Stored days come day by day, a platform's answer in its own order (docs/query-formats.md): the rows are the same.
    expect(byRow(tableau.data)).toEqual(byRow(blended.data));
    const powerbi = await (await call({ ...BLENDED, accounts, format: "powerbi" })).json();
    expect(byRow(powerbi.value)).toEqual(byRow(blended.data));
  });

  it("reads every activated ads account when it names no accounts, and only the named platforms when it names some", async () => {
    const all = await json({ platform: "all", dimensions: "platform,account_id", metrics: "spend" });
    expect(new Set(all.data.map((r) => r.platform))).toEqual(new Set(["demo", "reddit-ads", "pinterest-ads"]));
    expect(sum(all.data, "spend")).toBeCloseTo(sum(blended.data, "spend"), 6);
    const two = await json({ platform: "pinterest-ads,reddit-ads", dimensions: "platform,account_id", metrics: "spend,clicks" });
    expect(new Set(two.data.map((r) => r.platform))).toEqual(new Set(["reddit-ads", "pinterest-ads"]));
    // A blocked account is left out of "every account".
    const tokyo = await db.selectFrom("dataSources").select("id").where("companyId", "=", agency.company.id).where("accountId", "=", "demo-tokyo").executeTakeFirstOrThrow();
    await setDataSourceBlockedAt(db, agency.company.id, tokyo.id, new Date());
    try {
      // Named, it is refused as before (403); left unnamed, it is skipped.
      expect((await call({ platform: "demo", dimensions: "account_id", metrics: "cost", accounts: JSON.stringify(agency.refs(["demo"])) })).status).toBe(403);
      const without = await json({ platform: "cross-platform-ads", dimensions: "account_id", metrics: "spend" });
      expect(without.data.map((r) => r.account_id)).not.toContain("demo-tokyo");
    } finally {
      await setDataSourceBlockedAt(db, agency.company.id, tokyo.id, null);
    }
  });

  it("reads each platform's accounts through the read cache: a repeat asks no platform, nocache=1 asks every one again", async () => {
    const accounts = JSON.stringify(agency.refs());
    // Each call a minute on (the request clock): never a share of the previous identical read.
    let minutes = 0;
    const read = async (extra: Record<string, string> = {}) => {
      minutes += 1;
      const at = new Date(Date.now() + minutes * 60_000);
      const res = await service.answerQueryUrl(new Request(`http://localhost:3000/api/request?${new URLSearchParams({ apikey: agency.apikey, ...RANGE, ...BLENDED, accounts, ...extra })}`), { db, env, now: () => at });
      const body = (await res.json()) as Body;
      expect(res.status).toBe(200);
      return { body, logs: await logsOf(res.headers.get("x-request-id")!, agency.refs().length) };
    };
    // The first read stores what is not stored yet (an account blocked since has had its days emptied).
    await read();
    const repeat = await read();
    expect(sum(repeat.body.data, "spend")).toBe(sum(blended.data, "spend"));
    expect(repeat.logs).toHaveLength(6);
    for (const log of repeat.logs) expect(log, String(log.connectionId)).toMatchObject({ fromCache: true, daysFromPlatform: 0, daysFromCache: 4 });
    const fresh = await read({ nocache: "1" });
    expect(byRow(fresh.body.data)).toEqual(byRow(repeat.body.data));
    for (const log of fresh.logs) expect(log, String(log.connectionId)).toMatchObject({ fromCache: false, daysFromPlatform: 4, daysFromCache: 0 });
  });

  it("filters on normalized fields, including the platform", async () => {
    const reddit = await json({ ...BLENDED, accounts: JSON.stringify(agency.refs()), filters: JSON.stringify([{ field: "platform", type: "equals", value: "reddit-ads" }]) });
    expect(new Set(reddit.data.map((r) => r.platform))).toEqual(new Set(["reddit-ads"]));
    expect(sum(reddit.data, "spend")).toBe(sum(blended.data.filter((r) => r.platform === "reddit-ads"), "spend"));
  });
});

describe("hostile cross-platform queries", () => {
  async function refused(params: Record<string, string>) {
    const res = await call(params);
    const body = await res.json();
    return { status: res.status, parameter: body.error?.parameter, code: body.error?.code, message: body.error?.message as string };
  }

  it("refuses another company's accounts, whatever platform they name", async () => {
    const answer = await refused({ ...BLENDED, accounts: JSON.stringify([...agency.refs(["demo"]), ...other.refs(["reddit-ads"])]) });
    expect(answer).toMatchObject({ status: 404, parameter: "accounts", code: "unknown_account" });
  });

  it("refuses an account of a platform that is not an ads platform of the query", async () => {
    const stripe = await refused({ ...BLENDED, accounts: JSON.stringify([{ id: "acct_1", authorization_id: agency.sources.stripe }]) });
    expect(stripe).toMatchObject({ status: 400, parameter: "accounts", code: "platform_mismatch" });
    const outside = await refused({ ...BLENDED, platform: "demo,pinterest-ads", accounts: JSON.stringify(agency.refs(["reddit-ads"])) });
    expect(outside).toMatchObject({ status: 400, parameter: "accounts", code: "platform_mismatch" });
    const notAds = await refused({ ...BLENDED, platform: "demo,stripe" });
    expect(notAds).toMatchObject({ status: 400, parameter: "platform", code: "not_an_ads_platform" });
    const unknown = await refused({ ...BLENDED, platform: "demo,../../etc" });
    expect(unknown).toMatchObject({ status: 404, parameter: "platform" });
  });

  it("refuses fields outside the normalized schema, hourly data and a bad filter with a 400", async () => {
    expect(await refused({ ...BLENDED, metrics: "spend,cost" })).toMatchObject({ status: 400, parameter: "metrics", code: "unknown_field" });
    expect(await refused({ ...BLENDED, dimensions: "date,impressions", metrics: "spend" })).toMatchObject({ status: 400, parameter: "dimensions", code: "field_type_mismatch" });
    expect(await refused({ ...BLENDED, options_granularity: "hour" })).toMatchObject({ status: 400 });
    expect(await refused({ ...BLENDED, filters: JSON.stringify([{ field: "purchase_value", type: "is_not_empty" }]) })).toMatchObject({ status: 400, parameter: "filters" });
  });

  it("says so when the company has no ads account at all", async () => {
    const { company } = await makeCompanyWithUser(db);
    const res = await service.answerQueryUrl(new Request(`http://localhost:3000/api/request?${new URLSearchParams({ ...BLENDED, ...RANGE, apikey: revealApiKey(company) })}`), { db, env });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ parameter: "accounts", code: "no_accounts" });
  });
});

describe("the query builder's Cross-platform ads source", () => {
  it("lists the ads accounts of every source, builds a URL that answers normalized rows, and saves it", async () => {
    const { sessionCookie, routeArgs } = await import("../support/routes.js");
    const { get, formPost, settle } = await import("../support/requests.js");
    const builder = await import("~/routes/_app.data-connector.api._index");
    const user = await db.selectFrom("users").select("id").where("companyId", "=", agency.company.id).executeTakeFirstOrThrow();
    const cookie = await sessionCookie(user.id);
    const account = (p: string, id: string) => `${agency.sources[p]}:${id}`;
    const search = new URLSearchParams({
      format: "json",
      source: "blended",
      prev_source: "blended",
      metric: "spend",
      date: "CUSTOM",
      start: RANGE.start_date,
      end: RANGE.end_date,
      step: "options",
      preview: "1",
    });
    search.append("dimension", "platform");
    search.append("dimension", "account_id");
    for (const a of [account("demo", "demo-paris"), account("reddit-ads", "t2_signal_ny"), account("pinterest-ads", "549755885176")]) search.append("account", a);
    // Hostile: another company's account and a non-ads account are not offered, so they are dropped.
    search.append("account", `${other.sources["reddit-ads"]}:t2_signal_ny`);
    search.append("account", account("stripe", "acct_1"));
    const res = await settle(() => builder.loader(routeArgs(get(`/data-connector/api?${search}`, { cookie }), {})));
    const data = await res.json();
    expect(data.view.sourceValue).toBe("blended");
    const offered = data.view.accounts.map((a: { accountId: string }) => a.accountId);
    expect(offered).toEqual(expect.arrayContaining([account("demo", "demo-tokyo"), account("reddit-ads", "t2_signal_ber"), account("pinterest-ads", "549755885175")]));
    expect(offered).not.toContain(account("stripe", "acct_1"));
    expect(data.view.state.accounts).toEqual([account("demo", "demo-paris"), account("reddit-ads", "t2_signal_ny"), account("pinterest-ads", "549755885176")]);
    expect(data.view.metrics.map((m: { id: string }) => m.id)).toEqual(["spend", "impressions", "clicks", "conversions", "conversion_value", "video_views", "reach"]);
    expect(data.view.valid).toBe(true);
    const url = new URL(data.queryUrl);
    expect(url.searchParams.get("platform")).toBe("cross-platform-ads");
    expect(JSON.parse(url.searchParams.get("accounts")!)).toEqual([
      { id: "demo-paris", authorization_id: agency.sources.demo },
      { id: "t2_signal_ny", authorization_id: agency.sources["reddit-ads"] },
      { id: "549755885176", authorization_id: agency.sources["pinterest-ads"] },
    ]);
    expect(data.preview, JSON.stringify(data.preview).slice(0, 300)).toMatchObject({ kind: "rows" });
    expect(new Set(data.preview.rows.map((r: { platform: string }) => r.platform))).toEqual(new Set(["demo", "reddit-ads", "pinterest-ads"]));
    expect(data.preview.columns.map((c: { id: string }) => c.id)).toContain("spend_converted");

    const saved = await settle(() => builder.action(routeArgs(formPost("/data-connector/api", { intent: "save", name: "All ads", state: data.search }, { cookie }), {})));
    expect(saved.status).toBe(302);
    const row = await db.selectFrom("savedQueries").selectAll().where("companyId", "=", agency.company.id).where("name", "=", "All ads").executeTakeFirstOrThrow();
    const json = (typeof row.json === "string" ? JSON.parse(row.json) : row.json) as { source: string; accounts: unknown[] };
    expect(json.source).toBe("cross-platform-ads");
    expect(json.accounts).toHaveLength(3);
    // Loading it back opens the builder on the same cross-platform state.
    const savedRoute = await import("~/routes/_app.data-connector.api.$id");
    const reopened = await (await settle(() => savedRoute.loader(routeArgs(get(`/data-connector/api/${row.id}`, { cookie }), { id: String(row.id) })))).json();
    expect(reopened.view.sourceValue).toBe("blended");
    expect(reopened.view.state.accounts).toEqual(data.view.state.accounts);
  });
});

describe("the Looker Studio connector's Cross-platform ads entry", () => {
  it("authorizes, lists the ads accounts, gives the normalized schema and answers normalized rows", async () => {
    const { upsertOauthClient } = await import("../../db/repositories/oauth-provider.js");
    const { tokenDigest } = await import("../../lib/secrets.js");
    const { bearer, callRoute, tokenPost } = await import("../support/oauth-flows.js");
    const { sessionCookie } = await import("../support/routes.js");
    const { get, formPost } = await import("../support/requests.js");
    const scriptId = "1BlendedScriptIdForAds";
    const redirectUri = `https://script.google.com/macros/d/${scriptId}/usercallback`;
    await upsertOauthClient(db, { id: "looker-blended", name: "Looker Studio (ads)", secretDigest: tokenDigest("looker-blended-secret"), redirectUris: [redirectUri], scriptPlatforms: { [scriptId]: "cross-platform-ads" } });
    const user = await db.selectFrom("users").select("id").where("companyId", "=", agency.company.id).executeTakeFirstOrThrow();
    const cookie = await sessionCookie(user.id);
    const page = (await import("~/routes/oauth2-authorize.$platform")) as never;
    const handoff = (await import("~/routes/oauth2-authorize.$platform_.handoff")) as never;
    const q = new URLSearchParams({ client_id: "looker-blended", redirect_uri: redirectUri, response_type: "code", state: "st-1" });
    // The company has ads sources: the redirect page goes straight to the consent.
    const first = await callRoute(page, "loader", get(`/oauth2-authorize/cross-platform-ads?${q}`, { cookie }), { platform: "cross-platform-ads" });
    expect(first.status).toBe(302);
    const consent = await (await callRoute(handoff, "loader", get(first.headers.get("location")!, { cookie }), { platform: "cross-platform-ads" })).json();
    expect(consent.platformName).toBe("Cross-platform ads");
    const allowed = await callRoute(handoff, "action", formPost("/oauth2-authorize/cross-platform-ads/handoff", { ...consent.hidden, decision: "allow" }, { cookie }), { platform: "cross-platform-ads" });
    const code = new URL(allowed.headers.get("location")!).searchParams.get("code")!;
    const tokens = await (await callRoute((await import("~/routes/oauth.token")) as never, "action", tokenPost({ grant_type: "authorization_code", code, client_id: "looker-blended", client_secret: "looker-blended-secret", redirect_uri: redirectUri }))).json();
    const access = tokens.access_token as string;

    const config = await (await callRoute((await import("~/routes/addons.looker-studio.config")) as never, "loader", bearer("/addons/looker-studio/config?platform=cross-platform-ads", access))).json();
    expect(config.platform).toEqual({ id: "cross-platform-ads", name: "Cross-platform ads" });
    expect(config.accounts.map((a: { id: string }) => a.id).sort()).toEqual(["549755885175", "549755885176", "demo-paris", "demo-tokyo", "t2_signal_ber", "t2_signal_ny"]);
    expect(config.reports).toEqual([]);
    const schema = await (await callRoute((await import("~/routes/addons.looker-studio.schema")) as never, "loader", bearer("/addons/looker-studio/schema?platform=cross-platform-ads&locale=en", access))).json();
    expect(schema.schema.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(["platform", "account_timezone", "spend", "video_views"]));
    expect(schema.schema.find((f: { name: string }) => f.name === "spend")).toMatchObject({ dataType: "NUMBER", semantics: { conceptType: "METRIC" } });

    // getData, as Code.gs sends it: the chosen accounts ("authorizationId:accountId") and the fields.
    const params = new URLSearchParams({
      platform: "cross-platform-ads", dimensions: "date,platform,account_name", metrics: "spend,clicks", date: "CUSTOM", start_date: RANGE.start_date, end_date: RANGE.end_date,
      accounts: JSON.stringify(config.accounts.map((a: { id: string; authorization_id: number }) => ({ id: a.id, authorization_id: a.authorization_id }))), format: "json",
    });
    const data = await callRoute((await import("~/routes/addons.query")) as never, "loader", bearer(`/addons/query?${params}`, access));
    const body = await data.json();
    expect(data.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(new Set(body.data.map((r: { platform: string }) => r.platform))).toEqual(new Set(["demo", "reddit-ads", "pinterest-ads"]));

    const catalogue = await import("~/services/bi-pages.server");
    const entry = catalogue.lookerStudioCatalogue("", "deployment-1").find((e) => e.id === "cross-platform-ads");
    expect(entry).toMatchObject({ name: "Cross-platform ads", category: "ADS" });
    const target = new URL(new URL(entry!.connectHref, "http://localhost").searchParams.get("redirectTo")!);
    expect(JSON.parse(target.searchParams.get("connectorConfig")!)).toEqual({ platform: "cross-platform-ads" });
    expect(catalogue.lookerStudioCatalogue("cross", "deployment-1").map((e) => e.id)).toEqual(["cross-platform-ads"]);
  });
});

describe("the cross-platform spend alert", () => {
  it("is created from the client's page with the company's ads accounts only, and evaluates the converted total of their spend", async () => {
    const { sessionCookie, routeArgs } = await import("../support/routes.js");
    const { ORIGIN, get, settle } = await import("../support/requests.js");
    const { listResults, getConfiguredFor, listRuns } = await import("../../db/repositories/alerts.js");
    const { createAlertActivities } = await import("../../temporal/activities/alerts.js");
    const { activityDeps } = await import("../../temporal/activities/deps.js");
    const route = await import("~/routes/_app.clients.$clientId.alerts.create.cross-platform");
    const user = await db.selectFrom("users").select("id").where("companyId", "=", agency.company.id).executeTakeFirstOrThrow();
    const cookie = await sessionCookie(user.id);
    const idOf = async (companyId: number, accountId: string) =>
      (await db.selectFrom("dataSources").select("id").where("companyId", "=", companyId).where("accountId", "=", accountId).executeTakeFirstOrThrow()).id;
    const paris = await idOf(agency.company.id, "demo-paris");
    const members = [paris, await idOf(agency.company.id, "t2_signal_ny"), await idOf(agency.company.id, "549755885176")];
    const path = `/clients/${paris}/alerts/create/cross-platform`;

    const page = await (await settle(() => route.loader(routeArgs(get(path, { cookie }), { clientId: String(paris) })))).json();
    expect(page.accounts.map((a: { dataSourceId: number }) => a.dataSourceId)).toEqual(expect.arrayContaining(members));
    expect(page.accounts.some((a: { platform: string }) => a.platform === "stripe")).toBe(false);
    expect(page.preselected).toEqual([paris]);

    const post = (account: number[], extra: Record<string, string> = {}) => {
      const body = new URLSearchParams({ title: "Total spend", operator: "sum", comparison: "above", amount: "1", during: "yesterday", ...extra });
      for (const id of account) body.append("account", String(id));
      const request = new Request(`${ORIGIN}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, host: "localhost:3000", cookie }, body });
      return settle(() => route.action(routeArgs(request, { clientId: String(paris) })));
    };
    const sentries = async () => (await db.selectFrom("sentries").select("id").where("companyId", "=", agency.company.id).execute()).length;
    const before = await sentries();
    // Hostile: another company's account, a non-ads account, an hourly window, a negative amount.
    for (const [account, extra] of [
      [[...members, await idOf(other.company.id, "t2_signal_ny")], {}],
      [[...members, await idOf(agency.company.id, "acct_1")], {}],
      [members, { during: "4_hour" }],
      [[...members, 99999999999], {}],
      [members, { amount: "-5" }],
      [[], {}],
    ] as const) {
      const refused = await post([...account], extra);
      expect(refused.status, JSON.stringify(extra)).toBe(400);
    }
    // Another company cannot use this client page at all.
    const theirCookie = await sessionCookie((await db.selectFrom("users").select("id").where("companyId", "=", other.company.id).executeTakeFirstOrThrow()).id);
    const foreign = await settle(() => route.loader(routeArgs(get(path, { cookie: theirCookie }), { clientId: String(paris) })));
    expect(foreign.status).toBe(404);
    expect(await sentries()).toBe(before);

    const created = await post(members, { title: "Spend over 1 EUR" });
    expect(created.status).toBe(302);
    const quiet = await post(members, { title: "Spend over a billion", amount: "1000000000" });
    const configured = (location: string) => Number(location.split("/").pop());
    const loud = configured(created.headers.get("location")!);
    const calm = configured(quiet.headers.get("location")!);

    // The worker's batch, with its clock on Wednesday 5 March 2025: "yesterday" is Tuesday the 4th.
    const activities = createAlertActivities(activityDeps({ db, now: () => new Date("2025-03-05T12:00:00Z") }));
    const batch = await activities.evaluateAlertBatch({ configuredForIds: [loud, calm] });
    expect(batch).toMatchObject({ evaluated: 2, errors: 0, anomalies: 1 });
    expect((await getConfiguredFor(db, agency.company.id, loud))?.status).toBe("ANOMALY");
    expect((await getConfiguredFor(db, agency.company.id, calm))?.status).toBe("OK");

    // Its value is the converted total of the three accounts' spend on that day, as the query URL gives it.
    const day = await json({ platform: "cross-platform-ads", dimensions: "date", metrics: "spend", date: "CUSTOM", start_date: "2025-03-04", end_date: "2025-03-04", accounts: JSON.stringify([
      { id: "demo-paris", authorization_id: agency.sources.demo },
      { id: "t2_signal_ny", authorization_id: agency.sources["reddit-ads"] },
      { id: "549755885176", authorization_id: agency.sources["pinterest-ads"] },
    ]) });
    const expected = Math.round(sum(day.data, "spend_converted") * 100) / 100;
    const [result] = await listResults(db, agency.company.id, loud);
    const stored = (typeof result.lastResult === "string" ? JSON.parse(result.lastResult) : result.lastResult) as { conditions: { value: number }[]; identifierName: string };
    expect(stored.identifierName).toBe("All platforms (3 accounts)");
    expect(stored.conditions[0].value).toBeCloseTo(expected, 2);
    expect(expected).toBeGreaterThan(1);
    expect((await listRuns(db, agency.company.id, loud))[0]).toMatchObject({ status: "ANOMALY" });
  });
});
