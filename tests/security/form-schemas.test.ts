// Issue 16 "one way to validate": the actions that read fields one by one took values their forms
// never send for something else. Now every field goes through the action's schema (conform +
// zod): such a post answers 4xx, says why, and writes nothing. Route modules are called directly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { createGdsField } from "../../db/repositories/gds-fields.js";
import { createTestDatabase } from "../support/database.js";
import { changedTables, tableFingerprint, UNTRACKED_TABLES } from "../support/db-fingerprint.js";
import { formPost, settle } from "../support/requests.js";
import { makeTenant, type Tenant } from "../support/tenant.js";

let db: DB;
let drop: () => Promise<void>;
let who: Tenant;
let createAlert: typeof import("~/routes/_app.clients.$clientId.alerts.create.default");
let wizard: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.new");
let gdsField: typeof import("~/routes/admin.google_data_studio_.$id");

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  process.env.TEMPORAL_ADDRESS = "127.0.0.1:1"; // nothing may get as far as starting a workflow
  who = await makeTenant(db, "Schemas", { admin: true });
  createAlert = await import("~/routes/_app.clients.$clientId.alerts.create.default");
  wizard = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.new");
  gdsField = await import("~/routes/admin.google_data_studio_.$id");
});
afterAll(async () => {
  delete process.env.TEMPORAL_ADDRESS;
  await drop?.();
});

const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} });

/** The answer to one post, its JSON body and the tables it changed. */
async function send(run: () => Promise<unknown>) {
  const before = await tableFingerprint(db, UNTRACKED_TABLES);
  const res = await settle(run);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a page or an empty body
  }
  return { status: res.status, body: body as Record<string, unknown>, wrote: changedTables(before, await tableFingerprint(db, UNTRACKED_TABLES)) };
}

describe("values a form never sends are refused by its schema, and nothing is written", () => {
  it("the alert editor: an unknown button is not a save", async () => {
    const path = `/clients/${who.ids.account}/alerts/create/default`;
    const fields = {
      kind: "metric",
      title: "Spend above 10",
      dataSourceId: String(who.ids.account),
      level: "CAMPAIGN",
      alertType: "threshold",
      operator: "sum",
      metric: "cost",
      thresholdType: "above",
      thresholdValue: "10",
      during: "yesterday",
    };
    const res = await send(() => createAlert.action(args(formPost(path, { ...fields, intent: "zz-unknown" }, { cookie: who.cookie }), { clientId: String(who.ids.account) })));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Unknown action" });
    expect(res.wrote).toEqual([]);
    // The same form with its real button saves (the refusal above is the intent's, not the form's).
    const saved = await send(() => createAlert.action(args(formPost(path, { ...fields, intent: "save" }, { cookie: who.cookie }), { clientId: String(who.ids.account) })));
    expect(saved.status).toBe(302);
    expect(saved.wrote).toContain("sentries");
  });

  it("the job wizard: an unknown step is not the last one", async () => {
    const state = { name: "Forged", mode: "specific", dataSourceIds: [who.ids.account], report: "campaigns", fields: ["date", "clicks"] };
    const form = { step: "zz-unknown", state: JSON.stringify(state), recurrency: "0 0 * * *", date: "LAST_7_DAYS", tableName: "forged_table" };
    const path = `/data-connector/data-stream/${who.ids.stream}/jobs/new`;
    const res = await send(() => wizard.action(args(formPost(path, form, { cookie: who.cookie }), { id: String(who.ids.stream) })));
    expect(res.status).toBe(400);
    expect(res.body.step).toBe("basic");
    expect(res.body.errors).toEqual({ step: ["This step of the wizard does not exist."] });
    expect(res.wrote).toEqual([]);
  });

  it("the job wizard: a preview account that is not an id is a field error, not a preview", async () => {
    const state = { name: "Preview", mode: "specific", dataSourceIds: [who.ids.account], report: "campaigns", fields: ["date", "clicks"] };
    const form = { step: "fields", intent: "preview", state: JSON.stringify(state), report: "campaigns", fields: "clicks", previewAccount: "12abc", previewDate: "2024-01-01" };
    const path = `/data-connector/data-stream/${who.ids.stream}/jobs/new`;
    const res = await send(() => wizard.action(args(formPost(path, form, { cookie: who.cookie }), { id: String(who.ids.stream) })));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ previewAccount: ["Account not found"] });
    expect(res.wrote).toEqual([]);
  });

  it("the Looker Studio field admin: a translation id that can name no row is a field error", async () => {
    const field = await createGdsField(db, {
      platform: "demo",
      fieldId: "clicks",
      defaultName: "Clicks",
      defaultDescription: "Clicks",
      name: null,
      description: null,
      formula: null,
      status: "ACTIVE",
      type: "METRIC",
      fieldType: "NUMBER",
      aggregationType: "SUM",
    });
    const path = `/admin/google_data_studio/${field.id}`;
    const res = await send(() =>
      gdsField.action(args(formPost(path, { intent: "update-translation", translationId: "9007199254740993", languageCode: "fr", name: "Clics", description: "Clics" }, { cookie: who.cookie }), { id: String(field.id) })),
    );
    expect(res.status).toBe(400);
    const errors = (res.body.result as { error: Record<string, string[]> }).error;
    expect(Object.keys(errors)).toEqual(["translationId"]);
    expect(errors.translationId![0]).toBe("This field translation does not exist.");
    expect(res.wrote).toEqual([]);
  });
});
