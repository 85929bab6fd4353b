// The generated catalogues end to end (issue 17): a query URL and a job deliver new Google Ads
// and Meta Ads fields from the platforms' fakes, and a selection the platform's rules refuse is a
// 400 naming the fields, with no report request sent.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createDatastream, createJob } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { PgClient } from "../../db/pg-clients.js";
import { contract as googleAds } from "../../engine/connectors/google-ads/contract.js";
import { startGoogleAdsFake, type GoogleAdsFake } from "../../engine/connectors/google-ads/fake.js";
import { FB_APP, FB_TOKEN, startFacebookFake, type FacebookFake } from "../../engine/connectors/facebook-ads/fake.js";
import { createJobSchedule, deleteJobSchedule, triggerJob } from "../../temporal/schedules.js";
import { alertDefinitionSchema } from "../../engine/alerts/definition.js";
import { getConnector } from "../../engine/connectors/registry.js";
import { createConnectorContext } from "../../engine/core/context.js";
import { evaluateAlertOnAccount } from "../../server/alert-evaluation.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { overrideEnv } from "../support/env.js";
import { demoJobInput, makeCompanyWithUser } from "../support/factories.js";
import { waitForFinishedRuns } from "../support/job-runs.js";
import { cookiesFrom, formPost, settle } from "../support/requests.js";
import { startWorkerHarness, type WorkerHarness } from "../support/worker-harness.js";

const destDb = `dest_generated_${process.pid}`;
let harness: WorkerHarness;
let db: DB;
let ads: GoogleAdsFake;
let meta: FacebookFake;
let reader: pg.Client;
let destUrl: URL;
let service: typeof import("~/services/query-url.server");
let env: Record<string, string | undefined>;
let restoreEnv: (() => void) | undefined;

beforeAll(async () => {
  ads = await startGoogleAdsFake();
  meta = await startFacebookFake();
  // The worker's activities and the query URL read the platforms' addresses and apps from here.
  env = {
    GOOGLE_ADS_BASE_URL: ads.baseUrl,
    GOOGLE_ADS_CLIENT_ID: googleAds.app!.clientId,
    GOOGLE_ADS_CLIENT_SECRET: googleAds.app!.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: googleAds.app!.extra!.developerToken,
    FACEBOOK_ADS_BASE_URL: meta.baseUrl,
    FACEBOOK_ADS_CLIENT_ID: FB_APP.clientId,
    FACEBOOK_ADS_CLIENT_SECRET: FB_APP.clientSecret,
  };
  restoreEnv = overrideEnv(env);
  harness = await startWorkerHarness("generated-fields");
  db = harness.db;
  destUrl = (await createDestinationDatabase(destDb)).url;
  reader = new PgClient({ connectionString: destUrl.toString() });
  await reader.connect();
  service = await import("~/services/query-url.server");
});

afterAll(async () => {
  await reader?.end();
  await harness?.stop();
  await ads?.close();
  await meta?.close();
  restoreEnv?.();
});

async function googleAdsSource() {
  const { company, user } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name: "Google Ads", platform: "google-ads", credential: googleAds.credential, createdById: user.id });
  const account = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "1234567890", name: "Shop FR", timezone: "Europe/Paris", currency: "EUR" });
  return { company, source, account };
}

const queryUrl = (params: Record<string, string>) => service.answerQueryUrl(new Request(`http://localhost/api/request?${new URLSearchParams({ format: "json", ...params })}`), { db, env });

describe("generated fields through the query URL", () => {
  it("Google Ads: a keyword report with new segments and metrics", async () => {
    const { company, source } = await googleAdsSource();
    const res = await queryUrl({
      platform: "google-ads",
      dimensions: "date,ad_group_criterion_keyword_text,ad_group_criterion_keyword_match_type,device",
      metrics: "impressions,cost,search_impression_share,historical_quality_score,all_conversions_value",
      date: "CUSTOM",
      start_date: "2025-03-01",
      end_date: "2025-03-02",
      accounts: JSON.stringify([{ id: "1234567890", authorization_id: source.id }]),
      options_report: "keyword_view",
      apikey: revealApiKey(company),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown>[] };
    expect(body.data.length).toBeGreaterThan(0);
    expect(new Set(body.data.map((r) => r.ad_group_criterion_keyword_text))).toEqual(new Set(["running shoes", "trail shoes"]));
    expect(new Set(body.data.map((r) => r.device))).toEqual(new Set(["MOBILE", "TABLET", "DESKTOP"]));
    for (const row of body.data) expect(typeof row.impressions).toBe("number");
  });

  it("Google Ads: a selection the API's rules refuse is a 400 naming the fields, before any report request", async () => {
    const { company, source } = await googleAdsSource();
    const before = ads.server.requestsTo(/googleAds:searchStream$/).length;
    const res = await queryUrl({
      platform: "google-ads",
      dimensions: "date,conversion_action_name",
      metrics: "impressions",
      date: "CUSTOM",
      start_date: "2025-03-01",
      end_date: "2025-03-01",
      accounts: JSON.stringify([{ id: "1234567890", authorization_id: source.id }]),
      options_report: "campaign",
      apikey: revealApiKey(company),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/"impressions" \(cannot be selected with Conversion action name/);
    expect(ads.server.requestsTo(/googleAds:searchStream$/).length).toBe(before);
  });

  it("Meta Ads: age and gender breakdowns with standard-event columns in a chosen attribution window", async () => {
    const { company, user } = await makeCompanyWithUser(db);
    const source = await createNetworkAuthorization(db, company.id, { name: "Meta", platform: "facebook-ads", credential: { type: "oauth2", accessToken: FB_TOKEN }, createdById: user.id });
    await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "1001", name: "Paris Shoes", timezone: "Europe/Paris", currency: "EUR" });
    const res = await queryUrl({
      platform: "facebook-ads",
      dimensions: "date,campaign_name,age,gender",
      metrics: "impressions,cost,actions_add_to_cart,action_values_add_to_cart,purchases,video_p25_watched_actions",
      date: "CUSTOM",
      start_date: "2025-03-01",
      end_date: "2025-03-01",
      accounts: JSON.stringify([{ id: "1001", authorization_id: source.id }]),
      options_report: "campaigns",
      options_attribution_window: "7d_click",
      apikey: revealApiKey(company),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown>[] };
    expect(new Set(body.data.map((r) => r.gender))).toEqual(new Set(["female", "male", "unknown"]));
    expect(body.data.some((r) => Number(r.actions_add_to_cart) > 0)).toBe(true);
    const [call] = meta.server.requestsTo(/\/act_1001\/insights$/).slice(-1);
    expect(call.query.get("breakdowns")).toBe("age,gender");
    expect(call.query.get("action_attribution_windows")).toBe('["7d_click"]');
  });
});

describe("generated fields through an alert", () => {
  it("evaluates a threshold alert on a new Google Ads metric, per campaign", async () => {
    const connector = getConnector("google-ads");
    const ctx = createConnectorContext(connector, { credential: googleAds.credential, app: googleAds.app, baseUrl: ads.baseUrl });
    const definition = alertDefinitionSchema.parse({
      title: "Video views",
      type: "metric",
      variables: [{ type: "metric", alertType: "threshold", alertValue: [{ operator: "sum", thresholdValue: "1", thresholdType: "above", metric: "video_trueview_views", during: "7_days" }], calculatedFields: [] }],
      requests: { A: { accountId: "1234567890", platform: "google-ads", level: "CAMPAIGN", dataSourceId: 1, filters: [] } },
    });
    const before = ads.server.requestsTo(/googleAds:searchStream$/).length;
    const out = await evaluateAlertOnAccount(connector, ctx, { accountId: "1234567890", name: "Shop FR", timezone: "Europe/Paris", currency: "EUR" }, definition, new Date("2025-03-10T12:00:00Z"));
    expect(out.results.map((r) => r.identifierName).sort()).toEqual(["Brand", "Generic"]);
    expect(out.results.every((r) => r.status === "ANOMALY" && Number(r.conditions[0].value) > 1)).toBe(true);
    const [query] = ads.server.requestsTo(/googleAds:searchStream$/).slice(before);
    expect(query.json<{ query: string }>().query).toContain("metrics.video_trueview_views");
  });
});

describe("the job wizard's field picker on Google Ads", () => {
  it("greys what the API refuses for the posted selection, and a search (no JavaScript) keeps the selection", async () => {
    const login = await import("~/routes/login");
    const wizard = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.new");
    const { company, user, password } = await makeCompanyWithUser(db);
    const cookie = cookiesFrom(await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} })));
    const source = await createNetworkAuthorization(db, company.id, { name: "Google Ads", platform: "google-ads", credential: googleAds.credential, createdById: user.id });
    const account = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "1234567890", name: "Shop FR", timezone: "Europe/Paris", currency: "EUR" });
    const destination = await createDestination(db, company.id, { name: "Warehouse", type: "postgres", config: { host: `${destUrl.hostname}:${destUrl.port}`, username: decodeURIComponent(destUrl.username), password: decodeURIComponent(destUrl.password), database: destDb } });
    const stream = await createDatastream(db, company.id, { name: "Google Ads", platform: "google-ads", destinationId: destination.id });
    const path = `/data-connector/data-stream/${stream.id}/jobs/new`;
    const post = (pairs: [string, string][]) => {
      const request = new Request(`http://localhost:3000${path}`, { method: "POST", body: new URLSearchParams(pairs), headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" } });
      return settle(() => wizard.action({ request, params: { id: String(stream.id) }, context: {} }));
    };
    const state = JSON.stringify({ name: "Daily", mode: "specific", dataSourceIds: [account.id] });
    type Reply = { step: string; state: { fields?: string[] }; fieldChoices: { id: string; reason?: string }[]; fieldSearch?: string };
    const refreshed = (await (await post([["step", "fields"], ["state", state], ["report", "campaign"], ["fields", "impressions"], ["intent", "refresh"]])).json()) as Reply;
    expect(refreshed.step).toBe("fields");
    expect(refreshed.fieldChoices.find((f) => f.id === "conversion_action_name")?.reason).toBe("cannot be selected with Impressions (metrics.impressions)");
    expect(refreshed.fieldChoices.find((f) => f.id === "clicks")?.reason).toBeUndefined();
    const searched = (await (await post([["step", "fields"], ["state", state], ["report", "campaign"], ["fields", "impressions"], ["field_q", "conversion action"], ["intent", "search"]])).json()) as Reply;
    expect(searched.fieldSearch).toBe("conversion action");
    expect(searched.state.fields).toEqual(["impressions"]);
    expect(searched.step).toBe("fields");
  });
});

describe("generated fields through a job", () => {
  it("Run Now loads new Google Ads fields into the destination table", async () => {
    const { company, account } = await googleAdsSource();
    const destination = await createDestination(db, company.id, {
      name: "Warehouse",
      type: "postgres",
      config: { host: `${destUrl.hostname}:${destUrl.port}`, username: decodeURIComponent(destUrl.username), password: decodeURIComponent(destUrl.password), database: destDb },
    });
    const stream = await createDatastream(db, company.id, { name: "Google Ads to warehouse", platform: "google-ads", destinationId: destination.id });
    const job = await createJob(
      db,
      company.id,
      demoJobInput({
        datastreamId: stream.id,
        dataSourceIds: [account.id],
        tableName: "generated_fields",
        date: "LAST_7_DAYS",
        startDate: null,
        endDate: null,
        fields: { date: "date", campaign_name: "campaign", ad_network_type: "network", video_trueview_views: "video_views", search_impression_share: "impression_share", active_view_impressions: "viewable_impressions", campaign_bidding_strategy_type: "bidding" },
        options: { report: "campaign" },
      }),
    );
    await createJobSchedule(harness.client, { companyId: company.id, jobId: job.id, recurrency: job.recurrency });
    await triggerJob(harness.client, job.id);
    const [run] = await waitForFinishedRuns(db, company.id, job.id, 1);
    await deleteJobSchedule(harness.client, job.id);
    expect(run!.success, run!.message ?? "").toBe(true);
    const { rows } = await reader.query(`select campaign, network, video_views, impression_share, viewable_impressions, bidding from "generated_fields"`);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.campaign))).toEqual(new Set(["Brand", "Generic"]));
    expect(rows.some((r) => Number(r.video_views) > 0)).toBe(true);
    expect(rows.every((r) => typeof r.bidding === "string" && r.bidding.length > 0)).toBe(true);
  }, 300_000);
});
