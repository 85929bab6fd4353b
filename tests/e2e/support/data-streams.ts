// Data-stream helpers for the specs: a job created through the four-step wizard on the seeded
// stream (plain forms: works with and without JavaScript), and its Temporal schedule as the stack's
// Temporal server describes it.
import { Client, Connection } from "@temporalio/client";
import { expect, type Page } from "@playwright/test";
import { PgClient, withPgClient } from "../../../db/pg-clients.js";
import { jobScheduleId } from "../../../temporal/shared.js";
import { readE2EState } from "./state.js";

export const SEEDED_STREAM = "Demo Ads → warehouse";

/** Walks the wizard up to its last step (name, first account, date + clicks, skip preview, partition by date). */
export async function wizardUpToDeployment(page: Page, name: string): Promise<void> {
  await page.goto("/data-connector/data-stream");
  await page.getByTestId("stream-row").filter({ hasText: SEEDED_STREAM }).getByRole("link", { name: "View" }).click();
  await page.getByRole("link", { name: "Add Job", exact: true }).click();
  await page.locator("#job-name").fill(name);
  await page.getByRole("button", { name: "Next" }).click();
  await page.locator('input[name="dataSourceIds"]').first().check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.locator("#f-date").check();
  await page.locator("#f-clicks").check();
  await page.getByLabel("Skip the preview").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Frequency")).toBeVisible();
  await page.locator('input[name="partitionFieldId"][value="date"]').check();
}

/** Walks the wizard (name, first account, date + clicks, skip preview, daily, table) and returns the job page's ids. */
export async function createJobThroughWizard(page: Page, name: string, tableName: string): Promise<{ streamId: number; jobId: number }> {
  await wizardUpToDeployment(page, name);
  await page.locator("#tableName").fill(tableName);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const m = /\/data-stream\/(\d+)\/jobs\/(\d+)/.exec(new URL(page.url()).pathname);
  if (!m) throw new Error(`not on a job page: ${page.url()}`);
  return { streamId: Number(m[1]), jobId: Number(m[2]) };
}

/** The next fire times of the job's schedule, from the stack's Temporal server. */
export async function scheduleNextTimes(jobId: number): Promise<Date[]> {
  const address = readE2EState().temporalAddress;
  if (!address) throw new Error("the e2e stack did not record its Temporal address");
  const connection = await Connection.connect({ address });
  try {
    const d = await new Client({ connection }).schedule.getHandle(jobScheduleId(jobId)).describe();
    return d.info.nextActionTimes;
  } finally {
    await connection.close();
  }
}

/** Every 6 hours on the hour (the "Every 6 hours" preset, 0 *\/6 * * *). */
export function expectEverySixHours(times: Date[]) {
  expect(times.length).toBeGreaterThanOrEqual(2);
  for (const t of times) expect([t.getUTCHours() % 6, t.getUTCMinutes()]).toEqual([0, 0]);
  expect(times[1]!.getTime() - times[0]!.getTime()).toBe(6 * 3600_000);
}

/**
 * Makes the next load into `table` of the seeded demo warehouse fail once with a serialization
 * failure (SQLSTATE 40001, which the loader reports as transient): a statement trigger backed by a
 * sequence, whose counter survives the failed transaction's rollback. Temporal retries the step.
 */
export async function failNextLoadOnce(table: string): Promise<void> {
  const url = readE2EState().databaseUrl;
  if (!url) throw new Error("the e2e stack did not record its database");
  const warehouse = new URL(url);
  warehouse.pathname = `/${`${warehouse.pathname.slice(1) || "signalpost"}_warehouse`.replace(/[^A-Za-z0-9_]/g, "_")}`;
  await withPgClient(warehouse.toString(), async (client) => {
    const name = `e2e_fail_once_${table}`;
    await client.query(`create sequence ${name}`);
    // security definer: the trigger runs as the loader's role (the warehouse's own login), the sequence is ours.
    await client.query(`create function ${name}() returns trigger language plpgsql security definer as $$
      begin
        if nextval('${name}') = 1 then raise exception 'simulated serialization failure' using errcode = '40001'; end if;
        return null;
      end $$`);
    await client.query(`create trigger ${name} before insert on "${table}" for each statement execute function ${name}()`);
  });
}

/** Reloads the job page until its newest run has finished (works with and without JavaScript). */
export async function waitForRunCount(page: Page, runs: number, status = "Success"): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("job-runs")).toHaveText(String(runs));
    await expect(page.getByTestId("log-status").first()).toHaveText(status);
  }).toPass({ timeout: 120_000 });
}

/** Issue 14: the wizard's last step and the edit screen refuse the seeded job's table with a field error on the table name. */
export async function expectTakenTableRefused(page: Page): Promise<void> {
  await wizardUpToDeployment(page, `Copy ${Date.now().toString(36)}`);
  await page.locator("#tableName").fill("Demo_Campaigns");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#tableName-error")).toContainText('The job "Daily campaigns" (data stream "Demo Ads → warehouse") already loads the table "demo_campaigns"');
  await expect(page.locator("#tableName")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/jobs\/new$/);
  // Another name goes through.
  const own = `copy_${Date.now().toString(36)}`;
  await page.locator("#tableName").fill(own);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The job has been created")).toBeVisible();
  // Editing that job onto the seeded job's table is refused the same way, and the job keeps its table.
  await page.getByRole("link", { name: "Edit" }).click();
  await page.locator("#tableName").fill("public.demo_campaigns");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#tableName-error")).toContainText('already loads the table "demo_campaigns"');
  await expect(page.locator("#tableName")).toHaveValue("public.demo_campaigns");
  await page.getByRole("link", { name: "Cancel" }).click();
  await page.getByRole("link", { name: "Extraction options" }).click();
  await expect(page.locator("#extraction-option")).toContainText(`Table: ${own}`);
}

/** Issue 14: a load that fails once (transiently) is retried by Temporal, and the job log shows both attempts and the re-fetched days. */
export async function expectRetriedAttemptsShown(page: Page): Promise<void> {
  const table = `attempts_${Date.now().toString(36)}`;
  await wizardUpToDeployment(page, `Retried ${Date.now().toString(36)}`);
  await page.locator("#date").selectOption("YESTERDAY");
  await page.locator("#tableName").fill(table);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The job has been created")).toBeVisible();
  // Creating the job ran it once; the next load fails once, then Temporal's retry succeeds.
  await waitForRunCount(page, 1);
  await failNextLoadOnce(table);
  await page.getByRole("button", { name: "Run Now" }).click();
  await expect(page.getByText("The job has been launched")).toBeVisible();
  await waitForRunCount(page, 2);
  const row = page.getByTestId("log-row").first();
  await expect(row.getByTestId("log-retries")).toHaveText("after 1 retry");
  await row.getByText("View details").click();
  const attempts = row.getByTestId("log-attempt");
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(0)).toContainText(/Attempt 1: Failure · [\d:.]+ · [\d,]+ extracted, 0 loaded · simulated serialization failure/);
  await expect(attempts.nth(1)).toContainText(/Attempt 2: Success · [\d:.]+ · [\d,]+ extracted, [\d,]+ loaded/);
  // YESTERDAY: one day asked for, and the two before it that the demo platform may still revise.
  await expect(row.getByTestId("log-days")).toContainText("(1 day)");
  await expect(row.getByTestId("log-days")).toContainText("also re-fetched 2 days the platform may still revise");
}

/**
 * Holds every load into `table` of the demo warehouse until `release` (issue 19: the job page's
 * Loading state must be seen, not guessed from timing). A statement trigger waits on an advisory
 * lock this helper holds in its own session; `release` lets the load through.
 */
export async function holdLoadsInto(table: string): Promise<{ release: () => Promise<void> }> {
  const url = readE2EState().databaseUrl;
  if (!url) throw new Error("the e2e stack did not record its database");
  const warehouse = new URL(url);
  warehouse.pathname = `/${`${warehouse.pathname.slice(1) || "signalpost"}_warehouse`.replace(/[^A-Za-z0-9_]/g, "_")}`;
  const key = 190_000 + Math.floor(Math.random() * 9_999);
  const holder = new PgClient({ connectionString: warehouse.toString() });
  await holder.connect();
  const name = `e2e_hold_${table}`;
  await holder.query(`create or replace function ${name}() returns trigger language plpgsql security definer as $$
    begin perform pg_advisory_lock_shared(${key}); perform pg_advisory_unlock_shared(${key}); return null; end $$`);
  await holder.query(`drop trigger if exists ${name} on "${table}"`);
  await holder.query(`create trigger ${name} before insert on "${table}" for each statement execute function ${name}()`);
  await holder.query("select pg_advisory_lock($1)", [key]);
  return {
    release: async () => {
      await holder.query("select pg_advisory_unlock($1)", [key]);
      await holder.query(`drop trigger if exists ${name} on "${table}"`);
      await holder.end();
    },
  };
}
