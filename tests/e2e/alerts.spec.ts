// Monitoring with JavaScript on the whole product (PostgreSQL, Temporal dev server, worker): the
// seeded demo alerts evaluated by the worker, a metric alert created in the editor with its
// debounced preview and first result within seconds, the e-mail to the assignee, snooze, a
// pacing alert, and a template saved then activated from the picker on another account.
import type { Page } from "@playwright/test";
import { chooseMetric } from "./support/editor.js";
import { DEMO_USER, expect, outbox, signIn, test } from "./support/fixtures.js";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function clientIds(page: Page): Promise<number[]> {
  await page.goto("/app");
  const hrefs = await page.getByTestId("client-card").evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""));
  return hrefs.map((h) => Number(h.split("/").pop()));
}

/** Reloads until the worker's first evaluation shows on the detail page. */
async function waitForStatus(page: Page, status: "Open Issue" | "Everything fine") {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("status")).toHaveText(status, { timeout: 1000 });
    await expect(page.getByText("Analyzed on").first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

test("home shows the seeded portfolio with badges, alert counts and the alerts tab", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Your clients" })).toBeVisible();
  const cards = page.getByTestId("client-card");
  await expect(cards).toHaveCount(2);
  // The worker evaluates the seeded alerts on its first start: every alert gets a last run.
  await expect(async () => {
    await page.goto("/app?tab=alerts");
    await expect(page.getByText("Never")).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  // 9 seeded alerts, 2 objectives and polymathee (server/seed/objectives.ts).
  await expect(page.getByRole("row")).toHaveCount(1 + 12 + 0);
  await page.getByRole("link", { name: "Portfolio" }).click();
  await expect(cards.first().getByText(/in anomaly/).first()).toBeVisible();
  await page.getByRole("link", { name: "Sort by alert number" }).click();
  await expect(page).toHaveURL(/sort=alerts/);
  await cards.first().click();
  await expect(page.getByTestId("card-alerts")).toBeVisible();
  await expect(page.getByTestId("metric-cost")).toBeVisible();
});

test("creates a metric alert with a live preview; the worker's first result notifies the assignee; snooze works", async ({ page }) => {
  await signIn(page);
  const [clientId] = await clientIds(page);
  const title = `Spend watch ${unique()}`;
  await page.goto(`/clients/${clientId}/alerts/create/default`);
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await chooseMetric(page, "cost");
  await page.getByLabel("Value", { exact: true }).fill("1");
  await page.getByLabel("During").selectOption("7_days");
  // The preview comes 1,000 ms after the last change once the form validates.
  await expect(page.getByTestId("preview")).toContainText("analysed", { timeout: 20_000 });
  await page.getByPlaceholder("Input a name for your alert").fill(title);
  await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/details/\\d+$`));
  await expect(page.getByTestId("toast")).toContainText("Your metric alert has been created");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await waitForStatus(page, "Open Issue");
  await expect(page.getByRole("cell", { name: /Anomaly/ }).first()).toBeVisible();
  await expect.poll(() => outbox().some((m) => m.to === DEMO_USER.email && m.subject.startsWith(`Anomaly detected: ${title}`)), { timeout: 30_000 }).toBe(true);

  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Snooze until").fill(date);
  await page.getByRole("button", { name: "Snooze" }).click();
  await expect(page.getByTestId("snoozed")).toHaveText(`Snoozed until ${date}`);
  await expect(page.getByTestId("toast")).toContainText(`Alert successfully snoozed until ${date}`);
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByTestId("toast")).toContainText("Alert successfully un-snoozed");
  await expect(page.getByTestId("snoozed")).toHaveCount(0);
});

test("creates a pacing alert and a template, then activates the template on another account from the picker", async ({ page }) => {
  await signIn(page);
  const [first, second] = await clientIds(page);
  const title = `Budget ${unique()}`;
  await page.goto(`/clients/${first}/alerts/create/pacing`);
  await page.getByPlaceholder("Input a name for your alert").fill(title);
  await page.getByLabel("Alert above (budget)").fill("1");
  await expect(page.getByTestId("preview")).toContainText("analysed", { timeout: 20_000 });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your pacing alert has been created");
  await waitForStatus(page, "Open Issue");
  await expect(page.getByRole("img", { name: "Cumulative and projected cost" })).toBeVisible();

  await page.getByRole("link", { name: "Save as template" }).click();
  const template = `Template ${unique()}`;
  await page.getByLabel("Template name").fill(template);
  await page.getByRole("button", { name: "Create the template" }).click();
  await expect(page.getByTestId("toast")).toContainText("New template created");
  await expect(page.getByTestId("template").filter({ hasText: template })).toBeVisible();

  await page.goto(`/clients/${second}/anomalies`);
  await page.getByRole("link", { name: "Add alert" }).click();
  await expect(page.getByRole("dialog", { name: "Create an alert" })).toBeVisible();
  await page.getByPlaceholder("Search for a template").fill(template);
  await page.getByPlaceholder("Search for a template").press("Enter");
  const toggle = page.getByRole("switch", { name: `Activate ${template}` });
  await toggle.click();
  await expect(page.getByRole("switch", { name: `Deactivate ${template}` })).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText(`is now protected by ${template}`);
});
