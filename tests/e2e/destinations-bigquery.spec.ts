// A BigQuery destination in the browser with JavaScript: the form's connection check reaches
// BigQuery (tests/fakes/bigquery, started by the stack): a key without access to the project shows
// BigQuery's refusal in red and saves nothing; the right project saves and lists the destination.
import { expect, signIn, test } from "./support/fixtures.js";
import { readE2EState } from "./support/state.js";

test("a BigQuery destination is checked against BigQuery before it is saved", async ({ page }) => {
  const { bigquery } = readE2EState();
  const name = `Marketing BigQuery ${Date.now()}`;
  await signIn(page);
  await page.goto("/data-connector/destinations/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("radio", { name: "BigQuery" }).click();
  await expect(page).toHaveURL(/type=big_query/);
  await page.getByLabel("Project Id").fill("someone-elses-project");
  await page.getByLabel("Dataset Id").fill("marketing_js");
  await page.getByLabel("JSON key").fill(bigquery!.jsonKey);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("check-error")).toContainText("Access Denied: Project someone-elses-project");

  await page.getByLabel("Project Id").fill(bigquery!.projectId);
  await page.getByLabel("JSON key").fill(bigquery!.jsonKey);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/data-connector\/destinations$/);
  await expect(page.getByTestId("destination-row").filter({ hasText: name })).toHaveCount(1);
});
