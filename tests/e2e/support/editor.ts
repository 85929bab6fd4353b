import type { Page } from "@playwright/test";
import { expect, signIn } from "./fixtures.js";

/** The id of a seeded client, by its account name, read from the signed-in user's portfolio. */
export async function seededClientId(page: Page, accountName: string): Promise<number> {
  await page.goto("/app");
  const href = await page.getByTestId("client-card").filter({ hasText: accountName }).first().getAttribute("href");
  return Number(href!.split("/").pop());
}

/** Signs in as the demo user and opens the metric alert editor of a seeded client by its account name; answers the client's id. */
export async function openSeededEditor(page: Page, accountName: string): Promise<number> {
  await signIn(page);
  const clientId = await seededClientId(page, accountName);
  await page.goto(`/clients/${clientId}/alerts/create/default`);
  return clientId;
}

/** Deletes an alert from its detail page (with or without JavaScript), so the demo company stays as seeded for the specs that count its alerts. */
export async function deleteAlert(page: Page, detailUrl: string, clientId: number) {
  await page.goto(detailUrl);
  await page.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete this alert?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/anomalies$`));
}

/** Picks the alert's metric in the editor's field picker (a radio list, searchable). */
export async function chooseMetric(page: Page, id: string) {
  await page.locator(`input[name="metric"][value="${id}"]`).check();
}
