import { signIn, test } from "./support/fixtures.js";
import { chooseReportingCurrency, createCrossPlatformAlert, previewSeededBlendedQuery } from "./support/cross-platform.js";

test("reporting currency, the seeded cross-platform query and a cross-platform spend alert", async ({ page }) => {
  await signIn(page);
  await chooseReportingCurrency(page, "USD");
  await previewSeededBlendedQuery(page, "USD");
  await createCrossPlatformAlert(page, `Total spend JS ${Date.now()}`);
  // Back to the seeded euros for the other specs.
  await chooseReportingCurrency(page, "EUR");
});
