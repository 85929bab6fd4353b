import { DEMO_USER, expect, test } from "./support/fixtures.js";
import { describeOpenRedirectReplay } from "./support/open-redirect.js";

// The same flows with JavaScript disabled: plain form posts and redirects only.
test("login, redirectTo and logout work without JavaScript", async ({ page }) => {
  await page.goto("/data-connector/destinations");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdata-connector%2Fdestinations/);
  await page.getByLabel("Email").fill(DEMO_USER.email);
  await page.getByLabel("Password").fill(DEMO_USER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/data-connector/destinations");
  await expect(page.getByRole("heading", { name: "Destinations" })).toBeVisible();

  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/data-connector/sources");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("a wrong password shows the message without JavaScript", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_USER.email);
  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Unable to login");
});

test("invalid input gets field errors from the server without JavaScript", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
  await expect(page.getByText("Please enter your password")).toBeVisible();
});

test("the recovery dialog opens and submits without JavaScript", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill("someone@example.test");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog").getByRole("status")).toContainText("An email has been sent to someone@example.test.");
});

describeOpenRedirectReplay("open redirect replay without JavaScript (issue 15)");
