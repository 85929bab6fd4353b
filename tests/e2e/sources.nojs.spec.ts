// Sources with JavaScript disabled: every step is a plain GET or POST and a redirect; the
// authorization runs full-page instead of in a popup.
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures.js";
import { DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";
import { hasConnector } from "../../engine/connectors/registry.js";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function startConnect(page: Page, search: string, platformId: string, name: string) {
  await page.goto("/data-connector/sources/new");
  await page.getByLabel("Search a platform").fill(search);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  await page.getByTestId(`platform-${platformId}`).click();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Connect your account" }).click();
}

test("demo without JavaScript: full-page connect, accounts, block, status", async ({ page }) => {
  const name = `NoJS demo ${unique()}`;
  await signIn(page, undefined, "/data-connector/sources/new");
  await startConnect(page, "demo", "demo", name);
  await expect(page).toHaveURL(/\/demo\?state=/);
  await expect(page.getByTestId("credential-banner")).toHaveText("Signalpost x Demo Ads");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await page.getByLabel("Demo key").fill("nope");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toContainText("Check what you entered");
  await page.getByLabel("Demo key").fill("demo");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL(/\/data-connector\/sources\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("The source has been added");
  await expect(page.getByTestId("accounts-found")).toHaveText(`We have found ${DEMO_ACCOUNTS.length} accounts.`);

  const [first] = DEMO_ACCOUNTS;
  const row = page.locator(`[data-testid="account"][data-account-id="${first.id}"]`);
  await row.getByRole("switch").click();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "true");
  await row.getByRole("button", { name: "Block" }).click();
  await expect(row).toContainText("This account is blocked. You need to unblock it to fetch data.");
  await row.getByRole("button", { name: "Unblock" }).click();
  await expect(row).not.toContainText("This account is blocked");

  // Search is a GET form without scripts.
  await page.getByLabel("Search an account").fill(first.name.slice(0, 6));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("account")).toHaveCount(1);

  await page.goto("/data-connector/sources");
  const listRow = page.getByTestId("source-row").filter({ hasText: name });
  await expect(listRow.getByTestId("source-status")).toHaveText("Success sync");
  await expect(listRow.getByTestId("accounts-connected")).toHaveText("1");

  // Delete through the confirmation page.
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("dialog")).toContainText("Confirm the deletion of the source");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast")).toContainText("The source has been deleted");
  await expect(page.getByTestId("source-row").filter({ hasText: name })).toHaveCount(0);
});

test("an empty name is refused by the server without JavaScript", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/sources/new?platform=demo");
  await page.getByLabel("Name").fill("");
  await page.getByRole("button", { name: "Connect your account" }).click();
  await expect(page.getByText("You need to set a name to the source.")).toBeVisible();
});

test("the OAuth return without any auth parameter says so", async ({ page }) => {
  await signIn(page, undefined, "/oauth2/authorize/google-ads/response?error=access_denied&error_description=No+thanks");
  await expect(page.getByRole("alert")).toContainText("We do not find any way to auth");
  await expect(page.getByRole("alert")).toContainText("access_denied");
  await expect(page.getByRole("alert")).toContainText("No thanks");
});

test("a missing source shows Not available", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/sources/987654");
  await expect(page.getByRole("heading", { name: "Not available" })).toBeVisible();
});

test("OAuth 2.0 (Google Ads fake) full-page without JavaScript", async ({ page }) => {
  test.skip(!hasConnector("google-ads"), "the Google Ads connector is not in the registry");
  const name = `NoJS Google ${unique()}`;
  await signIn(page, undefined, "/data-connector/sources/new");
  await startConnect(page, "google ads", "google-ads", name);
  await expect(page.getByRole("button", { name: "Authorize app" })).toBeVisible();
  await page.getByRole("button", { name: "Authorize app" }).click();
  await expect(page).toHaveURL(/\/data-connector\/sources\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("accounts-found")).toHaveText(/We have found [1-9]\d* accounts\./);
});

test("OAuth 1.0a (X Ads fake) full-page without JavaScript", async ({ page }) => {
  test.skip(!hasConnector("twitter-ads"), "the X Ads connector is not in the registry yet");
  const name = `NoJS X ${unique()}`;
  await signIn(page, undefined, "/data-connector/sources/new");
  await startConnect(page, "x ads", "twitter-ads", name);
  await page.getByRole("button", { name: "Authorize app" }).click();
  await expect(page).toHaveURL(/\/data-connector\/sources\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
});

test("api-key (Shopify fake) full-page without JavaScript", async ({ page }) => {
  test.skip(!hasConnector("shopify"), "the Shopify connector is not in the registry");
  const { contract } = await import("../../engine/connectors/shopify/contract.js");
  const credential = contract.credential as unknown as { key: string; options: { shop: string } };
  const name = `NoJS Shopify ${unique()}`;
  await signIn(page, undefined, "/data-connector/sources/new");
  await startConnect(page, "shopify", "shopify", name);
  await page.getByLabel("Shop", { exact: true }).fill(credential.options.shop);
  await page.getByLabel("Admin API access token").fill(credential.key);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/data-connector\/sources\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
});
