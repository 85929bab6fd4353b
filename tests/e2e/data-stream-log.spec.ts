// Data-stream jobs with JavaScript (issue 14): the wizard refuses the table another job loads with a
// field error on the table name; a step Temporal retried shows its attempts in the job log.
import { expect, signIn, test } from "./support/fixtures.js";
import { failNextLoadOnce, waitForRunCount, wizardUpToDeployment } from "./support/data-streams.js";

test("the wizard refuses the seeded job's table with a field error on the table name", async ({ page }) => {
  await signIn(page);
  await wizardUpToDeployment(page, `Copy ${Date.now().toString(36)}`);
  await page.locator("#tableName").fill("Demo_Campaigns");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#tableName-error")).toContainText('The job "Daily campaigns" (data stream "Demo Ads → warehouse") already loads the table "demo_campaigns"');
  await expect(page.locator("#tableName")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/jobs\/new$/);
  // Another name goes through.
  await page.locator("#tableName").fill(`copy_${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The job has been created")).toBeVisible();
});

test("a step Temporal retried shows each attempt with its error and duration", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const table = `attempts_js_${Date.now().toString(36)}`;
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
});
