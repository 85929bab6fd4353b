// A BigQuery destination with JavaScript disabled: plain POST, the connection check against
// tests/fakes/bigquery, redirect to the list on success, the refusal message on a bad key.
import { expect, signIn, test } from "./support/fixtures.js";
import { readE2EState } from "./support/state.js";

test("a BigQuery destination saves without JavaScript after its check; a bad key does not", async ({ page }) => {
  const { bigquery } = readE2EState();
  const name = `BigQuery no-JS ${Date.now()}`;
  await signIn(page);
  await page.goto("/data-connector/destinations/new?type=big_query");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Project Id").fill(bigquery!.projectId);
  await page.getByLabel("Dataset Id").fill("marketing_nojs");
  await page.getByLabel("JSON key").fill("{not a key");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("check-error")).toContainText("The JSON key is not valid JSON.");

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Project Id").fill(bigquery!.projectId);
  await page.getByLabel("Dataset Id").fill("marketing_nojs");
  await page.getByLabel("JSON key").fill(bigquery!.jsonKey);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/data-connector\/destinations$/);
  await expect(page.getByTestId("destination-row").filter({ hasText: name })).toHaveCount(1);
});
