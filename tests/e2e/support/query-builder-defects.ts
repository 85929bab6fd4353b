// Issue 19's query-builder defects, declared once for both projects: closed steps show their
// choice; the filter row's value and Add stay inside its card and work at 1440 px (and Enter stays
// on Filters instead of reopening "Select account(s)"); preview numbers are formatted; saving keeps
// the preview on screen.
import { expect, type Page } from "@playwright/test";
import { buildDemoQuery } from "./query-builder.js";

const section = (page: Page, id: string) => page.locator(`details[data-section=${id}]`);

async function openStep(page: Page, step: string) {
  const url = new URL(page.url());
  url.searchParams.delete("goto");
  url.searchParams.set("step", step);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(section(page, step)).toHaveAttribute("open", "");
}

export async function expectQueryBuilderFixed(page: Page, opts: { autoSubmit: boolean; queryName: string }) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await buildDemoQuery(page, opts);

  // Closed steps say what was chosen.
  await expect(page.getByTestId("chosen-sources")).toContainText("Demo Ads");
  await expect(page.getByTestId("chosen-accounts")).not.toBeEmpty();
  await expect(page.getByTestId("chosen-metrics")).toHaveText("Clicks");
  await expect(page.getByTestId("chosen-dimensions")).toHaveText("Date");
  await expect(page.getByTestId("chosen-date")).toHaveText("Last 7 days");

  // The filter row fits its card, and Add is what a click reaches.
  await openStep(page, "filters");
  const card = await section(page, "filters").boundingBox();
  const row = section(page, "filters").getByTestId("filter-row").last();
  for (const control of [row.getByRole("textbox"), row.getByRole("button", { name: "Add" })]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width, "inside the card").toBeLessThanOrEqual(card!.x + card!.width);
  }
  await row.getByRole("combobox").first().selectOption({ label: "Clicks" });
  await row.getByRole("combobox").nth(1).selectOption({ index: 0 });
  await row.getByRole("textbox").fill("1");
  await row.getByRole("button", { name: "Add" }).click({ trial: false });
  await expect(section(page, "filters").getByTestId("filter-row")).toHaveCount(2);
  await expect(section(page, "filters")).toHaveAttribute("open", "");
  // Enter in the new row's value stays on Filters.
  await section(page, "filters").getByTestId("filter-row").last().getByRole("textbox").press("Enter");
  await expect(section(page, "filters")).toHaveAttribute("open", "");
  await expect(section(page, "accounts")).not.toHaveAttribute("open", "");
  await section(page, "filters").getByRole("button", { name: "Remove filter 1" }).click();
  await expect(section(page, "filters").getByTestId("filter-row")).toHaveCount(1);

  // Preview numbers are grouped and rounded.
  await page.getByRole("button", { name: "Preview" }).click();
  const table = page.getByTestId("preview-table");
  await expect(table).toBeVisible();
  const clicks = await table.locator("tbody tr td:nth-child(2)").allInnerTexts();
  expect(clicks.length).toBeGreaterThan(0);
  for (const c of clicks) expect(c).toMatch(/^\d{1,3}(,\d{3})*$/);
  expect(clicks.some((c) => c.includes(",")), "some day has 1,000 clicks or more").toBe(true);

  // Save keeps the preview.
  await page.getByRole("link", { name: "Save the query" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill(opts.queryName);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/data-connector\/api\/\d+\?/);
  await expect(page.getByRole("heading", { name: `Query: ${opts.queryName}` })).toBeVisible();
  await expect(page.getByTestId("preview-table")).toBeVisible();
  expect(await page.getByTestId("preview-table").locator("tbody tr td:nth-child(2)").allInnerTexts()).toEqual(clicks);
}
