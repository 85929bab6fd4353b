// A job over cross-platform ads through the job wizard, without JavaScript: every step is a plain form post (decision 0933).
import { signIn, test } from "./support/fixtures.js";
import { createCrossPlatformJob } from "./support/cross-platform.js";

test("a data-stream job over cross-platform ads: wizard, preview with converted spend, Run Now, job log, without JavaScript", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page);
  await createCrossPlatformJob(page, `nojs${Date.now().toString(36)}`);
});
