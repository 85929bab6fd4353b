// Issue 22's currency conversion and cross-platform ads in the browser (with and without
// JavaScript): the reporting currency, the seeded cross-platform query, and a cross-platform spend
// alert that the worker evaluates (deleted at the end so other specs see the seeded alerts only).
import { expect, type Page } from "@playwright/test";

/** Settings → Currency, signed in. */
export async function chooseReportingCurrency(page: Page, code: string) {
  await page.goto("/settings/currency");
  await expect(page.getByRole("heading", { name: "Reporting currency" })).toBeVisible();
  await page.getByLabel("Reporting currency").selectOption(code);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The reporting currency has been saved")).toBeVisible();
  await expect(page.getByLabel("Reporting currency")).toHaveValue(code);
  // The worker fetched the ECB fake's rates when it started.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { name: "Exchange rates" })).toBeVisible();
    await expect(page.getByText(/European Central Bank reference rates of [\d,]+ working days/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

export async function previewSeededBlendedQuery(page: Page, currency: string) {
  await page.goto("/data-connector/api?tab=saved");
  await page.getByRole("listitem").filter({ hasText: "Demo: spend across ads platforms" }).getByRole("link", { name: "Load" }).click();
  await expect(page.getByLabel("URL", { exact: true })).toHaveValue(/platform=cross-platform-ads/);
  await page.getByRole("button", { name: "Preview" }).click();
  const table = page.getByTestId("preview-table");
  await expect(table.locator("thead th")).toContainText(["Date", "Platform", "Account name", "Account currency", "Account time zone", "Rate date", "Spend", `Spend (${currency})`]);
  await expect(table.locator("tbody tr").first()).toContainText("demo");
}

export async function createCrossPlatformAlert(page: Page, title: string) {
  await page.goto("/app");
  const href = await page.getByTestId("client-card").first().getAttribute("href");
  await page.goto(`${href}/anomalies`);
  await page.getByRole("link", { name: "Cross-platform spend alert" }).click();
  await expect(page.getByRole("heading", { name: "Cross-platform spend alert" })).toBeVisible();
  await page.getByLabel("Name").fill(title);
  // The demo's two activated ads accounts, in two currencies.
  for (const box of await page.getByRole("checkbox").all()) await box.check();
  await page.getByLabel(/^Amount/).fill("1");
  await page.getByRole("button", { name: "Create the alert" }).click();
  await expect(page.getByText("The alert has been created")).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/\d+\/details\/\d+$/);
  // The worker evaluates it at once: the converted total of yesterday's spend is above 1.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("status")).toHaveText("Open Issue", { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText(/All platforms \(\d+ accounts\)/).first()).toBeVisible();
  await page.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("The alert has been deleted")).toBeVisible();
}

/**
 * A data stream over cross-platform ads into the demo warehouse, a job through the wizard (every
 * listed ads account, normalized fields with the converted spend, a preview), then Run Now until
 * the job log shows the run's success (decision 0933).
 */
export async function createCrossPlatformJob(page: Page, suffix: string) {
  const stream = `All ads ${suffix}`;
  await page.goto("/data-connector/data-stream/new");
  await page.getByLabel("Name", { exact: true }).fill(stream);
  await page.getByLabel("Platform").selectOption({ label: "Cross-platform ads" });
  await page.getByLabel("Destination").selectOption({ label: "Demo warehouse" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: stream })).toBeVisible();

  await page.getByRole("link", { name: "Add Job", exact: true }).click();
  await page.locator("#job-name").fill(`Spend across platforms ${suffix}`);
  await page.getByRole("button", { name: "Next" }).click();
  const accounts = page.locator('input[name="dataSourceIds"]');
  await expect(accounts.first()).toBeVisible();
  for (const box of await accounts.all()) await box.check();
  await page.getByRole("button", { name: "Next" }).click();

  for (const field of ["date", "platform", "account_name", "account_currency", "spend", "spend_converted", "reporting_currency"]) {
    await page.locator(`input[name="fields"][value="${field}"]`).check();
  }
  await page.getByRole("button", { name: "Preview your data" }).click();
  const preview = page.getByTestId("preview-table");
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview).toContainText("spend_converted");
  await page.getByRole("button", { name: "Save" }).click();

  await page.locator("#tableName").fill(`xp_${suffix}`);
  await page.locator('input[name="partitionFieldId"][value="date"]').check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The job has been created")).toBeVisible();

  // The job's first run starts on creation; Run Now adds one: both land in the log.
  await page.getByRole("button", { name: "Run Now" }).click();
  await expect(page.getByText("The job has been launched")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("log-status").first()).toHaveText("Success");
  }).toPass({ timeout: 150_000 });
}
