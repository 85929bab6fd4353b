// Issue 19 "raw values everywhere", declared once for both projects: enums in words, schedules in
// words, times with their zone, the job wizard's last step labelled and grouped, its errors in one round.
import { expect, type Page } from "@playwright/test";
import { seededIds } from "./screens.js";
import { wizardUpToDeployment } from "./data-streams.js";

const RAW = /\b(TODAY|YESTERDAY|LAST_\d+_DAYS|LAST_MONTH|CUSTOM|SINCE|ACTIVE|WAITING|END_PROCESS|POSTGRES|POWERBI)\b/;

export async function expectJobInWords(page: Page) {
  const ids = await seededIds();
  await page.goto(`/data-connector/data-stream/${ids.stream}/jobs/${ids.job}#extraction-option`);
  const options = page.locator("#extraction-option");
  await expect(options).toContainText("Every day at 00:00, UTC");
  await expect(options).toContainText("Days read by each run: Last 7 days");
  expect(await options.innerText()).not.toMatch(RAW);
  await page.goto(`/data-connector/data-stream/${ids.stream}/jobs/${ids.job}#basic-option`);
  await expect(page.locator("#basic-option")).toContainText("(Postgres)");
  expect(await page.locator("#basic-option").innerText()).not.toMatch(RAW);
  expect(await page.locator("main").getByTestId("job-status").innerText()).not.toMatch(RAW);
  await page.goto("/data-connector/usage#log");
  await expect(page.getByTestId("usage-log-row").filter({ hasText: "Query URL (JSON)" }).first()).toBeVisible();
  await expect(page.locator("#log td").filter({ hasText: /^(JSON|POSTGRES)$/ })).toHaveCount(0);
  await page.goto("/data-connector/api?tab=saved");
  await expect(page.getByText("Demo: clicks and cost by campaign")).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Demo Ads · saved");
}

/** Times carry their zone; `zone` is what the job's next run must say (CET, GMT+9, UTC). */
export async function expectTimesIn(page: Page, zone: RegExp) {
  const ids = await seededIds();
  await page.goto(`/data-connector/data-stream/${ids.stream}/jobs/${ids.job}`);
  await expect(page.getByTestId("job-next-run")).toHaveText(new RegExp(`^\\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} ${zone.source}$`));
}

/** The profile's time zone setting applies to every screen, with or without JavaScript. */
export async function expectProfileTimeZone(page: Page) {
  await page.goto("/profile");
  const form = page.locator("form", { has: page.getByLabel("Show times in") });
  await page.getByLabel("Show times in").selectOption("Asia/Tokyo");
  await form.getByRole("button", { name: "Save" }).click();
  try {
    await expect(page.getByText("Your time zone has been saved")).toBeVisible();
    await expect(page.getByTestId("time-zone-now")).toContainText("Asia/Tokyo (your choice)");
    await expectTimesIn(page, /GMT\+9/);
    await expect(page.getByTestId("job-schedule")).toContainText("Every day at 00:00, UTC (09:00 your time)");
  } finally {
    await page.goto("/profile");
    await page.getByLabel("Show times in").selectOption("");
    await page.locator("form", { has: page.getByLabel("Show times in") }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your time zone has been saved")).toBeVisible();
  }
}

/** The wizard's last step: grouped, every date input labelled, and all its errors at once. */
export async function expectDeploymentStepPlain(page: Page, opts: { js: boolean }) {
  await wizardUpToDeployment(page, `Plain ${Date.now().toString(36)}`);
  for (const legend of ["When it runs", "Days each run reads", "History", "Where the rows go"]) await expect(page.getByRole("group", { name: legend })).toBeVisible();
  await page.locator("#date").selectOption({ label: "Custom dates" });
  // Labelled: the inputs are found by their labels.
  await expect(page.getByLabel("Start date")).toBeVisible();
  await expect(page.getByLabel("End date")).toBeVisible();
  if (opts.js) {
    // Shown with their choice only.
    await page.locator("#date").selectOption({ label: "Last 7 days" });
    await expect(page.getByLabel("Start date")).toHaveCount(0);
    await page.locator("#date").selectOption({ label: "Custom dates" });
  }
  // Two problems at once: no dates for Custom dates, and a table another job loads.
  await page.locator("#tableName").fill("demo_campaigns");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#startDate-error")).toContainText("Start date is required");
  await expect(page.locator("#tableName-error")).toContainText("already loads the table");
}
