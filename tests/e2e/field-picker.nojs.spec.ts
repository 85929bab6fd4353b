// The shared field picker over the generated Google Ads catalogue, without JavaScript: the search
// box is part of the builder's GET form (Search submits it), selected fields outside the search
// stay in the form, and the server greys what the API's rules refuse for the submitted selection.
import { expect, test } from "./support/fixtures.js";
import { openBuilderOnGoogleAds } from "./support/google-ads-source.js";
import { hasConnector } from "../../engine/connectors/registry.js";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test("query builder without JavaScript: search the Google Ads metrics, keep the selection, refused fields greyed", async ({ page }, testInfo) => {
  test.skip(!hasConnector("google-ads"), "the Google Ads connector is not in the registry");
  const name = `NoJS picker ${unique()}`;
  await openBuilderOnGoogleAds(page, name, { javascript: false });

  const metrics = page.locator('[data-field-picker="metric"]');
  await expect(metrics.getByRole("searchbox")).toHaveAttribute("placeholder", "Search 341 metrics");
  await metrics.getByRole("searchbox").fill("clicks");
  await metrics.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q_metric=clicks/);
  await expect(metrics.getByText(/of 341 match "clicks"/)).toBeVisible();
  await expect(metrics.locator('[data-field="impressions"]')).toHaveCount(0);
  await metrics.locator('input[name="metric"][value="clicks"]').check();
  // Searching again keeps the checked field although the new search hides it.
  await metrics.getByRole("searchbox").fill("impression share");
  await metrics.getByRole("button", { name: "Search" }).click();
  await expect(metrics.locator('[data-field="clicks"]')).toHaveCount(0);
  await expect(metrics.locator('input[type=hidden][name=metric][value="clicks"]')).toHaveCount(1);
  await metrics.locator('input[name="metric"][value="search_impression_share"]').check();
  await page.locator("details[data-section=metrics]").getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/metric=clicks&metric=search_impression_share|metric=search_impression_share&metric=clicks/);

  // The server computed the refusals for the submitted metrics: impression share is not hourly.
  const dimensions = page.locator('[data-field-picker="dimension"]');
  await dimensions.getByRole("searchbox").fill("hour");
  await dimensions.getByRole("button", { name: "Search" }).click();
  const hour = dimensions.locator('[data-field="hour"]');
  await expect(hour.locator("input")).toBeDisabled();
  await expect(hour).toContainText("Not available with the selection: cannot be selected with Search impression share (metrics.search_impression_share)");

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`field-picker-nojs-${width}.png`), fullPage: true });
  }
});
