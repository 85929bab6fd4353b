// product_available (decision 0515) without JavaScript: Activate on /ads (or the seeded
// activation), Check now on the product page, and the worker's answer in the table with the
// advertised out-of-stock product first.
import { expect, signIn, test } from "./support/fixtures.js";

test("product availability: activate on /ads, Check now, the advertised out-of-stock product shows", async ({ page }) => {
  await signIn(page);
  await page.goto("/app");
  const href = await page.getByTestId("client-card").last().getAttribute("href");
  const clientId = Number(href!.split("/").pop());

  await page.goto(`/clients/${clientId}/ads`);
  const row = page.getByTestId("ads-product-available");
  if (await row.getByRole("button", { name: "Activate" }).isVisible()) {
    await row.getByRole("button", { name: "Activate" }).click();
    await expect(page.getByTestId("toast")).toContainText("Product availability is now active on this account");
  } else {
    await row.getByRole("link", { name: "View all" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/options/product-availability$`));
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("toast")).toContainText("The check has started");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("product-row").first()).toContainText("Trail jacket", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("product-row").first()).toContainText("Out of stock");
  await expect(page.getByTestId("last-checked")).toContainText("Last checked");

  await page.goto(`/clients/${clientId}`);
  await expect(page.getByTestId("card-ads")).toContainText(/[1-9]\d* on [1-9]\d*/);
});
