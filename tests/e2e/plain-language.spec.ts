import { signIn, test } from "./support/fixtures.js";
import { expectDeploymentStepPlain, expectJobInWords, expectProfileTimeZone, expectTimesIn } from "./support/plain-language.js";

test("jobs, schedules, destinations and platforms are in words", async ({ page }) => {
  await signIn(page);
  await expectJobInWords(page);
});

test.describe("in Paris", () => {
  test.use({ timezoneId: "Europe/Paris" });
  test("times are shown in the browser's time zone when the profile names none", async ({ page }) => {
    await signIn(page);
    await expectTimesIn(page, /CES?T/);
  });
});

test("the profile's time zone wins over the browser's", async ({ page }) => {
  await signIn(page);
  await expectProfileTimeZone(page);
});

test("the job wizard's last step is grouped, labelled and reports its errors in one round", async ({ page }) => {
  await signIn(page);
  await expectDeploymentStepPlain(page, { js: true });
});
