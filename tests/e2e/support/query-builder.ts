import { expect, type Page } from "@playwright/test";

async function next(page: Page) {
  const button = page.locator("details[data-section][open]").getByRole("button", { name: /^(Next|Done)$/ });
  const target = await button.getAttribute("value");
  await button.click();
  // With JavaScript the submission is a client navigation: wait for the next section to open.
  await expect(page.locator(`details[data-section=${target}]`)).toHaveAttribute("open", "");
  await expect(page.locator("details[data-section][open]")).toHaveCount(1);
}

/** Builds "clicks by date, last 7 days" on the demo source through the accordion. */
export async function buildDemoQuery(page: Page, opts: { autoSubmit: boolean }) {
  await page.goto("/data-connector/api");
  await expect(page.getByText("Please input all the required field on the left side")).toBeVisible();
  const demo = await page.locator("select[name=source] option", { hasText: "Demo Ads" }).first().getAttribute("value");
  await page.getByLabel("Source", { exact: true }).selectOption(demo!);
  if (!opts.autoSubmit) await next(page);
  await expect(page.locator("details[data-section=accounts]")).toHaveAttribute("open", "");
  await page.locator("details[data-section=accounts] input[type=checkbox]").first().check();
  await next(page);
  await expect(page.locator("details[data-section=report]")).toHaveAttribute("open", "");
  await next(page);
  await page.locator("details[data-section=metrics]").getByLabel(/^Clicks/).check();
  await next(page);
  await page.locator("details[data-section=dimensions]").getByLabel(/^Date/).check();
  await next(page);
  await page.getByLabel("Date range").selectOption("LAST_7_DAYS");
  await next(page);
  await next(page);
  await next(page);
}

