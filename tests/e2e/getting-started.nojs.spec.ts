import { test } from "./support/fixtures.js";
import { signUpWithEmail } from "./support/account-helpers.js";
import { expectChecklistResumesAndUsageOutlivesTheSource } from "./support/getting-started.js";

test("without JavaScript the checklist resumes where it was left, and deleting the only source keeps Usage and its count", async ({ page }) => {
  await signUpWithEmail(page);
  await expectChecklistResumesAndUsageOutlivesTheSource(page, `Demo Ads ${Date.now().toString(36)}`);
});
