// The same add-in link and Connected apps journey without JavaScript: the confirmation is a plain
// form post, the disconnect confirmation a page state (?confirm=...).
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures.js";
import { signUpWithEmail, skipGettingStarted } from "./support/account-helpers.js";
import { E2E_LOOKER } from "./support/state.js";

test("links an add-in with the confirmation form, then disconnects it from Connected apps", async ({ page, request }) => {
  const founder = await signUpWithEmail(page);
  await skipGettingStarted(page);
  const uuid = randomUUID();
  const claim = () => request.post(`/addons/link/${uuid}`, { data: { client_id: E2E_LOOKER.clientId } });

  // Opening the page links nothing.
  await page.goto(`/link-to/google-sheets?uuid=${uuid}`);
  await expect(page.getByRole("heading", { name: "Link Google Sheets to your account?" })).toBeVisible();
  expect((await claim()).status()).toBe(404);
  await page.getByRole("button", { name: "Link Google Sheets" }).click();
  await expect(page.getByRole("status")).toContainText("You have successfully linked the product to Google Sheets.");
  const tokens = await (await claim()).json();
  const me = () => request.get("/addons/me", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect((await me()).status()).toBe(200);

  await page.goto("/settings");
  await page.getByRole("link", { name: "Connected apps" }).click();
  const row = page.getByRole("row", { name: /Google Sheets/ });
  await expect(row).toContainText(founder.email);
  // The add-in just used it.
  await expect(row).not.toContainText("Not used yet");
  await row.getByRole("link", { name: "Disconnect" }).click();
  await expect(page).toHaveURL(/confirm=revoke/);
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByTestId("toast")).toContainText("The app has been disconnected");
  await expect(page.getByText("No app is connected")).toBeVisible();
  expect((await me()).status()).toBe(401);
});
