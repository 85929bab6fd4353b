import { expect, type Page } from "@playwright/test";
import { E2E_LOOKER } from "./state.js";

/** The Looker Studio connector's authorization URL for the stack's registered client. */
export function lookerConnectorUrl(state: string): string {
  const query = new URLSearchParams({
    client_id: E2E_LOOKER.clientId,
    redirect_uri: `https://script.google.com/macros/d/${E2E_LOOKER.scriptId}/usercallback`,
    state,
    response_type: "code",
  });
  return `/oauth2-authorize/${E2E_LOOKER.platform}?${query}`;
}

/**
 * Register mode end to end (spec 3 §2.5): a visitor without an account arrives from Looker Studio,
 * connects Google Ads at its (fake) consent page, signs up with Google, and comes back to the
 * Looker Studio handoff with the source saved in the new company. Works with and without JS.
 */
export async function registerThroughConnector(page: Page, googleEmail: string) {
  await page.goto(lookerConnectorUrl("looker-state-1"));
  await expect(page.getByRole("heading", { name: "Connect Google Ads to Looker Studio" })).toBeVisible();
  await page.getByRole("button", { name: "Connect Google Ads" }).click();
  await expect(page.getByRole("heading", { name: /Sign in with google-ads/ })).toBeVisible();
  await page.getByRole("button", { name: "Authorize app" }).click();
  await page.waitForURL("**/signup");
  await expect(page.getByText("Your Google Ads account is connected.")).toBeVisible();
  await page.getByRole("button", { name: "Sign up with Google" }).click();
  await page.getByRole("button", { name: `Continue as ${googleEmail}` }).click();
  // The claim sends the browser back to the connector page, which now skips to the handoff.
  await page.waitForURL("**/oauth2-authorize/google-ads/handoff?**");
  await expect(page.getByRole("heading", { name: "Looker Studio wants to access your data" })).toBeVisible();
  // Allow hands a code to the Apps Script callback (no network here: the browser stops at a stub).
  await page.route("https://script.google.com/**", (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "script callback" }));
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/^https:\/\/script\.google\.com\/macros\/d\/e2e-script\/usercallback\?/);
  const callback = new URL(page.url());
  expect(callback.searchParams.get("code")).toBeTruthy();
  expect(callback.searchParams.get("state")).toBe("looker-state-1");
  await page.goto("/data-connector/sources");
  await expect(page.getByTestId("source-row")).toHaveCount(1);
  await expect(page.getByTestId("source-row")).toContainText("Google Ads");
}
