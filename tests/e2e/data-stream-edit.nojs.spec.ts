// Job edit screen without JavaScript: the wizard and the edit form are plain POSTs; a bad cron comes
// back as a field error (400); a good edit redirects to the job page, which shows it, and the job's
// Temporal schedule fires on the new frequency.
import { expect, signIn, test } from "./support/fixtures.js";
import { createJobThroughWizard, expectEverySixHours, scheduleNextTimes } from "./support/data-streams.js";

test("editing a job's frequency and fields works as plain form posts", async ({ page }) => {
  await signIn(page);
  const name = `No-JS edited ${Date.now().toString(36)}`;
  const { streamId, jobId } = await createJobThroughWizard(page, name, `edit_nojs_${Date.now().toString(36)}`);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/data-connector/data-stream/${streamId}/jobs/${jobId}/edit$`));

  await page.getByLabel("Frequency").selectOption("custom");
  await page.getByLabel("Custom cron").fill("61 * * * *");
  await page.locator("#f-clicks").uncheck();
  await page.locator("#f-date").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("This is not a valid cron expression")).toBeVisible();
  await expect(page.getByText("You need to set at least one fields.")).toBeVisible();
  // The answer keeps what was typed.
  await expect(page.getByLabel("Custom cron")).toHaveValue("61 * * * *");

  await page.getByLabel("Frequency").selectOption({ label: "Every 6 hours" });
  await page.locator("#f-date").check();
  await page.locator("#f-impressions").check();
  await page.getByLabel("Rename Impressions").fill("imps");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The job has been updated")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/data-connector/data-stream/${streamId}/jobs/${jobId}$`));
  // Without JavaScript every tab's section is on the page.
  await expect(page.locator("#fields")).toContainText("impressions → imps");
  await expect(page.locator("#fields")).not.toContainText("clicks");
  await expect(page.locator("#extraction-option")).toContainText("0 */6 * * *");
  expectEverySixHours(await scheduleNextTimes(jobId));
});
