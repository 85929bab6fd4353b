import { expect, type Page } from "@playwright/test";
import { seededIds } from "./screens.js";

/** Every part of `locator` lies inside the viewport's width (nothing cut off on the right). */
async function expectInsideViewport(page: Page, name: string, box: { x: number; width: number } | null) {
  const width = page.viewportSize()!.width;
  expect(box, `${name} is laid out`).not.toBeNull();
  expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} ends on screen`).toBeLessThanOrEqual(width);
}

export const menuButton = (page: Page) => page.getByTestId("nav-drawer").locator("summary");

/** At phone width the main navigation is a drawer behind the Menu button (works with and without JavaScript). */
export async function expectDrawerNavigation(page: Page) {
  await page.goto("/data-connector/usage");
  const nav = page.getByRole("navigation", { name: "Main" });
  // A <summary>: Chromium exposes it as a disclosure button, Playwright's role engine has no role for it.
  const menu = menuButton(page);
  await expect(nav).toBeHidden();
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(nav).toBeVisible();
  const link = nav.getByRole("link", { name: "Datastream" });
  await expectInsideViewport(page, "the Datastream link", await link.boundingBox());
  // The Menu button closes it again.
  await menu.click();
  await expect(nav).toBeHidden();
  await menu.click();
  await link.click();
  await expect(page).toHaveURL(/\/data-connector\/data-stream$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(nav).toBeHidden();
}

/** Issue 19: "job detail's Delete and tabs are cut off" at 390 px. */
export async function expectJobActionsOnPhone(page: Page) {
  const ids = await seededIds();
  const jobPage = `/data-connector/data-stream/${ids.stream}/jobs/${ids.job}`;
  await page.goto(jobPage);
  for (const name of ["Run Now"]) await expectInsideViewport(page, name, await page.getByRole("button", { name }).boundingBox());
  for (const name of ["Edit", "Delete", "Overview", "Basic options", "Accounts", "Fields", "Extraction options"]) {
    const link = page.getByRole("link", { name, exact: true });
    await expect(link).toBeVisible();
    await expectInsideViewport(page, name, await link.boundingBox());
  }
  await page.getByRole("link", { name: "Extraction options", exact: true }).click();
  await expect(page.locator("#extraction-option")).toBeInViewport();
  await page.getByRole("link", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm the deletion of the job" });
  await expect(dialog).toBeVisible();
  await expectInsideViewport(page, "the Delete confirmation", await dialog.getByRole("button", { name: "Delete" }).boundingBox());
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${jobPage}$`));
}
