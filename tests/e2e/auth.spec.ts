import { DEMO_ADMIN, DEMO_USER, expect, outbox, signIn, test } from "./support/fixtures.js";
import { describeOpenRedirectReplay } from "./support/open-redirect.js";

test.describe("sign-in", () => {
  test("demo user signs in and lands on the dashboard", async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "Your clients" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add a client" })).toBeVisible();
    await expect(page.getByTestId("usage-bar")).toBeVisible();
    await expect(page.getByRole("link", { name: "Subscribe now" })).toBeVisible();
  });

  test("a wrong password shows the login error and no session", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO_USER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Unable to login");
    await page.goto("/data-connector/sources");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("redirectTo survives the round trip through /login", async ({ page }) => {
    await page.goto("/data-connector/sources?from=bookmark");
    await expect(page).toHaveURL("/login?redirectTo=%2Fdata-connector%2Fsources%3Ffrom%3Dbookmark");
    await page.getByLabel("Email").fill(DEMO_USER.email);
    await page.getByLabel("Password").fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/data-connector/sources?from=bookmark");
    await expect(page.getByRole("heading", { name: "Sources" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Demo Ads", exact: true })).toBeVisible();
  });

  test("logout from the user menu ends the session", async ({ page }) => {
    await signIn(page);
    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/data-connector/usage");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdata-connector%2Fusage/);
  });

  test("every sidebar link renders a page", async ({ page }) => {
    await signIn(page);
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.getByText("An error occurred. Do not worry")).toHaveCount(0);
    }
  });
});

describeOpenRedirectReplay("open redirect replay (issue 15)");

test.describe("Google sign-in (against the local Google fake)", () => {
  test("an existing user signs in with Google and lands on redirectTo", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fdata-connector%2Fapi");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveTitle(/Google Accounts/);
    await page.getByRole("button", { name: `Continue as ${DEMO_USER.email}` }).click();
    await expect(page).toHaveURL("/data-connector/api");
    await expect(page.getByTestId("user-menu")).toContainText(DEMO_USER.email);
  });

  test("a Google account with an unverified e-mail gets a clear message and no session", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("button", { name: "Continue as unverified@example.test" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId("toast")).toContainText("Google did not confirm the e-mail address of unverified@example.test");
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });

  test("cancelling on Google's page signs nobody in", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("toast")).toContainText("Unable to login");
  });
});

test.describe("admin guard", () => {
  test("a user without ROLE_ADMIN is sent to /", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/companies");
    await expect(page).toHaveURL("/");
  });

  test("an admin sees the admin area", async ({ page }) => {
    await signIn(page, DEMO_ADMIN, "/admin");
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Companies" })).toBeVisible();
  });
});

test.describe("password recovery", () => {
  async function resetPassword(page: import("@playwright/test").Page, email: string, newPassword: string) {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog");
    const next = dialog.getByRole("button", { name: "Next" });
    await expect(next).toBeDisabled();
    await dialog.getByLabel("Email").fill(email);
    await expect(next).toBeEnabled();
    const before = outbox().length;
    await next.click();
    await expect(dialog.getByRole("status")).toContainText(`An email has been sent to ${email}.`);
    await expect.poll(() => outbox().length).toBeGreaterThan(before);
    const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(outbox().find((m) => m.to === email)!.text)![0];
    await page.goto(new URL(link).pathname);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm the new password").fill(newPassword);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByTestId("toast")).toContainText("Your password has been changed");
    return link;
  }

  test("the e-mailed link sets a new password once", async ({ page }) => {
    const link = await resetPassword(page, DEMO_ADMIN.email, "a brand new password");
    await signIn(page, { email: DEMO_ADMIN.email, password: "a brand new password" });
    await expect(page).toHaveURL("/");
    // The link is single-use.
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole("alert")).toContainText("invalid, has expired or was already used");
    // Put the seeded password back for the other specs.
    await page.context().clearCookies();
    await resetPassword(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  });
});
