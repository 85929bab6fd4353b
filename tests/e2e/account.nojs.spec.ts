import { test, expect, signIn, DEMO_USER, DEMO_ADMIN } from "./support/fixtures.js";
import { deliverStripeEvent, linkFromMail, signUpWithEmail, stubStripeCheckout } from "./support/account-helpers.js";

// The same journeys with JavaScript disabled: plain form posts, redirects and confirmation pages.

test("sign up, rename the company, invite a colleague who activates, and delete them after the confirmation page", async ({ page, browser }) => {
  const founder = await signUpWithEmail(page);
  await page.getByRole("button", { name: "Skip" }).click();
  await page.waitForURL("**/data-connector**");
  await page.goto("/settings");
  await page.getByLabel("Company Name").fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter the company name")).toBeVisible();
  await page.getByLabel("Company Name").fill("No Script Inc");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your company information has been saved");

  await page.goto("/settings/users");
  await page.getByLabel("Email").fill("not an e-mail");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
  const invitee = `nojs.${Date.now()}@example.test`;
  await page.getByLabel("Email").fill(invitee);
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByTestId("toast")).toContainText(`An email has been sent to ${invitee}.`);

  const link = await linkFromMail(invitee, /http:\/\/[^\s]+\/company\/create-user\/[\w-]+/);
  const other = await browser.newContext({ javaScriptEnabled: false });
  const invited = await other.newPage();
  await invited.goto(link);
  await invited.getByLabel("Choose a password").fill("nojs password 1");
  await invited.getByRole("button", { name: "Activate" }).click();
  await invited.waitForURL("**/login");
  await invited.goto(link);
  await expect(invited.getByText("Unable to login")).toBeVisible();
  await other.close();

  await page.reload();
  await page.getByTestId(`user-row-${invitee}`).getByRole("link", { name: "Make primary" }).click();
  await expect(page.getByRole("dialog")).toContainText("Are you sure you want to make this user the primary user of the company ?");
  await page.getByRole("link", { name: "Cancel" }).click();
  await page.getByTestId(`user-row-${invitee}`).getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast")).toContainText("The user has been deleted");
  await expect(page.getByTestId(`user-row-${founder.email}`)).toContainText("Primary user");
});

test("connects Slack in the page and picks a channel", async ({ page }) => {
  await signUpWithEmail(page);
  await page.getByRole("button", { name: "Skip" }).click();
  await page.waitForURL("**/data-connector**");
  await page.goto("/settings/notifications");
  await page.getByRole("link", { name: "Connect slack" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL("**/settings/notifications");
  await expect(page.getByTestId("toast")).toContainText("Slack connected");
  await page.getByLabel("Select the channel you want to send notifications to:").selectOption({ label: "#general" });
  await page.getByTestId("slack-settings").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("slack-channel")).toHaveText("#general");
});

test("subscribes with plain links and a form, then sees the plan from the webhook", async ({ page }) => {
  await signUpWithEmail(page);
  await page.goto("/buy?interval=month&currency=usd");
  await page.getByTestId("plan-basic").click();
  await expect(page.getByTestId("total")).toContainText("$25.99");
  const visited = await stubStripeCheckout(page);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveTitle("Stripe Checkout");
  expect(visited).toHaveLength(1);
  await page.goto("/billing-space");
  const companyId = Number(await page.getByTestId("company-reference").textContent());
  await deliverStripeEvent(page.request, "checkout.session.completed", companyId, "nojs");
  await page.goto("/success");
  await expect(page.getByText("Your plan has been activated.")).toBeVisible();
  await page.goto("/billing-space");
  await expect(page.getByTestId("subscription")).toContainText("Basic");
});

test("an admin uses a user's account and comes back", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, "/admin/users");
  await page.getByLabel("Search by e-mail").fill(DEMO_USER.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Use as ${DEMO_USER.email}` }).click();
  await expect(page.getByText(`You are acting as ${DEMO_USER.email}`)).toBeVisible();
  await page.getByRole("button", { name: "Back to your account" }).click();
  await page.waitForURL("**/admin/users");
  await page.goto("/admin/companies?size=5");
  await expect(page.getByText(/Showing 1 to \d of \d+ results/)).toBeVisible();
});
