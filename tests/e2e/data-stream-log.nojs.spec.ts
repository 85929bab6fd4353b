// Data-stream jobs without JavaScript (issue 14), as plain form posts: the wizard refuses the table
// another job loads with a field error on the table name; a step Temporal retried shows its
// attempts in the job log (<details> opens without scripts).
import { signIn, test } from "./support/fixtures.js";
import { expectRetriedAttemptsShown, expectTakenTableRefused } from "./support/data-streams.js";

test("the wizard refuses the seeded job's table with a field error on the table name", async ({ page }) => {
  await signIn(page);
  await expectTakenTableRefused(page);
});

test("a step Temporal retried shows each attempt with its error and duration", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await expectRetriedAttemptsShown(page);
});
