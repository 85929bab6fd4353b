import { expect, signIn, test } from "./support/fixtures.js";

test("data sources list works without JavaScript (search is a GET form)", async ({ page }) => {
  await signIn(page, undefined, "/data-sources");
  const table = page.getByRole("table");
  await expect(table.getByRole("link", { name: /Summit Outdoor/ })).toBeVisible();
  await page.getByLabel("Search accounts").fill("New York");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=New\+York/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr")).toContainText("Summit Outdoor");
});
