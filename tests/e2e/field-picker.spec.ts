// The shared field picker over the generated Google Ads catalogue, with JavaScript: hundreds of
// metrics grouped by category, search as you type, and fields the API's rules refuse greyed with
// the reason once the selection changes (the builder asks the server again on each change).
import { expect, test } from "./support/fixtures.js";
import { openBuilderOnGoogleAds } from "./support/google-ads-source.js";
import { hasConnector } from "../../engine/connectors/registry.js";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test("query builder: search 341 Google Ads metrics, pick some, see the refused segments greyed with the reason", async ({ page }, testInfo) => {
  test.skip(!hasConnector("google-ads"), "the Google Ads connector is not in the registry");
  const name = `Picker Google ${unique()}`;
  await openBuilderOnGoogleAds(page, name, { javascript: true });

  const metrics = page.locator('[data-field-picker="metric"]');
  await expect(metrics.getByRole("searchbox")).toHaveAttribute("placeholder", "Search 341 metrics");
  // Categories of the platform, collapsed while nothing is searched.
  await expect(metrics.locator("details[data-category='Metrics: conversions'] summary")).toContainText("Metrics: conversions");
  await metrics.getByRole("searchbox").fill("impression share");
  await expect(metrics.getByText(/of 341 match "impression share"/)).toBeVisible();
  await expect(metrics.locator('[data-field="search_impression_share"]')).toBeVisible();
  await expect(metrics.locator('[data-field="clicks"]')).toBeHidden();
  await metrics.getByRole("searchbox").fill("impressions");
  await metrics.locator('input[name="metric"][value="impressions"]').check();
  // The selection goes to the server, which answers with the API's refusals for it.
  await expect(page).toHaveURL(/metric=impressions/);
  await page.locator("details[data-section=metrics]").getByRole("button", { name: "Next" }).click();

  const dimensions = page.locator('[data-field-picker="dimension"]');
  await dimensions.getByRole("searchbox").fill("conversion action name");
  const refused = dimensions.locator('[data-field="conversion_action_name"]');
  await expect(refused.locator("input")).toBeDisabled();
  await expect(refused).toContainText("Not available with the selection: cannot be selected with Impressions (metrics.impressions)");
  await dimensions.getByRole("searchbox").fill("device");
  await dimensions.locator('input[name="dimension"][value="device"]').check();
  await expect(page).toHaveURL(/dimension=device/);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await dimensions.getByRole("searchbox").fill("conversion action");
    await page.screenshot({ path: testInfo.outputPath(`field-picker-js-${width}.png`), fullPage: true });
  }
});
