import { test, expect, signIn, DEMO_USER, DEMO_ADMIN } from "./support/fixtures.js";
import { deliverStripeEvent, linkFromMail, signUpWithEmail, stubStripeCheckout } from "./support/account-helpers.js";

test.describe("sign up", () => {
  test("a new person signs up with e-mail and password, lands on getting started in trial, and skips", async ({ page }) => {
    await signUpWithEmail(page, { companyName: "Brand New Co" });
    await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
    await expect(page.locator('[data-status="current"]')).toContainText("Source");
    await expect(page.getByTestId("usage-bar")).toContainText("0 / ∞");
    await page.getByRole("button", { name: "Skip" }).click();
    await page.waitForURL("**/data-connector**");
    await page.goto("/settings");
    await expect(page.getByLabel("Company Name")).toHaveValue("Brand New Co");
  });

  test("a first Google sign-in registers a company", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign up with Google" }).click();
    await page.getByRole("button", { name: "Continue as newcomer@example.test" }).click();
    await page.waitForURL("**/getting-started");
    await expect(page.getByTestId("user-menu")).toContainText("newcomer@example.test");
  });
});

test.describe("team", () => {
  test("the primary user invites a colleague who activates, then renames, and deletes them with a confirmation", async ({ page, browser }) => {
    const founder = await signUpWithEmail(page);
    await page.getByRole("button", { name: "Skip" }).click();
    await page.waitForURL("**/data-connector**");
    await page.goto("/settings");
    await page.getByLabel("Company Name").fill("Renamed Founders");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your company information has been saved");

    await page.goto("/settings/users");
    const invitee = `colleague.${Date.now()}@example.test`;
    await page.getByLabel("Email").fill(invitee);
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByTestId("toast")).toContainText(`An email has been sent to ${invitee}.`);
    await page.getByLabel("Email").fill(founder.email);
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByText(`The email ${founder.email} already exists on our database.`).first()).toBeVisible();

    const link = await linkFromMail(invitee, /http:\/\/[^\s]+\/company\/create-user\/[\w-]+/);
    const other = await browser.newContext();
    const invitedPage = await other.newPage();
    await invitedPage.goto(link);
    await expect(invitedPage.getByRole("heading", { name: "Activate your account" })).toBeVisible();
    await expect(invitedPage.getByLabel("Email")).toHaveValue(invitee);
    await invitedPage.getByLabel("Choose a password").fill("colleague password");
    await invitedPage.getByRole("button", { name: "Activate" }).click();
    await invitedPage.waitForURL("**/login");
    await signIn(invitedPage, { email: invitee, password: "colleague password" }, "/settings/users");
    // The company has no source yet: the new user meets the wizard first (spec 3 §2.1).
    await invitedPage.waitForURL("**/getting-started");
    await invitedPage.getByRole("button", { name: "Skip" }).click();
    await invitedPage.waitForURL("**/data-connector**");
    await invitedPage.goto("/settings/users");
    await expect(invitedPage.getByTestId(`user-row-${founder.email}`)).toContainText("Primary user");
    await other.close();

    await page.reload();
    const row = page.getByTestId(`user-row-${invitee}`);
    await row.getByRole("link", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toContainText("Are you sure you want to delete this user ?");
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toContainText("The user has been deleted");
    await expect(page.getByTestId(`user-row-${invitee}`)).toHaveCount(0);
    await expect(page.getByTestId(`user-row-${founder.email}`).getByRole("link")).toHaveCount(0);
  });
});

test.describe("Slack", () => {
  test("connects Slack in a popup, picks a channel and sends a test message", async ({ page }) => {
    await signUpWithEmail(page);
    await page.getByRole("button", { name: "Skip" }).click();
    await page.waitForURL("**/data-connector**");
    await page.goto("/settings/notifications");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Connect slack" }).click();
    const popup = await popupPromise;
    await popup.getByRole("button", { name: "Allow" }).click();
    await popup.waitForEvent("close");
    const select = page.getByLabel("Select the channel you want to send notifications to:");
    await expect(select).toBeVisible();
    await select.selectOption({ label: "#marketing-alerts" });
    await page.getByTestId("slack-settings").getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("slack-channel")).toHaveText("#marketing-alerts");
    await page.getByRole("button", { name: "Send a test message" }).click();
    await expect(page.getByTestId("toast")).toContainText("A test message has been sent to Slack");
    await page.getByRole("link", { name: "Disconnect" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByRole("link", { name: "Connect slack" })).toBeVisible();
  });
});

test.describe("pricing and billing", () => {
  test("subscribes through Stripe Checkout (stripe-mock) and follows the subscription through webhooks", async ({ page }) => {
    await signUpWithEmail(page);
    await page.goto("/buy");
    await expect(page.getByRole("heading", { name: "Simple pricing, no commitment." })).toBeVisible();
    // Each link is built from the page's current choices: wait for one to land before the next,
    // or a click during the previous navigation follows a link that predates it (seen under load).
    await page.getByRole("link", { name: "Yearly billing" }).click();
    await expect(page.getByRole("link", { name: "Yearly billing" })).toHaveAttribute("aria-current", "true");
    await page.getByRole("link", { name: "EUR", exact: true }).click();
    await expect(page.getByRole("link", { name: "EUR", exact: true })).toHaveAttribute("aria-current", "true");
    await page.getByTestId("plan-medium").click();
    await expect(page.getByTestId("plan-medium")).toContainText("Selected");
    await expect(page.getByTestId("total")).toContainText("499,90");
    const visited = await stubStripeCheckout(page);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveTitle("Stripe Checkout");
    expect(visited[0]).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    await page.goto("/billing-space");
    const companyId = Number(await page.getByTestId("company-reference").textContent());
    await deliverStripeEvent(page.request, "checkout.session.completed", companyId, "1");
    await deliverStripeEvent(page.request, "customer.subscription.updated", companyId, "1");
    await page.reload();
    await expect(page.getByTestId("subscription")).toContainText("Small");
    await expect(page.getByTestId("subscribed-indicator")).toBeVisible();
    await expect(page.getByTestId("usage-bar")).toContainText("0 / 5");

    await deliverStripeEvent(page.request, "invoice.payment_failed", companyId, "1");
    await page.reload();
    await expect(page.getByTestId("banner-payment")).toContainText("Update payment method");
    const replay = await deliverStripeEvent(page.request, "invoice.payment_failed", companyId, "1");
    expect(replay.status).toBe("duplicate");
  });
});

test.describe("admin", () => {
  test("an admin edits Data Studio fields and translations, then uses a user's account and comes back", async ({ page }) => {
    await signIn(page, DEMO_ADMIN, "/admin/google_data_studio");
    await page.getByRole("link", { name: "Add a field" }).click();
    await page.getByLabel("Load the engine fields of").selectOption("demo");
    await page.getByRole("button", { name: "Load" }).click();
    await page.getByLabel("Pre-fill from").selectOption({ index: 2 });
    await page.getByRole("button", { name: "Load" }).click();
    await expect(page.getByLabel("Default name")).not.toHaveValue("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("The field has been created");
    await page.getByLabel("Name", { exact: true }).first().fill("Renamed by admin");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByTestId("toast")).toContainText("The field has been updated");
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("Please input a name for the field")).toBeVisible();
    const addForm = page.locator("form", { has: page.getByRole("button", { name: "Add" }) });
    await addForm.getByLabel("Name").fill("Nom traduit");
    await addForm.getByLabel("Description").fill("Description traduite");
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByTestId("toast")).toContainText("The field translation has been created");
    await expect(page.getByTestId("translation-fr")).toBeVisible();
    await page.getByRole("link", { name: "Back to Field List" }).click();
    await expect(page.getByRole("link", { name: "Renamed by admin" }).or(page.getByText("Renamed by admin"))).toBeVisible();

    await page.goto("/admin/users");
    await page.getByLabel("Search by e-mail").fill(DEMO_USER.email);
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByRole("button", { name: `Use as ${DEMO_USER.email}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "You are acting as" })).toContainText(DEMO_USER.email);
    await page.getByRole("button", { name: "Back to your account" }).click();
    await page.waitForURL("**/admin/users");
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  });

  test("a non-admin is sent away from the admin area", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await page.goto("/admin/companies");
    await expect(page).not.toHaveURL(/\/admin/);
  });
});
