// Objectives, the /ads options and the automatic checks without JavaScript: plain form posts,
// field errors on a 400, redirects with a toast.
import { expect, signIn, test } from "./support/fixtures.js";

test("objective form, polymathee activation and Check now work with plain form posts", async ({ page }) => {
  await signIn(page);
  await page.goto("/app");
  const href = await page.getByTestId("client-card").last().getAttribute("href");
  const clientId = Number(href!.split("/").pop());

  await page.goto(`/clients/${clientId}/objectives`);
  await page.getByRole("button", { name: "Save objective" }).click();
  await expect(page.locator("#title-error")).toHaveText("Please input a name for your objective");
  await expect(page.locator("#atLeast-error")).toHaveText("Set a target: at least, at most or both");
  const title = `Spend cap ${Date.now().toString(36)}`;
  await page.getByLabel("Name").fill(title);
  await page.getByLabel("Metric").selectOption("cost");
  await page.getByLabel("Period").selectOption("start_of_week");
  await page.getByLabel("At least").fill("50");
  await page.getByLabel("At most").fill("10");
  await page.getByRole("button", { name: "Save objective" }).click();
  await expect(page.locator("#atMost-error")).toHaveText("The upper target must not be below the lower one");
  await page.getByLabel("At least").fill("");
  await page.getByLabel("At most").fill("1000000000");
  await page.getByRole("button", { name: "Save objective" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/objectives$`));
  await expect(page.getByTestId("toast")).toContainText(`Your objective ${title} has been created`);
  await expect(page.getByTestId("objective-row").filter({ hasText: title })).toContainText("at most 1,000,000,000");

  await page.goto(`/clients/${clientId}/ads`);
  const polymathee = page.getByTestId("ads-polymathee");
  if (await polymathee.getByRole("button", { name: "Activate" }).isVisible()) {
    await polymathee.getByRole("button", { name: "Activate" }).click();
    await expect(page.getByTestId("toast")).toContainText("is now protected by Polymathee: account health");
  }
  await expect(polymathee.getByRole("link", { name: /Active/ })).toBeVisible();
  await expect(page.getByTestId("ads-objectives")).toContainText(/on [1-9]/);

  await page.goto(`/clients/${clientId}/options/security`);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/options/security$`));
  await expect(page.getByTestId("toast")).toContainText("The check has started");
});
