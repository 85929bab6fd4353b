import { expect, signIn, test } from "./support/fixtures.js";

test("data sources list works without JavaScript (search is a GET form)", async ({ page }) => {
  await signIn(page, undefined, "/data-sources");
  const table = page.getByRole("table");
  await expect(table.getByRole("link", { name: /Summit Outdoor/ }).first()).toBeVisible();
  const before = await table.locator("tbody tr").count();
  await page.getByLabel("Search accounts").fill("New York");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=New\+York/);
  // The same account may be active under several sources; every remaining row is that account.
  const rows = table.locator("tbody tr");
  await expect(rows.first()).toContainText("Summit Outdoor");
  const after = await rows.count();
  expect(after).toBeLessThan(before);
  for (let i = 0; i < after; i++) await expect(rows.nth(i)).toContainText("Summit Outdoor");
});

test("local-storage pipeline works without JavaScript", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/local-storage");
  await page.getByRole("button", { name: "New pipeline" }).click();
  await expect(page).toHaveURL(/\/data-connector\/local-storage\/\d+$/);
  await page.locator('select[name="platform"]').selectOption("demo");
  await page.getByRole("button", { name: "Choose" }).click();
  await page.locator('select[name="accountId"]').selectOption("demo-new-york");
  await page.locator('input[name="fields"][value="clicks"]').check();
  await page.getByRole("button", { name: "Add source" }).click();
  await expect(page.getByTestId("preview-count")).toHaveText(/^([1-9]\d?|100) rows$/);
  await page.getByRole("link", { name: "Remove" }).click();
  await page.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByText("No source yet: add one below.")).toBeVisible();
});

test("connections: create and edit without JavaScript", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/connections/new");
  await page.locator('input[name="name"]').fill("NY to Excel (no JS)");
  await page.locator('select[name="dataSourceId"]').selectOption({ index: 2 });
  await page.locator('select[name="destinationType"]').selectOption("EXCEL");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/data-connector\/connections\/\d+\/details/);
  const id = page.url().match(/connections\/(\d+)/)![1];
  await page.goto(`/data-connector/connections/${id}`);
  await page.locator('input[name="name"]').fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("You need to set a name to the connection.")).toBeVisible();
});
