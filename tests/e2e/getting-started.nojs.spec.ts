import { signIn, test } from "./support/fixtures.js";
import { signUpWithEmail } from "./support/account-helpers.js";
import { NEWCOMER_USER } from "../../server/seed/context.js";
import { expectChecklistResumesAndUsageOutlivesTheSource, expectNewcomerResumesOnAccounts } from "./support/getting-started.js";

test("without JavaScript the checklist resumes where it was left, and deleting the only source keeps Usage and its count", async ({ page }) => {
  await signUpWithEmail(page);
  await expectChecklistResumesAndUsageOutlivesTheSource(page, `Demo Ads ${Date.now().toString(36)}`);
});

test("the seeded newcomer finds the checklist on step 2 from the menu without JavaScript", async ({ page }) => {
  await signIn(page, NEWCOMER_USER);
  await expectNewcomerResumesOnAccounts(page);
});
