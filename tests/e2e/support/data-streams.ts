// Data-stream helpers for the specs: a job created through the four-step wizard on the seeded
// stream (plain forms: works with and without JavaScript), and its Temporal schedule as the stack's
// Temporal server describes it.
import { Client, Connection } from "@temporalio/client";
import { expect, type Page } from "@playwright/test";
import { jobScheduleId } from "../../../temporal/shared.js";
import { readE2EState } from "./state.js";

export const SEEDED_STREAM = "Demo Ads → warehouse";

/** Walks the wizard (name, first account, date + clicks, skip preview, daily, table) and returns the job page's ids. */
export async function createJobThroughWizard(page: Page, name: string, tableName: string): Promise<{ streamId: number; jobId: number }> {
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
