// Job edit screen and account blocks, through their route modules, on real PostgreSQL and the real
// Temporal dev server: an edit validates like the wizard (400 with the same messages, nothing
// changed), a save updates the job, its Schedule job:{id} (described in Temporal) and the
// destination's columns; another company's job id gets 404; a destination refusing the table
// leaves the job as it was. Blocking a job's last active account pauses its schedule; unblocking
// one resumes it, unless the schedule was paused for another reason.
import { Client, Connection } from "@temporalio/client";
import { sql } from "kysely";
import { withPgClient } from "../../db/pg-clients.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { getJob } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { ALL_BLOCKED_NOTE } from "../../temporal/schedules.js";
import { jobScheduleId } from "../../temporal/shared.js";
import { createTestDatabase } from "../support/database.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { cookiesFrom, formPost, get, ORIGIN, settle } from "../support/requests.js";

const destDb = `dest_edit_${process.pid}`;
let db: DB;
let drop: () => Promise<void>;
let client: Client;
let connection: Connection;
let dest: Awaited<ReturnType<typeof createDestinationDatabase>>;
let login: typeof import("~/routes/login");
let editPage: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId_.edit");
let jobPage: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId");
let sourcePage: typeof import("~/routes/_app.data-connector.sources.$id");
let services: typeof import("~/services/data-streams.server");

beforeAll(async () => {
  process.env.TEMPORAL_ADDRESS = inject("temporalAddress");
  // No worker polls this queue: the runs that creating a job triggers stay queued and load nothing.
  process.env.TEMPORAL_TASK_QUEUE = `edit-${process.pid}`;
  ({ db, drop } = await createTestDatabase());
  // Schedules are named job:{id} on the Temporal server every test file shares: start this file's
  // job ids where the other files' (each from 1 in their own database) will not reach.
  await sql`select setval(pg_get_serial_sequence('datastream_jobs', 'id'), ${7_000_000 + (process.pid % 1000) * 1000})`.execute(db);
  dest = await createDestinationDatabase(destDb);
  connection = await Connection.connect({ address: inject("temporalAddress") });
  client = new Client({ connection });
  login = await import("~/routes/login");
  editPage = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId_.edit");
  jobPage = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId");
  sourcePage = await import("~/routes/_app.data-connector.sources.$id");
  services = await import("~/services/data-streams.server");
});

afterAll(async () => {
  await connection?.close();
  await drop?.();
});

async function signedIn(destinationConfig: Record<string, string> = dest.config) {
  const { company, user, password } = await makeCompanyWithUser(db);
  const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} }));
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
  const a1 = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-001", name: "Acme Shoes (FR)", timezone: "UTC", currency: "EUR" });
  const a2 = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-002", name: "Acme Shoes (DE)", timezone: "UTC", currency: "EUR" });
  const destination = await createDestination(db, company.id, { name: "Warehouse", type: "postgres", config: destinationConfig });
  const stream = await services.createStream(company.id, { name: "Ads", platform: "demo", destinationId: destination.id });
  return { company, cookie: cookiesFrom(res), source, a1, a2, destination, stream };
}
type Who = Awaited<ReturnType<typeof signedIn>>;

const baseJob = {
  mode: "specific" as const,
  report: "campaigns",
  fields: ["date", "clicks"],
  renames: {},
  recurrency: "0 0 * * *",
  date: "LAST_7_DAYS",
  partitionFieldId: ["date"],
  // A backfill of one old day instead of a first run (nothing polls this queue anyway).
  initialFetch: true,
  dateInitialization: "CUSTOM",
  startDateInitialization: "2024-01-01",
  endDateInitialization: "2024-01-01",
};

function editRequest(who: Who, jobId: number, pairs: [string, string][]): Request {
  return new Request(`${ORIGIN}/data-connector/data-stream/${who.stream.id}/jobs/${jobId}/edit`, {
    method: "POST",
    body: new URLSearchParams(pairs),
    headers: { cookie: who.cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
}
const postEdit = (who: Who, jobId: number, pairs: [string, string][]) =>
  settle(() => editPage.action({ request: editRequest(who, jobId, pairs), params: { id: String(who.stream.id), jobId: String(jobId) }, context: {} }));

/** The whole edit form as the browser posts it. */
function editForm(who: Who, over: Partial<Record<string, string | string[]>> = {}): [string, string][] {
  const values: Record<string, string | string[]> = {
    intent: "save",
    name: "Daily campaigns",
    mode: "specific",
    dataSourceIds: [String(who.a1.id)],
    report: "campaigns",
    fields: ["date", "clicks"],
    recurrency: "0 0 * * *",
    date: "LAST_7_DAYS",
    partitionFieldId: ["date"],
    tableName: "edited_campaigns",
    ...over,
  } as Record<string, string | string[]>;
  return Object.entries(values).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]]));
}

async function destinationColumns(table: string): Promise<string[]> {
  const r = await withPgClient(dest.url.toString(), (c) =>
    c.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = $1 order by ordinal_position", [table]),
  );
  return r.rows.map((x) => x.column_name);
}

const describeSchedule = (jobId: number) => client.schedule.getHandle(jobScheduleId(jobId)).describe();

describe("job edit screen", () => {
  it("validates like the wizard, then saves the job, its Temporal schedule and the destination's new columns", async () => {
    const who = await signedIn();
    const jobId = await services.createJobWithSchedule(who.company.id, who.stream.id, { ...baseJob, name: "Daily campaigns", dataSourceIds: [who.a1.id], tableName: "edited_campaigns" });
    const params = { id: String(who.stream.id), jobId: String(jobId) };

    const page = await settle(() => editPage.loader({ request: get(`/data-connector/data-stream/${who.stream.id}/jobs/${jobId}/edit`, { cookie: who.cookie }), params, context: {} }));
    expect(page.status).toBe(200);
    const shown = (await page.json()) as { current: { state: { name: string; fields: string[]; dataSourceIds: number[] }; deployment: { recurrency: string; tableName: string } } };
    expect(shown.current.state).toMatchObject({ name: "Daily campaigns", fields: ["date", "clicks"], dataSourceIds: [who.a1.id] });
    expect(shown.current.deployment).toMatchObject({ recurrency: "0 0 * * *", tableName: "edited_campaigns" });

    // Bad input: the wizard's messages, a 400, nothing changed.
    const bad = await postEdit(who, jobId, editForm(who, { name: "", dataSourceIds: [], fields: [], recurrency: "custom", customCron: "61 * * * *", date: "CUSTOM", startDate: "2024-02-10", endDate: "2024-02-01", tableName: "" }));
    expect(bad.status).toBe(400);
    const badText = JSON.stringify(await bad.json());
    for (const m of ["You need to set a name to the connection.", "You need to set at least one accounts.", "You need to set at least one fields.", "not a valid cron expression", "The end date cannot be before the start date.", "You need to set a table name."])
      expect(badText).toContain(m);
    const rejected = await postEdit(who, jobId, editForm(who, { tableName: "bad name; drop" }));
    expect(rejected.status).toBe(400);
    expect((await getJob(db, who.company.id, jobId))!.tableName).toBe("edited_campaigns");
    expect((await getJob(db, who.company.id, jobId))!.recurrency).toBe("0 0 * * *");

    // A good edit: frequency preset every 6 hours, one more field with a rename, the other account too.
    const saved = await postEdit(who, jobId, editForm(who, { name: "Six-hourly campaigns", recurrency: "0 */6 * * *", fields: ["date", "clicks", "impressions"], "rename.impressions": "imps", dataSourceIds: [String(who.a1.id), String(who.a2.id)] }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/data-connector/data-stream/${who.stream.id}/jobs/${jobId}`);
    const job = (await getJob(db, who.company.id, jobId))!;
    expect(job).toMatchObject({ name: "Six-hourly campaigns", recurrency: "0 */6 * * *", fields: { date: "date", clicks: "clicks", impressions: "imps" }, partitionFieldId: "date" });
    // The schedule in Temporal now fires every six hours on the hour.
    const schedule = await describeSchedule(jobId);
    const next = schedule.info.nextActionTimes.map((d) => d.getTime());
    expect(next.length).toBeGreaterThanOrEqual(2);
    for (const t of next) expect([new Date(t).getUTCHours() % 6, new Date(t).getUTCMinutes()]).toEqual([0, 0]);
    expect(next[1]! - next[0]!).toBe(6 * 3600_000);
    // prepare ran: the table exists with the added (renamed) column before any run.
    expect(await destinationColumns("edited_campaigns")).toEqual(expect.arrayContaining(["_account_id", "date", "clicks", "imps"]));

    const detail = await settle(() => jobPage.loader({ request: get(`/data-connector/data-stream/${who.stream.id}/jobs/${jobId}`, { cookie: who.cookie }), params, context: {} }));
    const d = (await detail.json()) as { job: { name: string; recurrency: string; fields: Record<string, string> }; accounts: { id: number }[] };
    expect(d.job).toMatchObject({ name: "Six-hourly campaigns", recurrency: "0 */6 * * *", fields: { impressions: "imps" } });
    expect(d.accounts.map((a) => a.id).sort()).toEqual([who.a1.id, who.a2.id].sort());

    // A custom cron.
    const custom = await postEdit(who, jobId, editForm(who, { recurrency: "custom", customCron: "30 6 * * 1" }));
    expect(custom.status).toBe(302);
    const weekly = (await describeSchedule(jobId)).info.nextActionTimes[0]!;
    expect([weekly.getUTCDay(), weekly.getUTCHours(), weekly.getUTCMinutes()]).toEqual([1, 6, 30]);
  });

  it("answers 404 to another company's job id and changes nothing", async () => {
    const owner = await signedIn();
    const jobId = await services.createJobWithSchedule(owner.company.id, owner.stream.id, { ...baseJob, name: "Mine", dataSourceIds: [owner.a1.id], tableName: "mine" });
    const intruder = await signedIn();
    const params = { id: String(owner.stream.id), jobId: String(jobId) };
    const view = await settle(() => editPage.loader({ request: get(`/data-connector/data-stream/${owner.stream.id}/jobs/${jobId}/edit`, { cookie: intruder.cookie }), params, context: {} }));
    expect(view.status).toBe(404);
    const post = await settle(() =>
      editPage.action({ request: editRequest({ ...owner, cookie: intruder.cookie }, jobId, editForm(owner, { name: "Stolen", recurrency: "*/15 * * * *" })), params, context: {} }),
    );
    expect(post.status).toBe(404);
    // Its own stream id with the other company's job id is refused too.
    const mixed = await settle(() =>
      editPage.action({ request: editRequest(intruder, jobId, editForm(intruder, { name: "Stolen" })), params: { id: String(intruder.stream.id), jobId: String(jobId) }, context: {} }),
    );
    expect(mixed.status).toBe(404);
    expect((await getJob(db, owner.company.id, jobId))!).toMatchObject({ name: "Mine", recurrency: "0 0 * * *" });
    expect(JSON.stringify((await describeSchedule(jobId)).spec)).not.toContain('"step":15');
  });

  it("a destination that refuses the table leaves the job and its schedule as they were", async () => {
    const who = await signedIn({ ...dest.config, password: "wrong-password" });
    const jobId = await services.createJobWithSchedule(who.company.id, who.stream.id, { ...baseJob, name: "Refused", dataSourceIds: [who.a1.id], tableName: "refused" });
    const before = (await describeSchedule(jobId)).info.nextActionTimes[0]!.getTime();
    const res = await postEdit(who, jobId, editForm(who, { name: "Refused edit", recurrency: "0 */2 * * *", tableName: "refused" }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("password");
    expect((await getJob(db, who.company.id, jobId))!).toMatchObject({ name: "Refused", recurrency: "0 0 * * *" });
    expect((await describeSchedule(jobId)).info.nextActionTimes[0]!.getTime()).toBe(before);
  });
});

describe("blocking accounts pauses and resumes their jobs' schedules", () => {
  const block = (who: Who, dataSourceId: number, intent: "block" | "unblock") =>
    settle(() => sourcePage.action({ request: formPost(`/data-connector/sources/${who.source.id}`, { intent, dataSourceId: String(dataSourceId) }, { cookie: who.cookie }), params: { id: String(who.source.id) }, context: {} }));
  const paused = async (jobId: number) => {
    const d = await describeSchedule(jobId);
    return { paused: d.state.paused, note: d.state.note };
  };

  it("pauses a job when its last active account is blocked and resumes it when one is unblocked", async () => {
    const who = await signedIn();
    const one = await services.createJobWithSchedule(who.company.id, who.stream.id, { ...baseJob, name: "A1 only", dataSourceIds: [who.a1.id], tableName: "a1_only" });
    const all = await services.createJobWithSchedule(who.company.id, who.stream.id, { ...baseJob, name: "All", mode: "source", dataSourceIds: [], networkAuthorizationId: who.source.id, tableName: "all_accounts" });

    expect((await block(who, who.a1.id, "block")).status).toBe(302);
    expect(await paused(one)).toEqual({ paused: true, note: ALL_BLOCKED_NOTE });
    expect((await getJob(db, who.company.id, one))!.status).toBe("BLOCKED");
    // The source's other account is still active: that job keeps running.
    expect((await paused(all)).paused).toBe(false);

    expect((await block(who, who.a2.id, "block")).status).toBe(302);
    expect(await paused(all)).toEqual({ paused: true, note: ALL_BLOCKED_NOTE });

    expect((await block(who, who.a2.id, "unblock")).status).toBe(302);
    expect((await paused(all)).paused).toBe(false);
    expect((await getJob(db, who.company.id, all))!.status).not.toBe("BLOCKED");
    expect((await paused(one)).paused).toBe(true);

    expect((await block(who, who.a1.id, "unblock")).status).toBe(302);
    expect((await paused(one)).paused).toBe(false);
    expect((await getJob(db, who.company.id, one))!.status).toBe("WAITING");
  });

  it("leaves a schedule paused for another reason paused, and another company's account untouched", async () => {
    const who = await signedIn();
    const job = await services.createJobWithSchedule(who.company.id, who.stream.id, { ...baseJob, name: "Paused by ops", dataSourceIds: [who.a1.id], tableName: "ops" });
    await block(who, who.a1.id, "block");
    await client.schedule.getHandle(jobScheduleId(job)).pause("Paused by ops for maintenance.");
    await block(who, who.a1.id, "unblock");
    expect(await paused(job)).toEqual({ paused: true, note: "Paused by ops for maintenance." });

    const intruder = await signedIn();
    const refused = await settle(() =>
      sourcePage.action({ request: formPost(`/data-connector/sources/${who.source.id}`, { intent: "block", dataSourceId: String(who.a1.id) }, { cookie: intruder.cookie }), params: { id: String(who.source.id) }, context: {} }),
    );
    expect(refused.status).toBe(404);
    expect((await db.selectFrom("dataSources").select("blockedAt").where("id", "=", who.a1.id).executeTakeFirstOrThrow()).blockedAt).toBeNull();
  });
});
