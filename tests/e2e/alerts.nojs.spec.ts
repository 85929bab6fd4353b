// Monitoring without JavaScript: the editor saves through a plain form post (field errors on a
// 400, the preview after a Preview submit), kind switching is a link, snooze and delete are forms.
import { expect, signIn, test } from "./support/fixtures.js";

test("creates a configuration alert with plain form posts, previews it, snoozes and deletes it", async ({ page }) => {
  await signIn(page);
  await page.goto("/app");
  const href = await page.getByTestId("client-card").first().getAttribute("href");
  const clientId = Number(href!.split("/").pop());
  await page.goto(`/clients/${clientId}/alerts/create/default`);
  await page.getByRole("tab", { name: "Configuration" }).click();
  await expect(page).toHaveURL(/kind=kpi/);
  await page.getByLabel("Configuration value").selectOption("campaign_status");
  await page.getByLabel("Condition").selectOption("equal");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#title-error")).toHaveText("Please input a name for your alert");
  await expect(page.locator("#kpiValue-error")).toHaveText("Please input a value");

  await page.getByLabel("Value (for equals and does not equal)").fill("PAUSED");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview")).toContainText("analysed");
  const title = `Paused campaigns ${Date.now().toString(36)}`;
  await page.getByPlaceholder("Input a name for your alert").fill(title);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/details/\\d+$`));
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await page.getByLabel("Snooze until").fill("2020-01-01");
  await page.getByRole("button", { name: "Snooze" }).click();
  await expect(page.locator("#snoozed-error")).toHaveText("Please pick a date in the future");
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Snooze until").fill(date);
  await page.getByRole("button", { name: "Snooze" }).click();
  await expect(page.getByTestId("snoozed")).toHaveText(`Snoozed until ${date}`);

  await page.getByRole("link", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Delete this alert?" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/anomalies$`));
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});
