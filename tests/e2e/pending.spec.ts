// Issue 19: the slow actions show that they are under way. While its request is out, the button
// is disabled and says what is happening, and a second click sends nothing (checked by holding the
// request). Without JavaScript the browser's own page load is the pending state.
import { expect, signIn, test } from "./support/fixtures.js";
import { expectPendingWhileHeld } from "./support/pending.js";
import { buildDemoQuery } from "./support/query-builder.js";
import { seededIds } from "./support/screens.js";
import { SEEDED_STREAM } from "./support/data-streams.js";
import { readE2EState } from "./support/state.js";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the destination check: Save says it checks the connection and cannot be sent twice", async ({ page }) => {
  await page.goto("/data-connector/destinations/new");
  await page.getByLabel("Name", { exact: true }).fill(`Pending ${Date.now()}`);
  await page.getByRole("radio", { name: "BigQuery" }).click();
  await expect(page).toHaveURL(/type=big_query/);
  await page.getByLabel("Project Id").fill("someone-elses-project");
  await page.getByLabel("Dataset Id").fill("pending_js");
  await page.getByLabel("JSON key").fill(readE2EState().bigquery!.jsonKey);
  await expectPendingWhileHeld(page, { method: "POST", path: "/data-connector/destinations/new", button: page.getByRole("button", { name: "Save" }), pendingLabel: "Checking the connection…", release: "continue" });
  await expect(page.getByTestId("check-error")).toContainText("Access Denied");
});

test("the query builder's Preview says it loads and keeps the builder usable afterwards", async ({ page }) => {
  await buildDemoQuery(page, { autoSubmit: true });
  await expectPendingWhileHeld(page, { method: "GET", path: "/data-connector/api", query: { preview: "1" }, dataRoute: "routes/_app.data-connector.api._index", button: page.getByTestId("query-preview"), pendingLabel: "Loading the preview…", release: "continue" });
  await expect(page.getByTestId("preview-table")).toBeVisible();
  await expect(page.getByTestId("query-preview")).toBeEnabled();
});

test("the job wizard's field preview says it loads", async ({ page }) => {
  await page.goto("/data-connector/data-stream");
  await page.getByTestId("stream-row").filter({ hasText: SEEDED_STREAM }).getByRole("link", { name: "Add job" }).click();
  await page.locator("#job-name").fill(`Pending ${Date.now()}`);
  await page.getByRole("button", { name: "Next" }).click();
  await page.locator('input[name="dataSourceIds"]').first().check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.locator("#f-date").check();
  await page.locator("#f-clicks").check();
  await expectPendingWhileHeld(page, { method: "POST", path: /\/jobs\/new$/, button: page.getByRole("button", { name: "Preview your data" }), pendingLabel: "Loading the preview…", release: "continue" });
  await expect(page.getByTestId("preview-table").or(page.getByTestId("preview-empty"))).toBeVisible();
});

test("Run Now and Save on the job pages say they are under way and are sent once", async ({ page }) => {
  const ids = await seededIds();
  const jobPage = `/data-connector/data-stream/${ids.stream}/jobs/${ids.job}`;
  await page.goto(jobPage);
  // Aborted once held: the seeded job is not run, nor saved, by this test.
  await expectPendingWhileHeld(page, { method: "POST", path: jobPage, button: page.getByRole("button", { name: "Run Now" }), pendingLabel: "Starting the run…", release: "abort" });
  await page.goto(`${jobPage}/edit`);
  await expectPendingWhileHeld(page, { method: "POST", path: `${jobPage}/edit`, button: page.getByRole("button", { name: "Save" }), pendingLabel: "Saving…", release: "abort" });
});
