import { signIn, test } from "./support/fixtures.js";
import { chooseReportingCurrency, createCrossPlatformAlert, previewSeededBlendedQuery } from "./support/cross-platform.js";

test("without JavaScript: reporting currency, the seeded cross-platform query and a cross-platform spend alert", async ({ page }) => {
  await signIn(page);
  await chooseReportingCurrency(page, "GBP");
  await previewSeededBlendedQuery(page, "GBP");
  await createCrossPlatformAlert(page, `Total spend no JS ${Date.now()}`);
  await chooseReportingCurrency(page, "EUR");
});
