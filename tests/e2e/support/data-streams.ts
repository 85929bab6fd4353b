// Data-stream helpers for the specs: a job created through the four-step wizard on the seeded
// stream (plain forms: works with and without JavaScript), and its Temporal schedule as the stack's
// Temporal server describes it.
import { Client, Connection } from "@temporalio/client";
import { expect, type Page } from "@playwright/test";
import pg from "pg";
import { jobScheduleId } from "../../../temporal/shared.js";
import { readE2EState } from "./state.js";

export const SEEDED_STREAM = "Demo Ads → warehouse";

/** Walks the wizard up to its last step (name, first account, date + clicks, skip preview, partition by date). */
export async function wizardUpToDeployment(page: Page, name: string): Promise<void> {
  await page.goto("/data-connector/data-stream");
  await page.getByTestId("stream-row").filter({ hasText: SEEDED_STREAM }).getByRole("link", { name: "View" }).click();
  await page.getByRole("link", { name: "Add Job" }).click();
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
  const client = new pg.Client({ connectionString: warehouse.toString() });
  await client.connect();
  try {
    const name = `e2e_fail_once_${table}`;
    await client.query(`create sequence ${name}`);
    await client.query(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if nextval('${name}') = 1 then raise exception 'simulated serialization failure' using errcode = '40001'; end if;
        return null;
      end $$`);
    await client.query(`create trigger ${name} before insert on "${table}" for each statement execute function ${name}()`);
  } finally {
    await client.end();
  }
}

/** Reloads the job page until its newest run has finished (works with and without JavaScript). */
export async function waitForRunCount(page: Page, runs: number, status = "Success"): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("job-runs")).toHaveText(String(runs));
    await expect(page.getByTestId("log-status").first()).toHaveText(status);
  }).toPass({ timeout: 120_000 });
}
