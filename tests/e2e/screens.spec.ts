// Issue 19: every screen at 1440 and 390 px (screenshots in test-results/screens/), never wider
// than the phone, axe-core clean; then the shell's drawer, tables as cards and the job page's
// actions on a phone.
import { DEMO_USER, expect, signIn, test } from "./support/fixtures.js";
import { DESKTOP, describeScreenSweep, expectNoSeriousAxeViolations, PHONE } from "./support/screen-sweep.js";
import { expectDrawerNavigation, expectJobActionsOnPhone, menuButton } from "./support/shell.js";

describeScreenSweep({ js: true });

test.describe("the shell on a phone", () => {
  test.use({ viewport: { width: PHONE, height: 800 } });

  test("the navigation is a drawer: opened by Menu, closed on navigation, Escape and outside clicks; axe-clean when open", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await expectDrawerNavigation(page);
    await menuButton(page).click();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await menuButton(page).click();
    await page.mouse.click(PHONE - 10, 400);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("tables become cards: each value with its column's label", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await page.goto("/data-connector/usage#job");
    const cell = page.getByTestId("usage-job-row").first().locator("td").first();
    await expect(cell).toHaveAttribute("data-label", "Name");
    expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe("block");
    expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Name"');
    await page.setViewportSize({ width: DESKTOP, height: 800 });
    expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe("table-cell");
  });

  test("the job page's tabs, Run Now, Edit and Delete are on screen and work", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await expectJobActionsOnPhone(page);
  });
});

test("at 1440 px the navigation is a sidebar, always shown, and there is no Menu button", async ({ page }) => {
  await page.setViewportSize({ width: DESKTOP, height: 900 });
  await signIn(page, DEMO_USER, "/data-connector/usage");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
});
