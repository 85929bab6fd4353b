import { expect, signIn, test } from "./support/fixtures.js";

test("data sources list: the demo accounts, sorting, and a link to the client area", async ({ page }) => {
  await signIn(page, undefined, "/data-sources");
  await expect(page.getByRole("heading", { name: "Data sources" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("link", { name: /Maison Lumière \(Paris\)/ })).toBeVisible();
  await expect(table.getByRole("cell", { name: "Demo Ads" }).first()).toBeVisible();
  await page.getByRole("link", { name: /^Account/ }).click();
  await expect(page).toHaveURL(/sort=name&dir=desc|dir=desc/);
  await expect(table.locator("tbody tr").first()).toContainText("Summit Outdoor");
  await page.getByLabel("Search accounts").fill("Paris");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await table.getByRole("link", { name: /Maison Lumière/ }).click();
  await expect(page).toHaveURL(/\/clients\/\d+/);
});

test("local-storage pipeline: create, the field rule, add a source and preview its rows", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/local-storage");
  await page.getByRole("button", { name: "New pipeline" }).click();
  await expect(page).toHaveURL(/\/data-connector\/local-storage\/\d+$/);
  await page.locator('select[name="platform"]').selectOption("demo");
  await expect(page).toHaveURL(/platform=demo/);
  await page.locator('select[name="accountId"]').selectOption("demo-paris");
  await page.getByRole("button", { name: "Add source" }).click();
  await expect(page.getByText("You need to select at least one field.")).toBeVisible();
  await page.locator('input[name="fields"][value="campaign_name"]').check();
  await page.locator('input[name="fields"][value="clicks"]').check();
  await page.getByRole("button", { name: "Add source" }).click();
  await expect(page.getByTestId("preview-count")).toHaveText(/^([1-9]\d?|100) rows$/);
  await expect(page.getByRole("columnheader", { name: "clicks" })).toBeVisible();
});

test("connections: create one by hand and land on its details", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/connections/new");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("You need to set a name to the connection.")).toBeVisible();
  await page.locator('input[name="name"]').fill("Paris to Google Sheets (e2e)");
  await page.locator('select[name="dataSourceId"]').selectOption({ index: 1 });
  await page.locator('select[name="destinationType"]').selectOption("GOOGLE_SHEETS");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/data-connector\/connections\/\d+\/details/);
});
