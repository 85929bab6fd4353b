import type { Page } from "@playwright/test";
import { signIn } from "./fixtures.js";

/** Signs in as the demo user and opens the metric alert editor of a seeded client by its account name. */
export async function openSeededEditor(page: Page, accountName: string) {
  await signIn(page);
  await page.goto("/app");
  const href = await page.getByTestId("client-card").filter({ hasText: accountName }).first().getAttribute("href");
  await page.goto(`${href}/alerts/create/default`);
}

/** Picks the alert's metric in the editor's field picker (a radio list, searchable). */
export async function chooseMetric(page: Page, id: string) {
  await page.locator(`input[name="metric"][value="${id}"]`).check();
}
