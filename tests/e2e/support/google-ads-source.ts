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

/** A new Google Ads source, then the query builder on it up to the Metrics section. */
export async function openBuilderOnGoogleAds(page: Page, name: string, opts: { javascript: boolean }) {
  await connectGoogleAdsSource(page, name, opts);
  await page.goto("/data-connector/api");
  const source = await page.locator("select[name=source] option", { hasText: name }).getAttribute("value");
  await page.getByLabel("Source", { exact: true }).selectOption(source!);
  // With JavaScript choosing a source submits the form; without it, Next does.
  if (!opts.javascript) await page.locator("details[data-section][open]").getByRole("button", { name: "Next" }).click();
  await expect(page.locator("details[data-section=accounts]")).toHaveAttribute("open", "");
  await page.locator("details[data-section=accounts]").getByLabel(new RegExp(GOOGLE_ADS_ACCOUNT.name)).check();
  await page.locator("details[data-section=accounts]").getByRole("button", { name: "Next" }).click();
  await page.locator("details[data-section=report]").getByRole("button", { name: "Next" }).click();
}
