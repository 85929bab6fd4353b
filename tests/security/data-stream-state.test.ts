// Attack suite (issue 15 item 6, issue 14 "forged state"): the job wizard and the job edit screen
// carry their earlier choices in form fields a tenant controls (the wizard's hidden `state`, the
// edit form's inputs). Every id and name in them is replayed forged: another company's source,
// account, destination, data stream and job; a source of another platform; an unknown report,
// field, rename or partition; ids past PostgreSQL's integer range. Each answer is a 4xx with a
// clear message, and nothing is written (no job, no claim, the victim's job unchanged).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createDatastream, createJob, getJob } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createTestDatabase } from "../support/database.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { demoJobInput } from "../support/factories.js";
import { formPost, get, ORIGIN, settle } from "../support/requests.js";

let db: DB;
let drop: () => Promise<void>;
let destConfig: Record<string, string>;
let wizard: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.new");
let editPage: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId_.edit");
let jobPage: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId");
let streamPage: typeof import("~/routes/_app.data-connector.data-stream.$id");
let newStream: typeof import("~/routes/_app.data-connector.data-stream.new");

beforeAll(async () => {
  process.env.TEMPORAL_ADDRESS = inject("temporalAddress");
  // Nothing polls this queue: a job that were wrongly created would not even run.
  process.env.TEMPORAL_TASK_QUEUE = `forged-state-${process.pid}`;
  ({ db, drop } = await createTestDatabase());
  destConfig = (await createDestinationDatabase(`dest_forged_${process.pid}`)).config;
  wizard = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.new");
  editPage = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId_.edit");
  jobPage = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId");
  streamPage = await import("~/routes/_app.data-connector.data-stream.$id");
  newStream = await import("~/routes/_app.data-connector.data-stream.new");
});

afterAll(async () => {
  await drop?.();
});

/** A company with a demo source and account, a source of another platform, a destination, a stream and one job. */
async function tenant() {
  const who = await makeSignedInDemoCompany(db, "Demo Ads");
  const account = { id: who.dataSourceId! };
  const otherPlatform = await createNetworkAuthorization(db, who.company.id, { name: "Mailchimp", platform: "mailchimp", credential: { type: "api-key", key: "k-us1" } });
  const otherAccount = await createDataSource(db, who.company.id, { networkAuthorizationId: otherPlatform.id, accountId: "list-1", name: "Newsletter", timezone: "UTC", currency: "EUR" });
  const destination = await createDestination(db, who.company.id, { name: "Warehouse", type: "postgres", config: destConfig });
  const stream = await createDatastream(db, who.company.id, { name: "Ads", platform: "demo", destinationId: destination.id });
  const job = await createJob(db, who.company.id, demoJobInput({ datastreamId: stream.id, name: "Daily", date: "LAST_7_DAYS", startDate: null, endDate: null, fields: { date: "date", clicks: "clicks" }, tableName: `daily_${who.company.id}`, dataSourceIds: [account.id] }));
  return { company: who.company, cookie: who.cookie, source: { id: who.sourceId }, account, otherPlatform, otherAccount, destination, stream, job };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

function post(path: string, pairs: [string, string][], cookie: string): Request {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(pairs), headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } });
}

/** Everything a company could have written because of a job form. */
async function snapshot() {
  const jobs = await sql<{ n: string }>`select md5(string_agg(row_to_json(j)::text, '|' order by id)) as n from datastream_jobs j`.execute(db);
  const accounts = await sql<{ n: string }>`select md5(coalesce(string_agg(job_id || ':' || data_source_id, '|' order by job_id, data_source_id), '')) as n from datastream_job_accounts`.execute(db);
  const claims = await sql<{ n: string }>`select md5(coalesce(string_agg(job_id || ':' || destination_id || ':' || table_key, '|' order by job_id), '')) as n from datastream_job_tables`.execute(db);
  const streams = await sql<{ n: string }>`select count(*)::text as n from datastreams`.execute(db);
  return [jobs.rows[0]!.n, accounts.rows[0]!.n, claims.rows[0]!.n, streams.rows[0]!.n];
}

type Answer = { status: number; text: string };
async function answer(res: Response): Promise<Answer> {
  return { status: res.status, text: await res.text() };
}

/** The wizard's last step with this hidden state (the earlier steps' choices). */
function deployment(who: Tenant, state: Record<string, unknown>, extra: [string, string][] = [], streamId = who.stream.id) {
  const pairs: [string, string][] = [
    ["step", "deployment"],
    ["state", JSON.stringify({ name: "Forged", mode: "specific", dataSourceIds: [who.account.id], report: "campaigns", fields: ["date", "clicks"], renames: {}, ...state })],
    ["recurrency", "0 0 1 1 *"],
    ["date", "LAST_7_DAYS"],
    ["tableName", `forged_${who.company.id}`],
    ...extra,
  ];
  const path = `/data-connector/data-stream/${streamId}/jobs/new`;
  return settle(() => wizard.action({ request: post(path, pairs, who.cookie), params: { id: String(streamId) }, context: {} })).then(answer);
}

function wizardStep(who: Tenant, pairs: [string, string][]) {
  const path = `/data-connector/data-stream/${who.stream.id}/jobs/new`;
  return settle(() => wizard.action({ request: post(path, pairs, who.cookie), params: { id: String(who.stream.id) }, context: {} })).then(answer);
}

/** The edit form as the browser posts it, with some inputs forged. */
function edit(who: Tenant, over: Record<string, string | string[]>, ids: { streamId?: string; jobId?: string } = {}) {
  const values: Record<string, string | string[]> = {
    intent: "save", name: "Daily", mode: "specific", dataSourceIds: [String(who.account.id)], report: "campaigns", fields: ["date", "clicks"],
    recurrency: "0 0 1 1 *", date: "LAST_7_DAYS", partitionFieldId: ["date"], tableName: `daily_${who.company.id}`, ...over,
  };
  const pairs = Object.entries(values).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]]));
  const streamId = ids.streamId ?? String(who.stream.id);
  const jobId = ids.jobId ?? String(who.job.id);
  const path = `/data-connector/data-stream/${streamId}/jobs/${jobId}/edit`;
  return settle(() => editPage.action({ request: post(path, pairs, who.cookie), params: { id: streamId, jobId }, context: {} })).then(answer);
}

const HUGE = 2 ** 40;

describe("forged ids in the job forms' state", () => {
  let attacker: Tenant;
  let victim: Tenant;
  beforeAll(async () => {
    attacker = await tenant();
    victim = await tenant();
  });

  it("the wizard refuses another company's source, accounts or stream, another platform's source, and ids past the integer range", async () => {
    const before = await snapshot();
    const attacks: [string, () => Promise<Answer>, number, string][] = [
      ["victim's source (all accounts mode)", () => deployment(attacker, { mode: "source", dataSourceIds: [], networkAuthorizationId: victim.source.id }), 400, "The chosen source is not a source of this data stream's platform"],
      ["victim's account", () => deployment(attacker, { dataSourceIds: [victim.account.id] }), 400, "One of the chosen accounts is not an account"],
      ["own and victim's accounts", () => deployment(attacker, { dataSourceIds: [attacker.account.id, victim.account.id] }), 400, "One of the chosen accounts is not an account"],
      ["own source of another platform", () => deployment(attacker, { mode: "source", dataSourceIds: [], networkAuthorizationId: attacker.otherPlatform.id }), 400, "not a source of this data stream's platform"],
      ["own account of another platform", () => deployment(attacker, { dataSourceIds: [attacker.otherAccount.id] }), 400, "not an account of this data stream's platform"],
      ["an account id past the integer range", () => deployment(attacker, { dataSourceIds: [HUGE] }), 400, "not an account of this data stream's platform"],
      ["a source id past the integer range", () => deployment(attacker, { mode: "source", dataSourceIds: [], networkAuthorizationId: HUGE }), 400, "not a source"],
      ["victim's stream in the address", () => deployment(attacker, {}, [], victim.stream.id), 404, "Not found"],
      ["a stream id past the integer range", () => deployment(attacker, {}, [], HUGE), 404, "This page does not exist"],
      ["victim's source at the accounts step", () => wizardStep(attacker, [["step", "accounts"], ["state", "{}"], ["mode", "source"], ["networkAuthorizationId", String(victim.source.id)]]), 400, "not a source of this data stream's platform"],
      ["victim's account at the accounts step", () => wizardStep(attacker, [["step", "accounts"], ["state", "{}"], ["mode", "specific"], ["dataSourceIds", String(victim.account.id)]]), 400, "not an account"],
    ];
    for (const [name, attack, status, message] of attacks) {
      const got = await attack();
      expect(got.status, name).toBe(status);
      expect(got.text, name).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the wizard refuses an unknown report, unknown fields, renames a destination refuses and a partition that is not a date", async () => {
    const before = await snapshot();
    const attacks: [string, () => Promise<Answer>, string][] = [
      ["unknown report in the state", () => deployment(attacker, { report: "../../etc/passwd" }), "This report does not exist for this platform."],
      ["unknown field in the state", () => deployment(attacker, { fields: ["date", "password_hash"] }), "Unknown fields: password_hash"],
      ["rename onto the account column", () => deployment(attacker, { renames: { clicks: "_account_id" } }), "_account_id is reserved."],
      ["two fields renamed alike", () => deployment(attacker, { renames: { clicks: "date" } }), 'Two fields are named \\"date\\"'],
      ["partition on a metric", () => deployment(attacker, {}, [["partitionFieldId", "clicks"]]), "The partition field must be one of the report's date fields."],
      ["partition on an unknown field", () => deployment(attacker, {}, [["partitionFieldId", "secret"]]), "The partition field must be one of the report's date fields."],
      ["unknown report at the fields step", () => wizardStep(attacker, [["step", "fields"], ["state", JSON.stringify({ name: "x", mode: "specific", dataSourceIds: [attacker.account.id] })], ["report", "nope"], ["fields", "date"]]), "This report does not exist"],
    ];
    for (const [name, attack, message] of attacks) {
      const got = await attack();
      expect(got.status, name).toBe(400);
      expect(got.text, name).toContain(message);
    }
    // The preview reads nothing of another company's account.
    const preview = await wizardStep(attacker, [["step", "fields"], ["state", JSON.stringify({ name: "x", mode: "specific", dataSourceIds: [attacker.account.id] })], ["report", "campaigns"], ["fields", "date"], ["fields", "clicks"], ["intent", "preview"], ["previewAccount", String(victim.account.id)], ["previewDate", "2024-01-01"]]);
    expect(preview.text).toContain("Account not found");
    expect(preview.text).not.toContain('"rows"');
    const hugePreview = await wizardStep(attacker, [["step", "fields"], ["state", "{}"], ["report", "campaigns"], ["fields", "date"], ["intent", "preview"], ["previewAccount", String(HUGE)], ["previewDate", "2024-01-01"]]);
    expect(hugePreview.status).toBeLessThan(500);
    expect(hugePreview.text).toContain("Account not found");
    expect(await snapshot()).toEqual(before);
  });

  it("the edit screen refuses the same forged ids and names, and another company's job or stream", async () => {
    const before = await snapshot();
    const attacks: [string, () => Promise<Answer>, number, string][] = [
      ["victim's source", () => edit(attacker, { mode: "source", networkAuthorizationId: String(victim.source.id) }), 400, "The chosen source is not a source of this data stream's platform"],
      ["victim's account", () => edit(attacker, { dataSourceIds: [String(victim.account.id)] }), 400, "One of the chosen accounts is not an account"],
      ["own source of another platform", () => edit(attacker, { mode: "source", networkAuthorizationId: String(attacker.otherPlatform.id) }), 400, "not a source of this data stream's platform"],
      ["an account id past the integer range", () => edit(attacker, { dataSourceIds: [String(HUGE)] }), 400, "not an account"],
      ["unknown report", () => edit(attacker, { report: "bogus" }), 400, "This report does not exist for this platform."],
      ["unknown field", () => edit(attacker, { fields: ["date", "nope"] }), 400, "Unknown fields: nope"],
      ["rename onto the account column", () => edit(attacker, { "rename.clicks": "_account_id" }), 400, "_account_id is reserved."],
      ["partition on a metric", () => edit(attacker, { partitionFieldId: ["clicks"] }), 400, "The partition field must be one of the report's date fields."],
      ["victim's job id", () => edit(attacker, {}, { jobId: String(victim.job.id) }), 404, "Not found"],
      ["victim's stream with own job", () => edit(attacker, {}, { streamId: String(victim.stream.id) }), 404, "Not found"],
      ["a job id past the integer range", () => edit(attacker, {}, { jobId: String(HUGE) }), 404, "This page does not exist"],
    ];
    for (const [name, attack, status, message] of attacks) {
      const got = await attack();
      expect(got.status, name).toBe(status);
      expect(got.text, name).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
    expect(await getJob(db, victim.company.id, victim.job.id)).toMatchObject({ name: "Daily", networkAuthorizationId: null, tableName: `daily_${victim.company.id}` });
  });

  it("the stream and job pages answer 4xx to ids past the integer range and to another company's destination", async () => {
    const before = await snapshot();
    const page = await settle(() => jobPage.loader({ request: get(`/data-connector/data-stream/${attacker.stream.id}/jobs/${HUGE}`, { cookie: attacker.cookie }), params: { id: String(attacker.stream.id), jobId: String(HUGE) }, context: {} }));
    expect(page.status).toBe(404);
    const del = await settle(() => streamPage.action({ request: formPost(`/data-connector/data-stream/${attacker.stream.id}`, { intent: "delete-job", jobId: String(HUGE) }, { cookie: attacker.cookie }), params: { id: String(attacker.stream.id) }, context: {} }));
    expect(del.status).toBe(404);
    const delVictim = await settle(() => streamPage.action({ request: formPost(`/data-connector/data-stream/${attacker.stream.id}`, { intent: "delete-job", jobId: String(victim.job.id) }, { cookie: attacker.cookie }), params: { id: String(attacker.stream.id) }, context: {} }));
    expect(delVictim.status).toBe(404);
    for (const destinationId of [String(victim.destination.id), String(HUGE)]) {
      const stream = await settle(() => newStream.action({ request: formPost("/data-connector/data-stream/new", { name: "Stolen", platform: "demo", destinationId }, { cookie: attacker.cookie }), params: {}, context: {} }));
      expect(stream.status, destinationId).toBe(400);
      expect(await stream.text()).toContain("You need to set a destination to the connection.");
    }
    expect(await snapshot()).toEqual(before);
  });
});
