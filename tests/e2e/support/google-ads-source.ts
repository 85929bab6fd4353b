// A Google Ads source on the stack's Google Ads fake, with one activated account, for the specs of
// what comes after connecting (the field picker over the generated catalogue). With JavaScript
// the consent runs in a popup; without it, full page.
import { expect, type Page } from "@playwright/test";
import { signIn } from "./fixtures.js";

export const GOOGLE_ADS_ACCOUNT = { id: "1234567890", name: "Shop FR" };

export async function connectGoogleAdsSource(page: Page, name: string, opts: { javascript: boolean }) {
  await signIn(page, undefined, "/data-connector/sources/new?platform=google-ads");
  await page.getByLabel("Name").fill(name);
  if (opts.javascript) {
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Connect your account" }).click();
    const popup = await popupPromise;
    await popup.getByRole("button", { name: "Authorize app" }).click();
  } else {
    await page.getByRole("button", { name: "Connect your account" }).click();
    await page.getByRole("button", { name: "Authorize app" }).click();
  }
  await page.waitForURL(/\/data-connector\/sources\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const row = page.locator(`[data-testid="account"][data-account-id="${GOOGLE_ADS_ACCOUNT.id}"]`);
  await row.getByRole("switch").click();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "true");
}
