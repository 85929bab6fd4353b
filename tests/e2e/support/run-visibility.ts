// Issue 19 "runs are opaque", declared once for the JavaScript and the no-JavaScript projects: a
// new job's page agrees with its creation toast, Run Now shows Queued -> Extracting -> Loading with
// counts and stays disabled meanwhile, the page follows the run by itself (polling with
// JavaScript, a meta refresh without), and Usage shows each job's next run and each log's account.
import { expect, type Page } from "@playwright/test";
import { createJobThroughWizard, holdLoadsInto } from "./data-streams.js";

const LIVE = /^(Queued|Extracting|Loading)$/;

/** Waits for the page to show the run's result without reloading it (the page must follow by itself). */
async function expectFinishedWithoutReload(page: Page) {
  await expect(page.getByTestId("job-status")).toHaveText("Success", { timeout: 120_000 });
  await expect(page.getByTestId("run-progress")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Run Now" })).toBeEnabled();
}

export async function expectRunsVisible(page: Page, opts: { js: boolean; otherTab?: Page }) {
  const suffix = `${opts.js ? "js" : "nojs"}_${Date.now().toString(36)}`;
  const table = `visible_${suffix}`;
  await createJobThroughWizard(page, `Visible ${suffix}`, table);
  // The toast says the first run is queued; the page says the same (or already shows it going).
  await expect(page.getByText("The job has been created")).toBeVisible();
  await expect(page.getByText("Its first run is queued")).toBeVisible();
  await expect(page.getByTestId("job-status")).toHaveText(/^(Queued|Extracting|Loading|Success)$/);
  await expect(page.getByText("This job has not run yet.")).toHaveCount(0);
  await expect(page.getByTestId("job-next-run")).toHaveText(/\d{4}, \d{2}:\d{2} /);
  await expect(page.getByTestId("job-schedule")).toContainText("Every day at 00:00, UTC");
  await expectFinishedWithoutReload(page);
  const runs = Number(await page.getByTestId("job-runs").textContent());

  // The next load waits until released: the page must show where the run is meanwhile.
  const held = await holdLoadsInto(table);
  try {
    await opts.otherTab?.goto(page.url());
    await page.getByRole("button", { name: "Run Now" }).click();
    await expect(page.getByText("The job has been launched")).toBeVisible();
    await expect(page.getByTestId("run-progress")).toBeVisible();
    await expect(page.getByTestId("job-status")).toHaveText(LIVE);
    await expect(page.getByRole("button", { name: "Run Now" })).toBeDisabled();
    // Queued, then Extracting, then Loading: the run stops at Loading while the load is held,
    // with the rows it read so far.
    await expect(page.getByTestId("run-progress")).toHaveAttribute("data-stage", "LOAD", { timeout: 120_000 });
    await expect(page.getByTestId("job-status")).toHaveText("Loading");
    await expect(page.getByTestId("run-extracted")).toHaveText(/^[1-9][\d,]*$/, { timeout: 30_000 });
    await expect(page.getByTestId("run-progress-text")).toContainText(/of \d+ accounts? done/);
    await expect(page.getByRole("button", { name: "Run Now" })).toBeDisabled();
    if (opts.otherTab) {
      // A page opened before the run (its Run Now still enabled) cannot start a second one.
      await opts.otherTab.getByRole("button", { name: "Run Now" }).click();
      await expect(opts.otherTab.getByText("This job is already running")).toBeVisible();
    }
  } finally {
    await held.release();
  }
  await expectFinishedWithoutReload(page);
  await expect(page.getByTestId("job-runs")).toHaveText(String(runs + 1));
  // The refresh control is a plain link back to the page.
  await page.getByTestId("job-refresh").click();
  await expect(page.getByTestId("job-runs")).toHaveText(String(runs + 1));
}

/** Usage's Job tab has the spec's Next Run column; its Log tab an Account column. */
export async function expectUsageColumns(page: Page) {
  await page.goto("/data-connector/usage#job");
  const job = page.getByTestId("usage-job-row").filter({ hasText: "Daily campaigns" });
  await expect(job.getByTestId("usage-job-next")).toHaveText(/\d{4}, \d{2}:\d{2} /);
  await expect(job).toContainText("Every day at 00:00, UTC");
  await page.goto("/data-connector/usage#log");
  await expect(page.getByTestId("usage-log-account").first()).toHaveText(/Maison Lumière \(Paris\)|Summit Outdoor \(New York\)/);
  await expect(page.getByTestId("usage-log-row").filter({ hasText: "Query URL (JSON)" }).first()).toBeVisible();
}
