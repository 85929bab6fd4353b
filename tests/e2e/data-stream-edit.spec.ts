// Job edit screen with JavaScript: a job made through the wizard is edited (frequency preset, one
// more field with a rename, typed while the picker asks the server about the new selection); the
// job page shows the change and the job's Temporal schedule fires on the new frequency.
import { expect, signIn, test } from "./support/fixtures.js";
import { createJobThroughWizard, expectEverySixHours, scheduleNextTimes } from "./support/data-streams.js";

test("editing a job's frequency and fields updates its page and its Temporal schedule", async ({ page }) => {
  await signIn(page);
  const name = `Edited ${Date.now().toString(36)}`;
  const table = `edit_js_${Date.now().toString(36)}`;
  const { jobId } = await createJobThroughWizard(page, name, table);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: `Edit job · ${name}` })).toBeVisible();
  // The form starts from the job as saved.
  await expect(page.locator("#tableName")).toHaveValue(table);
  await expect(page.locator("#f-clicks")).toBeChecked();

  // The wizard's validation applies: a bad custom cron is refused with its message.
  await page.getByLabel("Frequency").selectOption("custom");
  await page.getByLabel("Custom cron").fill("61 * * * *");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("This is not a valid cron expression")).toBeVisible();

  await page.getByLabel("Frequency").selectOption({ label: "Every 6 hours" });
  // Checking a field asks the server what the platform refuses with it (intent=refresh). The
  // rename typed while that answer is on its way survives it: the answer is held until then.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/edit?**", async (route) => {
    if (route.request().method() === "POST" && /refresh/.test(route.request().postData() ?? "")) await held;
    await route.continue();
  });
  const refreshSent = page.waitForRequest((r) => r.method() === "POST" && /refresh/.test(r.postData() ?? ""));
  await page.locator("#f-impressions").check();
  // The Save button is busy only for its own submission (issue 19's SubmitButton): wait for the refresh itself.
  await refreshSent;
  await page.getByLabel("Rename Impressions").fill("imps");
  release();
  await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
  await expect(page.getByLabel("Rename Impressions")).toHaveValue("imps");
  await page.unrouteAll();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The job has been updated")).toBeVisible();
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.getByRole("link", { name: "Fields" }).click();
  await expect(page.locator("#fields")).toContainText("impressions → imps");
  await page.getByRole("link", { name: "Extraction options" }).click();
  await expect(page.locator("#extraction-option")).toContainText("0 */6 * * *");
  expectEverySixHours(await scheduleNextTimes(jobId));
});
