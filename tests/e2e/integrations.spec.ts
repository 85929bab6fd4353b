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
