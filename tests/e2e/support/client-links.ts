// Issue 22's client connect link in the browser (with and without JavaScript): the demo user
// creates a link, a client without an account opens it, sees who asks, connects (the platform's
// consent page for Google Ads, the credential form for Shopify), and the demo user finds the link
// used, the new source, and the e-mail.
import { expect, type Page } from "@playwright/test";
import { DEMO_USER, outbox, signIn } from "./fixtures.js";

export async function createLinkInUi(page: Page, platform: string, clientName: string): Promise<string> {
  await signIn(page, undefined, "/data-connector/sources");
  await page.getByRole("link", { name: "Ask a client to connect" }).click();
  await expect(page.getByRole("heading", { name: "Client connect links" })).toBeVisible();
  await page.getByLabel("Platform").selectOption({ label: platform });
  await page.getByLabel("Client", { exact: true }).fill(clientName);
  await page.getByLabel("Message (optional)").fill("For the monthly report");
  await page.getByRole("button", { name: "Create the link" }).click();
  await expect(page.getByText(`Send this link to ${clientName}`)).toBeVisible();
  const url = await page.getByLabel("The link").inputValue();
  expect(url).toMatch(/\/connect\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId(/^link-/).filter({ hasText: clientName })).toContainText("Waiting for the client");
  return new URL(url).pathname;
}

/** The client: no session, the link's page, then the platform. */
export async function clientOpens(page: Page, linkPath: string, platform: string, clientName: string) {
  await page.context().clearCookies();
  await page.goto(linkPath);
  await expect(page.getByRole("heading", { name: `Connect your ${platform} account` })).toBeVisible();
  const asking = page.getByRole("region", { name: "Who is asking" });
  await expect(asking).toContainText(DEMO_USER.email);
  await expect(asking).toContainText("Demo Agency");
  await expect(asking).toContainText(clientName);
  await expect(asking).toContainText("For the monthly report");
  await expect(asking).toContainText("The link works once");
}

export async function clientConnectsGoogleAds(page: Page, linkPath: string) {
  await page.getByRole("button", { name: "Continue to Google Ads" }).click();
  await expect(page.getByRole("heading", { name: /Sign in with google-ads/ })).toBeVisible();
  await page.getByRole("button", { name: "Authorize app" }).click();
  await page.waitForURL(`**${linkPath}`);
  await expect(page.getByRole("heading", { name: "Your Google Ads account is connected" })).toBeVisible();
}

export async function clientConnectsShopify(page: Page, linkPath: string) {
  const { contract } = await import("../../../engine/connectors/shopify/contract.js");
  const credential = contract.credential as unknown as { key: string; options: { shop: string } };
  await page.getByLabel("Shop", { exact: true }).fill(credential.options.shop);
  await page.getByLabel("Admin API access token").fill("shpat_not_the_right_one");
  await page.getByRole("button", { name: "Connect Shopify" }).click();
  await expect(page.getByText("Shopify refused these credentials")).toBeVisible();
  await page.getByLabel("Shop", { exact: true }).fill(credential.options.shop);
  await page.getByLabel("Admin API access token").fill(credential.key);
  await page.getByRole("button", { name: "Connect Shopify" }).click();
  await page.waitForURL(`**${linkPath}`);
  await expect(page.getByRole("heading", { name: "Your Shopify account is connected" })).toBeVisible();
}

/** Back as the demo user: the link is used, the source exists, the mail arrived; the link opens nothing new. */
export async function creatorSeesTheSource(page: Page, linkPath: string, platform: string, clientName: string) {
  await page.reload();
  await expect(page.getByRole("heading", { name: `Your ${platform} account is connected` })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`(Continue to|Connect) ${platform}`) })).toHaveCount(0);
  await signIn(page, undefined, "/data-connector/client-links");
  const row = page.getByTestId(/^link-/).filter({ hasText: clientName });
  await expect(row).toContainText("Used");
  await row.getByRole("link", { name: `${platform} (${clientName})` }).click();
  await expect(page).toHaveURL(/\/data-connector\/sources\/\d+$/);
  expect(outbox().some((m) => m.to === DEMO_USER.email && m.subject === `${clientName} connected ${platform}`)).toBe(true);
}
