import { expect, signIn, test } from "./support/fixtures.js";
import { signUpWithEmail } from "./support/account-helpers.js";
import { NEWCOMER_USER } from "../../server/seed/context.js";
import { expectNewCompanyChecklist, expectNewcomerResumesOnAccounts } from "./support/getting-started.js";

test("a new company sees the checklist on step 1, in the menu, with no full usage bar for an unlimited trial", async ({ page }) => {
  await signUpWithEmail(page);
  await expectNewCompanyChecklist(page);
});

test("the demo company has done every step: the checklist says so and stays in the menu", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Getting started", exact: true }).click();
  await expect(page.getByTestId("getting-started-checklist")).toContainText("All set");
  for (const step of ["source", "accounts", "destination", "data"]) await expect(page.getByTestId(`checklist-${step}`)).toHaveAttribute("data-state", "done");
});

test("the seeded newcomer finds the checklist on step 2 from the menu", async ({ page }) => {
  await signIn(page, NEWCOMER_USER);
  await expectNewcomerResumesOnAccounts(page);
});
