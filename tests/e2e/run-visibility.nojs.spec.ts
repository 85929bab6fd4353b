import { signIn, test } from "./support/fixtures.js";
import { expectRunsVisible, expectUsageColumns } from "./support/run-visibility.js";

test("without JavaScript the job page follows its run by itself, and a second Run Now starts nothing", async ({ page, context }) => {
  test.setTimeout(300_000);
  await signIn(page);
  const otherTab = await context.newPage();
  await expectRunsVisible(page, { js: false, otherTab });
});

test("Usage shows each job's next run and each log's account without JavaScript", async ({ page }) => {
  await signIn(page);
  await expectUsageColumns(page);
});
