// Sources with JavaScript: the platform picker, the connect step in a 972×660 popup watched by
// the page, account selection with optimistic toggles, and the status polling.
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures.js";
import { DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";
import { hasConnector } from "../../engine/connectors/registry.js";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function pickPlatform(page: Page, search: string, platformId: string) {
  await page.goto("/data-connector/sources/new");
  await page.getByLabel("Search a platform").fill(search);
  await page.getByTestId(`platform-${platformId}`).click();
  await expect(page).toHaveURL(new RegExp(`platform=${platformId}`));
}

/** Clicks Connect, answers the popup with `inPopup`, and waits for the page to land on the source. */
async function connectInPopup(page: Page, inPopup: (popup: Page) => Promise<void>) {
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Connect your account" }).click();
  const popup = await popupPromise;
  await inPopup(popup);
  await page.waitForURL(/\/data-connector\/sources\/\d+$/);
  await expect(popup.isClosed() ? Promise.resolve(true) : popup.waitForEvent("close").then(() => true)).resolves.toBe(true);
}

/** A demo source connected through the popup, for tests about what comes after. */
async function connectDemoSource(page: Page, name: string) {
  await signIn(page, undefined, "/data-connector/sources/new");
  await pickPlatform(page, "demo", "demo");
  await page.getByLabel("Name").fill(name);
  await connectInPopup(page, async (popup) => {
    await popup.getByLabel("Demo key").fill("demo");
    await popup.getByRole("button", { name: "Next" }).click();
  });
}

test.describe("sources (JavaScript)", () => {
  test("picker: search, category tabs, flags, and no platform left coming soon", async ({ page }) => {
    await signIn(page, undefined, "/data-connector/sources/new");
    await expect(page.getByRole("heading", { name: "New source" })).toBeVisible();
    for (const tab of ["All", "Ads", "Product Feed", "Social", "Application Store", "CRM", "Emailing", "Analytics", "E-commerce", "Finance", "Review"]) {
      await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: tab, exact: true })).toBeVisible();
    }
    await page.getByRole("link", { name: "Review", exact: true }).click();
    await expect(page.getByTestId("platform-trustpilot-review")).toBeVisible();
    await expect(page.getByTestId("platform-demo")).toHaveCount(0);
    await page.getByRole("link", { name: "All", exact: true }).click();
    // Every catalogue platform has a connector now (docs/connector-coverage.md): none is coming soon.
    await page.getByLabel("Search a platform").fill("adswizz");
    await expect(page.getByTestId("platform-ads-wizz")).toBeVisible();
    await expect(page.getByTestId("platform-ads-wizz")).not.toContainText("Coming soon");
    await expect(page.getByTestId("platform-google-ads")).toHaveCount(0);
    await page.getByLabel("Search a platform").fill("");
    await expect(page.getByText("Coming soon")).toHaveCount(0);
    await page.getByLabel("Search a platform").fill("google ads");
    await expect(page.getByTestId("platform-google-ads")).toContainText("Popular");
  });

  test("demo: connect in a popup, pick accounts, block one, see the status", async ({ page }) => {
    const name = `E2E demo ${unique()}`;
    await signIn(page, undefined, "/data-connector/sources/new");
    await pickPlatform(page, "demo", "demo");
    await expect(page.getByLabel("Name")).toHaveValue("Demo Ads");
    await page.getByLabel("Name").fill("");
    await expect(page.getByRole("button", { name: "Connect your account" })).toBeDisabled();
    await expect(page.getByText("You need to set a name to the source.")).toBeVisible();
    await page.getByLabel("Name").fill(name);

    await connectInPopup(page, async (popup) => {
      await expect(popup.getByTestId("credential-banner")).toHaveText("Signalpost x Demo Ads");
      await popup.getByLabel("Demo key").fill("wrong");
      await popup.getByRole("button", { name: "Next" }).click();
      await expect(popup.getByRole("alert")).toContainText("Check what you entered");
      await popup.getByLabel("Demo key").fill("demo");
      await popup.getByRole("button", { name: "Next" }).click();
    });

    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("The source has been added");
    await expect(page.getByTestId("accounts-found")).toHaveText(`We have found ${DEMO_ACCOUNTS.length} accounts.`);

    const [first, second] = DEMO_ACCOUNTS;
    const row = (id: string) => page.locator(`[data-testid="account"][data-account-id="${id}"]`);
    await row(first.id).getByRole("switch").click();
    await expect(row(first.id).getByRole("switch")).toHaveAttribute("aria-checked", "true");
    await row(second.id).getByRole("switch").click();
    await expect(row(second.id).getByRole("switch")).toHaveAttribute("aria-checked", "true");
    await row(second.id).getByRole("button", { name: "Block" }).click();
    await expect(row(second.id)).toContainText("This account is blocked. You need to unblock it to fetch data.");
    await row(second.id).getByRole("button", { name: "Unblock" }).click();
    await expect(row(second.id)).not.toContainText("This account is blocked");
    await row(second.id).getByRole("button", { name: "Block" }).click();
    await expect(row(second.id)).toContainText("This account is blocked.");

    // Search filters as you type.
    await page.getByLabel("Search an account").fill(first.name.slice(0, 6));
    await expect(page.getByTestId("account")).toHaveCount(1);

    await page.reload();
    await expect(row(first.id).getByRole("switch")).toHaveAttribute("aria-checked", "true");
    await expect(row(second.id)).toContainText("This account is blocked.");

    await page.getByRole("link", { name: "Back to sources" }).click();
    const listRow = page.getByTestId("source-row").filter({ hasText: name });
    await expect(listRow.getByTestId("accounts-connected")).toHaveText("2");
    await expect(listRow.getByTestId("source-status")).toHaveText("Success sync");
    await expect(listRow).toContainText(`${DEMO_ACCOUNTS.length} accounts available`);
  });

  test("rename and refresh the authorization from the source page", async ({ page }) => {
    const name = `E2E refresh ${unique()}`;
    await connectDemoSource(page, name);
    const url = page.url();
    await expect(page.getByRole("button", { name: "Connected" })).toBeDisabled();
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Refresh your authorization" }).click();
    const popup = await popupPromise;
    await popup.getByLabel("Demo key").fill("demo-rotated");
    await popup.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(url);
    await expect(page.getByTestId("toast")).toContainText("The integration has been updated");

    await page.getByLabel("Name").fill(`${name} renamed`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: `${name} renamed` })).toBeVisible();
  });

  test("a popup closed before the end is a failure, and nothing is saved", async ({ page }) => {
    const name = `E2E closed ${unique()}`;
    await signIn(page, undefined, "/data-connector/sources/new");
    await pickPlatform(page, "demo", "demo");
    await page.getByLabel("Name").fill(name);
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Connect your account" }).click();
    const popup = await popupPromise;
    await expect(popup.getByLabel("Demo key")).toBeVisible();
    await popup.close();
    await expect(page.getByRole("alert")).toContainText("Unable to add a new integration");
    await expect(page.getByRole("alert")).toContainText("The authorization window was closed before the connection finished.");
    await page.goto("/data-connector/sources");
    await expect(page.getByTestId("source-row").filter({ hasText: name })).toHaveCount(0);
  });

  test("delete asks for confirmation", async ({ page }) => {
    const name = `E2E delete ${unique()}`;
    await connectDemoSource(page, name);
    await page.goto("/data-connector/sources");
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Confirm the deletion of the source");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByTestId("source-row").filter({ hasText: name })).toHaveCount(1);
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toContainText("The source has been deleted");
    await expect(page.getByTestId("source-row").filter({ hasText: name })).toHaveCount(0);
  });

  test("OAuth 2.0 (Google Ads fake): consent in the popup, code exchanged server-side", async ({ page }) => {
    test.skip(!hasConnector("google-ads"), "the Google Ads connector is not in the registry");
    const name = `E2E Google ${unique()}`;
    await signIn(page, undefined, "/data-connector/sources/new");
    await pickPlatform(page, "google ads", "google-ads");
    await page.getByLabel("Name").fill(name);
    await connectInPopup(page, async (popup) => {
      await expect(popup.getByRole("heading", { name: /Sign in with google-ads/ })).toBeVisible();
      expect(new URL(popup.url()).searchParams.get("redirect_uri")).toMatch(/\/oauth2\/authorize\/google-ads\/response$/);
      await popup.getByRole("button", { name: "Authorize app" }).click();
    });
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByTestId("accounts-found")).toHaveText(/We have found [1-9]\d* accounts\./);
  });

  test("OAuth 2.0 refused at the consent page shows the provider's error", async ({ page }) => {
    test.skip(!hasConnector("google-ads"), "the Google Ads connector is not in the registry");
    await signIn(page, undefined, "/data-connector/sources/new");
    await pickPlatform(page, "google ads", "google-ads");
    await page.getByLabel("Name").fill(`E2E denied ${unique()}`);
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Connect your account" }).click();
    const popup = await popupPromise;
    await popup.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alert")).toContainText("Unable to add a new integration");
    await expect(page.getByRole("alert")).toContainText("access_denied The user denied access to the app.");
  });

  test("OAuth 1.0a (X Ads fake): request token, consent, verifier", async ({ page }) => {
    test.skip(!hasConnector("twitter-ads"), "the X Ads connector is not in the registry yet");
    const name = `E2E X ${unique()}`;
    await signIn(page, undefined, "/data-connector/sources/new");
    await pickPlatform(page, "x ads", "twitter-ads");
    await page.getByLabel("Name").fill(name);
    await connectInPopup(page, async (popup) => {
      await expect(popup).toHaveURL(/oauth_token=request-/);
      await popup.getByRole("button", { name: "Authorize app" }).click();
    });
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByTestId("accounts-found")).toHaveText(/We have found [1-9]\d* accounts\./);
  });

  test("api-key (Shopify fake): the token is checked before saving", async ({ page }) => {
    test.skip(!hasConnector("shopify"), "the Shopify connector is not in the registry");
    const { contract } = await import("../../engine/connectors/shopify/contract.js");
    const credential = contract.credential as unknown as { key: string; options: { shop: string } };
    const name = `E2E Shopify ${unique()}`;
    await signIn(page, undefined, "/data-connector/sources/new");
    await pickPlatform(page, "shopify", "shopify");
    await page.getByLabel("Name").fill(name);
    await connectInPopup(page, async (popup) => {
      await popup.getByLabel("Shop", { exact: true }).fill(credential.options.shop);
      await popup.getByLabel("Admin API access token").fill("shpat_wrong_token");
      await popup.getByRole("button", { name: "Next" }).click();
      await expect(popup.getByRole("alert")).toContainText("Shopify refused these credentials");
      await popup.getByLabel("Admin API access token").fill(credential.key);
      await popup.getByRole("button", { name: "Next" }).click();
    });
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByTestId("accounts-found")).toHaveText(/We have found [1-9]\d* accounts\./);
  });
});
