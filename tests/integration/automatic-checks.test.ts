// Automatic checks (issue 7 item 8) on the real Temporal dev server: the scheduled security and
// conversion-tag workflows store each account's answer; the client pages and home cards read the
// stored rows (with the last check time); "Check now" starts the same workflow; a platform's
// failure keeps the previous rows with the error; another company's client answers 404.
import type { Client } from "@temporalio/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { getCheckRun, listConversionTags, listSecurityItems } from "../../db/repositories/checks.js";
import { demoConversionTags, demoDomains } from "../../engine/connectors/demo/model.js";
import { demoConnector } from "../../engine/connectors/demo/connector.js";
import { ensureAlertSchedules } from "../../temporal/alert-schedules.js";
import { createCheckActivities } from "../../temporal/activities/checks.js";
import { CONVERSION_TAG_CHECK_SCHEDULE_ID, SECURITY_CHECK_SCHEDULE_ID } from "../../temporal/shared.js";
import { makeMonitoredCompany } from "../support/alerts.js";
import { formPost, get, settle } from "../support/requests.js";
import { routeArgs, sessionCookie } from "../support/routes.js";
import { startWorkerHarness, type WorkerHarness } from "../support/worker-harness.js";
import { activityDeps } from "../../temporal/activities/deps.js";

let harness: WorkerHarness;
let taskQueue: string;
let db: DB;
let client: Client;
let security: typeof import("~/routes/_app.clients.$clientId.options.security");
let tags: typeof import("~/routes/_app.clients.$clientId.options.conversion-tag");
let clientHome: typeof import("~/routes/_app.clients.$clientId._index");

beforeAll(async () => {
  harness = await startWorkerHarness("checks");
  ({ db, client, taskQueue } = harness);
  security = await import("~/routes/_app.clients.$clientId.options.security");
  tags = await import("~/routes/_app.clients.$clientId.options.conversion-tag");
  clientHome = await import("~/routes/_app.clients.$clientId._index");
});
afterAll(() => harness.stop());

const cookieFor = sessionCookie;
const args = routeArgs;

describe("security and conversion-tag checks", () => {
  it("stores each account's answer from the scheduled workflows; pages and home cards read it", async () => {
    const { company, user, sources } = await makeMonitoredCompany(db, { accounts: ["demo-paris", "demo-london"] });
    const cookie = await cookieFor(user.id);
    const [paris] = sources;
    const params = { clientId: String(paris.id) };

    // Before any run: nothing stored, the page says so (no live call to the platform).
    const before = await (await settle(() => security.loader(args(get(`/clients/${paris.id}/options/security`, { cookie }), params)))).json();
    expect(before).toMatchObject({ rows: [], offered: true, checkedAt: null, error: null });

    const sec = await client.workflow.execute("checkSecurity", { taskQueue, workflowId: `checks-it-security-${Date.now()}`, args: [{ companyId: company.id }] });
    const expectedDomains = [...demoDomains("demo-paris"), ...demoDomains("demo-london")];
    expect(sec).toEqual({ kind: "security", accounts: 2, items: expectedDomains.length, inError: expectedDomains.filter((d) => !d.verifiedAt).length, failed: 0 });
    expect(await listSecurityItems(db, company.id, paris.id)).toEqual([...demoDomains("demo-paris")].sort((a, b) => a.domain.localeCompare(b.domain)));

    const tagRun = await client.workflow.execute("checkConversionTags", { taskQueue, workflowId: `checks-it-tags-${Date.now()}`, args: [{ companyId: company.id, dataSourceIds: [paris.id] }] });
    const parisTags = demoConversionTags("demo-paris");
    expect(tagRun).toMatchObject({ kind: "conversion_tag", accounts: 1, items: 2, inError: parisTags.filter((t) => t.status !== "ENABLED").length });

    const page = await (await settle(() => security.loader(args(get(`/clients/${paris.id}/options/security`, { cookie }), params)))).json();
    expect(page.rows.map((r: { domain: string }) => r.domain).sort()).toEqual(demoDomains("demo-paris").map((d) => d.domain).sort());
    expect(page.checkedAt).not.toBeNull();
    const tagPage = await (await settle(() => tags.loader(args(get(`/clients/${paris.id}/options/conversion-tag`, { cookie }), params)))).json();
    expect(tagPage.rows.map((r: { tagId: string; status: string }) => [r.tagId, r.status]).sort()).toEqual(parisTags.map((t) => [t.tagId, t.status]).sort());

    const home = await (await settle(() => clientHome.loader(args(get(`/clients/${paris.id}`, { cookie }), params)))).json();
    const card = (key: string) => home.automatic.find((c: { key: string }) => c.key === key);
    expect(card("security")).toMatchObject({ on: 1, total: 2 });
    expect(card("security").checkedAt).toBe(page.checkedAt);
    expect(card("conversion")).toMatchObject({ on: parisTags.filter((t) => t.status !== "ENABLED").length, total: 2 });
  });

  it("Check now starts the workflow for the client; the page then shows the result", async () => {
    const { company, user, dataSource } = await makeMonitoredCompany(db);
    const cookie = await cookieFor(user.id);
    const params = { clientId: String(dataSource.id) };
    const res = await settle(() => tags.action(args(formPost(`/clients/${dataSource.id}/options/conversion-tag`, { intent: "check" }, { cookie }), params)));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/clients/${dataSource.id}/options/conversion-tag`);
    await expect.poll(async () => (await listConversionTags(db, company.id, dataSource.id)).length, { timeout: 20_000 }).toBe(2);
    const bad = await settle(() => tags.action(args(formPost(`/clients/${dataSource.id}/options/conversion-tag`, { intent: "other" }, { cookie }), params)));
    expect(bad.status).toBe(400);
  });

  it("a new answer replaces the stored tags; a platform error keeps them and records the error", async () => {
    const { company, dataSource } = await makeMonitoredCompany(db);
    let fail = false;
    let status = "ENABLED";
    const connector = {
      ...demoConnector,
      async listConversionTags() {
        if (fail) throw new Error("Token expired: reconnect the source");
        return [{ tagId: "t-1", name: "Purchase", status, type: "WEBPAGE" }];
      },
    };
    const activities = createCheckActivities(activityDeps({ db, getConnector: () => connector }));
    await activities.runAutomaticCheck({ kind: "conversion_tag", companyId: company.id });
    status = "REMOVED";
    expect(await activities.runAutomaticCheck({ kind: "conversion_tag", companyId: company.id })).toMatchObject({ accounts: 1, items: 1, inError: 1, failed: 0 });
    fail = true;
    expect(await activities.runAutomaticCheck({ kind: "conversion_tag", companyId: company.id })).toMatchObject({ accounts: 1, failed: 1 });
    expect(await listConversionTags(db, company.id, dataSource.id)).toEqual([{ tagId: "t-1", name: "Purchase", status: "REMOVED", type: "WEBPAGE", lastView: null }]);
    const run = await getCheckRun(db, company.id, dataSource.id, "conversion_tag");
    expect(run).toMatchObject({ error: "Token expired: reconnect the source", inError: 1, total: 1 });
    expect(run!.succeededAt!.getTime()).toBeLessThan(run!.checkedAt.getTime() + 1);
  });

  it("creates the daily check schedules idempotently at worker start", async () => {
    await ensureAlertSchedules(client);
    await ensureAlertSchedules(client);
    expect((await client.schedule.getHandle(SECURITY_CHECK_SCHEDULE_ID).describe()).action).toMatchObject({ type: "startWorkflow", workflowType: "checkSecurity" });
    expect((await client.schedule.getHandle(CONVERSION_TAG_CHECK_SCHEDULE_ID).describe()).action).toMatchObject({ type: "startWorkflow", workflowType: "checkConversionTags" });
  });

  it("answers 404 for another company's client and leaks nothing", async () => {
    const a = await makeMonitoredCompany(db);
    const b = await makeMonitoredCompany(db);
    const cookie = await cookieFor(b.user.id);
    const foreign = { clientId: String(a.dataSource.id) };
    for (const res of [
      await settle(() => security.loader(args(get(`/clients/${a.dataSource.id}/options/security`, { cookie }), foreign))),
      await settle(() => tags.loader(args(get(`/clients/${a.dataSource.id}/options/conversion-tag`, { cookie }), foreign))),
      await settle(() => security.action(args(formPost(`/clients/${a.dataSource.id}/options/security`, { intent: "check" }, { cookie }), foreign))),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("example.com");
    }
  });
});
