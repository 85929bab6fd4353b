import { expect, signIn, test } from "./support/fixtures.js";
import { buildDemoQuery } from "./support/query-builder.js";

test("the query builder produces a URL, a preview and a saved query without JavaScript", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/api");
  await buildDemoQuery(page, { autoSubmit: false });
  await expect(page.getByLabel("URL", { exact: true })).toHaveValue(/\/api\/request\?format=json&platform=demo/);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-table")).toBeVisible();

  await page.getByRole("link", { name: "Save the query" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("You need to set a name to the query.")).toBeVisible();
  await dialog.getByLabel("Name").fill("No-JS query");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/data-connector\/api\/\d+\?.*preview=1$/);

  await page.goto("/data-connector/api?tab=saved");
  const item = page.getByRole("listitem").filter({ hasText: "No-JS query" });
  await item.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "No-JS query" })).toHaveCount(0);
});

test("Power BI Get URL shows the URL without JavaScript", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/power-bi");
  await page.getByRole("row").filter({ hasText: "Demo: clicks and cost by campaign" }).getByRole("link", { name: "Get URL" }).click();
  await expect(page.getByLabel("Query URL")).toHaveValue(/format=powerbi/);
});

test("Refresh data clears the stored days of the query's accounts without JavaScript", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/api");
  await buildDemoQuery(page, { autoSubmit: false });
  // The preview reads the demo platform and stores its days.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-table")).toBeVisible();
  await page.getByRole("button", { name: "Refresh data" }).click();
  await expect(page.getByText("Stored data cleared")).toBeVisible();
  await expect(page.getByText(/stored days? of 1 account cleared: the next read asks Demo/)).toBeVisible();
  await expect(page.getByLabel("URL", { exact: true })).toHaveValue(/\/api\/request\?format=json&platform=demo/);
});
