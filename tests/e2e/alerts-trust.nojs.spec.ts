// Alerts people can trust (issue 18) without JavaScript: the editor's mode switch is a GET that
// keeps the name, the default trend alert fires provisional on yesterday's demo data and the
// detail refreshes itself (meta refresh) until the run lands, Run now, the inbox's inline snooze,
// and a template toggle that redirects back with its toast.
import { expect, signIn, test } from "./support/fixtures.js";
import { firingClicksTrend } from "./support/alert-trend.js";
import { chooseMetric, deleteAlert, openSeededEditor, seededClientId } from "./support/editor.js";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test("the default trend alert fires provisional with plain forms; the detail refreshes itself; Run now", async ({ page }) => {
  test.setTimeout(180_000); // waits for the worker's runs, each up to a minute
  const trend = await firingClicksTrend("demo-paris");
  const paris = await openSeededEditor(page, "Maison Lumière (Paris)");
  const title = `Clicks trend ${unique()}`;
  await page.getByPlaceholder("Input a name for your alert").fill(title);
  await chooseMetric(page, "clicks");
  await page.getByRole("button", { name: "Trend", exact: true }).click();
  await expect(page).toHaveURL(/mode=trend/);
  // The name and the metric carry over; the condition starts from the spec's trend defaults.
  await expect(page.getByPlaceholder("Input a name for your alert")).toHaveValue(title);
  await expect(page.locator('input[name="metric"][value="clicks"]')).toBeChecked();
  await expect(page.getByLabel("Percent")).toHaveValue("20");
  await page.getByLabel("Change").selectOption(trend.change);
  await page.getByLabel("Percent").fill(String(trend.percent));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview")).toContainText("Provisional until");
  await expect(page.getByTestId("alert-summary")).toContainText("Alert when clicks yesterday");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${paris}/details/\\d+$`));
  const detail = page.url();
  // The page reloads itself (meta refresh) while the first run is on its way.
  await expect(page.getByTestId("status")).toHaveText("Open Issue", { timeout: 60_000 });
  const anomaly = page.getByTestId("result-row").filter({ hasText: "Anomaly" }).first();
  await expect(anomaly.getByTestId("result-note")).toContainText("Provisional until");
  await expect(anomaly.getByTestId("result-explanation")).toContainText(/Clicks yesterday [\d,]+ vs [\d,]+(\.\d+)?\/day average over the last 7 days/);

  const activity = page.getByTestId("activity");
  const before = await activity.innerText();
  await page.getByRole("button", { name: "Run now" }).click();
  await expect(page.getByTestId("toast")).toContainText("The alert is running");
  // A new outcome adds an entry, a repeated one extends its "unchanged" span (issue 20).
  await expect(activity).not.toHaveText(before, { timeout: 60_000 });
  await deleteAlert(page, detail, paris);
});

test("the inbox snoozes an anomaly with a plain form", async ({ page }) => {
  await signIn(page);
  await page.goto("/app?tab=inbox");
  const rows = page.getByTestId("inbox-row");
  await expect(rows.first()).toBeVisible();
  const row = rows.first();
  const link = row.getByRole("link").first();
  const alert = (await link.textContent())!;
  // The same alert may watch several clients: its rows are the ones linking to its detail page.
  const detailPath = (await link.getAttribute("href"))!.split("?")[0];
  const rowsOfAlert = rows.filter({ has: page.locator(`a[href^="${detailPath}?"]`) });
  await row.getByRole("combobox", { name: /^Snooze / }).selectOption("3");
  await row.getByRole("button", { name: "Snooze" }).click();
  await expect(page).toHaveURL(/tab=inbox/);
  await expect(page.getByTestId("toast")).toContainText(`${alert} on`);
  await expect(rowsOfAlert).toHaveCount(0);
  await page.goto("/app?tab=inbox&state=snoozed");
  const snoozed = rowsOfAlert.first();
  await snoozed.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByTestId("toast")).toContainText("un-snoozed");
});

test("a template toggle redirects back to the picker with its toast", async ({ page }) => {
  await signIn(page);
  const paris = await seededClientId(page, "Maison Lumière (Paris)");
  await page.goto(`/clients/${paris}/anomalies?picker=1`);
  const picker = page.getByRole("dialog", { name: "Create an alert" });
  // The starter library, with what each template watches.
  await expect(picker.getByTestId("template-row").filter({ hasText: "CTR drop" })).toContainText("Click-through rate yesterday");
  await expect(picker.getByTestId("check-row").filter({ hasText: "Broken landing URLs" })).toBeVisible();
  const [response] = await Promise.all([page.waitForNavigation(), picker.getByRole("switch", { name: "Activate CTR drop" }).click()]);
  // Post, redirect, get: a refresh does not post again, and the toast shows here.
  expect(response!.request().method()).toBe("GET");
  expect(response!.request().redirectedFrom()?.method()).toBe("POST");
  await expect(page).toHaveURL(new RegExp(`/clients/${paris}/anomalies\\?picker=1$`));
  await expect(page.getByTestId("toast")).toContainText("is now protected by CTR drop");
  await page.getByRole("switch", { name: "Deactivate CTR drop" }).click();
  await expect(page.getByTestId("toast")).toContainText("CTR drop deactivated");
});
