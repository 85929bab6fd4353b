// Alerts people can trust (issue 18), with JavaScript, on the whole product (worker included): the
// default trend alert fires on yesterday's demo data marked provisional and says why, the editor
// keeps the name across a mode switch, the detail refreshes by itself until the run lands, Run
// now updates it, and the inbox snoozes an anomaly inline.
import { expect, signIn, test } from "./support/fixtures.js";
import { firingClicksTrend } from "./support/alert-trend.js";
import { chooseMetric, deleteAlert, openSeededEditor, seededClientId } from "./support/editor.js";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test("the default trend alert fires on yesterday's demo data, provisional, and explains itself", async ({ page }) => {
  test.setTimeout(180_000); // waits for the worker's runs, each up to a minute
  const trend = await firingClicksTrend("demo-paris");
  const paris = await openSeededEditor(page, "Maison Lumière (Paris)");
  const title = `Clicks trend ${unique()}`;
  const name = page.getByPlaceholder("Input a name for your alert");
  await name.fill(title);
  // Threshold to trend keeps the name (spec 1 §4 resets only the condition).
  await page.getByRole("button", { name: "Trend", exact: true }).click();
  await expect(page).toHaveURL(/mode=trend/);
  await expect(name).toHaveValue(title);
  // The spec's trend defaults: sum, 20 %, yesterday against the last 7 days.
  await expect(page.getByLabel("Percent")).toHaveValue("20");
  await expect(page.getByLabel("During")).toHaveValue("yesterday");
  await expect(page.getByLabel("Compared with")).toHaveValue("7_days");
  await chooseMetric(page, "clicks");
  await page.getByLabel("Change").selectOption(trend.change);
  await page.getByLabel("Percent").fill(String(trend.percent));
  await expect(page.getByTestId("alert-summary")).toHaveText(
    `Alert when clicks yesterday ${trend.change === "above" ? "rises" : "falls"} more than ${trend.percent} % against the last 7 days, for campaigns.`,
  );
  await expect(page.getByTestId("preview")).toContainText("analysed", { timeout: 20_000 });
  await expect(page.getByTestId("preview")).toContainText("Provisional until");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${paris}/details/\\d+$`));
  const detail = page.url();

  // No reload: the page refreshes by itself until the worker's first run lands.
  await expect(page.getByTestId("status")).toHaveText("Open Issue", { timeout: 60_000 });
  const anomaly = page.getByTestId("result-row").filter({ hasText: "Anomaly" }).first();
  await expect(anomaly.getByTestId("result-note")).toContainText(/^Provisional until \d{1,2} \w{3}$/);
  await expect(anomaly.getByTestId("result-explanation")).toContainText(/Clicks yesterday [\d,]+ vs [\d,]+(\.\d+)?\/day average over the last 7 days \([+\u2212]\d+(\.\d)? %\) [<>] [+\u2212]\d+ %/);
  await expect(page.getByTestId("schedule")).toHaveText(/^Checked hourly · last \d\d:\d\d · next about \d\d:\d\d \(UTC\)$/);

  // The visualization: the whole recent series, its lines and every run's verdict.
  await anomaly.getByRole("link").first().click();
  const dialog = page.getByRole("dialog", { name: "Metric visualization" });
  await expect(dialog).toBeVisible();
  const chart = dialog.getByRole("img", { name: /^Metric of / });
  await expect(chart).toBeVisible();
  await expect(chart.locator("[data-guide='trigger']")).toHaveCount(1);
  await expect(chart.locator("[data-guide='reference']")).toHaveCount(1);
  await expect(chart.locator("[data-anomaly='true']")).toHaveCount(1);
  await expect(chart.locator("[data-provisional='true']")).toHaveCount(1);
  // 14 days of history around yesterday, each a point with its tooltip.
  await expect(chart.locator("circle title")).toHaveCount(14);
  await expect(dialog.getByTestId("result-history").locator("tr")).toHaveCount(1);
  await deleteAlert(page, detail, paris);
});

test("Run now evaluates the alert and the detail shows the new run without a reload", async ({ page }) => {
  test.setTimeout(180_000); // waits for the worker's runs, each up to a minute
  await signIn(page);
  const paris = await seededClientId(page, "Maison Lumière (Paris)");
  await page.goto(`/clients/${paris}/anomalies`);
  // The client's list says when each alert runs, like the detail.
  const listed = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Campaign spend above 150 yesterday" }) });
  await expect(listed.getByTestId("schedule")).toHaveText(/^Checked hourly · .+ · next about \d\d:\d\d \(UTC\)$/);
  await page.getByRole("link", { name: "Campaign spend above 150 yesterday" }).click();
  const activity = page.getByTestId("activity");
  await expect(activity.locator("li").first()).toBeVisible({ timeout: 60_000 });
  const before = await activity.innerText();
  await page.getByRole("button", { name: "Run now" }).click();
  await expect(page.getByTestId("toast")).toContainText("The alert is running");
  // A run with a new outcome adds an entry; one repeating the last outcome extends its
  // "analyzed N more times, unchanged" span (issue 20: history written only on change).
  await expect(activity).not.toHaveText(before, { timeout: 60_000 });
  await expect(page.getByTestId("schedule")).toContainText(/· last \d\d:\d\d ·/);
  await expect(page.getByRole("button", { name: "Run now" })).toBeEnabled();
});

test("the inbox lists anomalies across clients and snoozes one inline", async ({ page }) => {
  await signIn(page);
  await page.goto("/app?tab=inbox");
  const rows = page.getByTestId("inbox-row");
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("inbox")).toHaveCount(1);
  const row = rows.first();
  const link = row.getByRole("link").first();
  const alert = (await link.textContent())!;
  // The same alert may watch several clients: its rows are the ones linking to its detail page.
  const detailPath = (await link.getAttribute("href"))!.split("?")[0];
  const rowsOfAlert = rows.filter({ has: page.locator(`a[href^="${detailPath}?"]`) });
  await expect(row).toContainText(/Since \d/);
  await expect(row).toContainText("Assignee:");
  await row.getByRole("combobox", { name: /^Snooze / }).selectOption("7");
  await row.getByRole("button", { name: "Snooze" }).click();
  await expect(page.getByTestId("toast")).toContainText(`${alert} on`);
  await expect(page.getByTestId("toast")).toContainText("snoozed until");
  await expect(rowsOfAlert).toHaveCount(0);
  // Under Snoozed it waits, with its date and a Clear button.
  await page.getByLabel("Status").selectOption("snoozed");
  await page.getByRole("button", { name: "Filter" }).click();
  const snoozed = rowsOfAlert.first();
  await expect(snoozed).toContainText("Snoozed until");
  await snoozed.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByTestId("toast")).toContainText("un-snoozed");
});
