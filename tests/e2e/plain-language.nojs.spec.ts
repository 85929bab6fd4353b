import { signIn, test } from "./support/fixtures.js";
import { expectDeploymentStepPlain, expectJobInWords, expectProfileTimeZone, expectTimesIn } from "./support/plain-language.js";

test("jobs, schedules, destinations and platforms are in words without JavaScript", async ({ page }) => {
  await signIn(page);
  await expectJobInWords(page);
});

test.describe("in Paris without JavaScript", () => {
  test.use({ timezoneId: "Europe/Paris" });
  test("the browser's zone is unknown: times say UTC", async ({ page }) => {
    await signIn(page);
    await expectTimesIn(page, /UTC/);
  });
});

test("the profile's time zone applies without JavaScript", async ({ page }) => {
  await signIn(page);
  await expectProfileTimeZone(page);
});

test("the job wizard's last step is grouped and labelled without JavaScript", async ({ page }) => {
  await signIn(page);
  await expectDeploymentStepPlain(page, { js: false });
});
