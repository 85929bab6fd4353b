// Issue 19 without JavaScript: every screen at 390 px is no wider than the phone (hash tabs show
// all their sections here), the drawer opens and closes, the job page's actions are reachable.
import { DEMO_USER, signIn, test } from "./support/fixtures.js";
import { describeScreenSweep, PHONE } from "./support/screen-sweep.js";
import { expectDrawerNavigation, expectJobActionsOnPhone } from "./support/shell.js";

describeScreenSweep({ js: false });

test.describe("the shell on a phone without JavaScript", () => {
  test.use({ viewport: { width: PHONE, height: 800 } });

  test("the drawer opens and closes with its Menu button and its links navigate", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await expectDrawerNavigation(page);
  });

  test("the job page's tabs, Run Now, Edit and Delete are on screen and work", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await expectJobActionsOnPhone(page);
  });
});
