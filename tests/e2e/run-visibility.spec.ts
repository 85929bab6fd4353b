import { signIn, test } from "./support/fixtures.js";
import { expectRunsVisible, expectUsageColumns } from "./support/run-visibility.js";

test("a job's runs are visible as they happen, and the creation toast and the page agree", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page);
  await expectRunsVisible(page, { js: true });
});

test("Usage shows each job's next run and each log's account", async ({ page }) => {
  await signIn(page);
  await expectUsageColumns(page);
});
