import { signIn, test } from "./support/fixtures.js";
import { expectTemplatePageLeadsOn } from "./support/dead-ends.js";

test("the Google Sheets template page without a template leads on", async ({ page }) => {
  await signIn(page);
  await expectTemplatePageLeadsOn(page);
});
