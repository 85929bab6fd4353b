// The alert onboarding wizard without JavaScript: every step a GET with its state in the URL,
// every decision a plain form post (the connection runs full-page through the credential form and
// comes back to the wizard), ending with the account's active alert on /app.
import { DEMO_USER, expect, outbox, signIn, test } from "./support/fixtures.js";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const TEMPLATE = "Cost per conversion above 40"; // the demo seed's template (server/seed/alerts.ts)

test("onboards a new demo account with plain form posts and shows it on /app", async ({ page }) => {
  test.setTimeout(180_000); // waits for the worker's first run and the account's figures
  const name = `NoJS onboarding ${unique()}`;
  await signIn(page, undefined, "/data-sources/add");
  await page.getByLabel("Platform").selectOption("demo");
  await page.getByRole("button", { name: "Choose" }).click();
  await page.getByLabel("Name").fill("");
  await page.getByRole("button", { name: "Connect your account" }).click();
  await expect(page.getByText("You need to set a name to the source.")).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Connect your account" }).click();
  await expect(page).toHaveURL(/\/demo\?state=.*from=alert-onboarding/);
  await page.getByLabel("Demo key").fill("demo");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL(/\/data-sources\/add\?source=\d+$/);
  await expect(page.getByTestId("toast")).toContainText("The source has been added");
  await expect(page.getByRole("heading", { name: `Choose an account of ${name}` })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.locator("#account-error")).toHaveText("Please select an account");

  await page.getByLabel("Search an account").fill("london");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=london/);
  const account = page.getByLabel("Account", { exact: true });
  await expect(account.locator("option")).toHaveText(["Chapter & Verse Books (London)"]);
  await account.selectOption("demo-london");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL(/step=alert&client=\d+/);
  const clientId = Number(new URL(page.url()).searchParams.get("client"));
  await page.getByPlaceholder("Search for a template").fill("conversion");
  await page.getByPlaceholder("Search for a template").press("Enter");
  await expect(page).toHaveURL(/q=conversion/);
  await page.getByRole("switch", { name: `Activate ${TEMPLATE}` }).click();
  await expect(page.getByRole("switch", { name: `Deactivate ${TEMPLATE}` })).toHaveAttribute("aria-checked", "true");

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByTestId("preview-row")).toContainText(TEMPLATE);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}$`));
  await expect(page.getByTestId("toast")).toContainText("Account protected.");
  // Its creator is assigned and notified (issue 18); the e-mail lists the campaigns in anomaly with
  // their values (London has a campaign above £40 per conversion on every day of the demo data).
  const subject = `Anomaly detected: ${TEMPLATE} on Chapter & Verse Books (London)`;
  await expect.poll(() => outbox().find((m) => m.to === DEMO_USER.email && m.subject === subject)?.text ?? "", { timeout: 60_000 }).toMatch(/\n- .+: CPA over the last 7 days £[\d,.]+ > £40/);
  await page.goto(`/clients/${clientId}/settings`);
  await expect(page.getByRole("checkbox", { name: new RegExp(DEMO_USER.email) })).toBeChecked();

  await page.goto("/app?tab=alerts");
  await expect(page.getByRole("row").filter({ hasText: "Chapter & Verse Books (London)" }).filter({ hasText: TEMPLATE })).toHaveCount(1);
  await page.goto("/app");
  await expect(page.locator(`a[href="/clients/${clientId}"]`)).toContainText("Chapter & Verse Books (London)");
});
