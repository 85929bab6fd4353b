// Add-in links and Connected apps with JavaScript (issue 15 item 2): the link-to theft replayed
// in the browser (an attacker's page sends a signed-in user to /link-to with the attacker's uuid:
// the page's scripts run and link nothing), then the real confirmation, the add-in's claim, the
// grant listed in Settings -> Connected apps and disconnected there after a confirmation.
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.js";
import { signUpWithEmail, skipGettingStarted } from "./support/account-helpers.js";
import { E2E_LOOKER } from "./support/state.js";

/** The add-in polling for its tokens (it authenticates by client_id and the one-time uuid). */
const claim = (request: APIRequestContext, uuid: string) => request.post(`/addons/link/${uuid}`, { data: { client_id: E2E_LOOKER.clientId } });

async function startFresh(page: Page) {
  await signUpWithEmail(page);
  await skipGettingStarted(page);
}

test("an attacker's page that navigates a signed-in user to /link-to links nothing", async ({ page, request, baseURL }) => {
  await startFresh(page);
  const uuid = randomUUID();
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  // The attacker's page, on another origin, sends the victim there.
  await page.goto(`data:text/html,<script>location.href=${JSON.stringify(`${baseURL}/link-to/excel?uuid=${uuid}`)}</script>`);
  await page.waitForURL(`**/link-to/excel?uuid=${uuid}`);
  await expect(page.getByRole("heading", { name: "Link Microsoft Excel to your account?" })).toBeVisible();
  // Proof that the page's scripts ran (and with them any effect that could submit on load): Cancel
  // navigates on the client, so a value set on window survives it. React runs pending effects
  // before it handles the click.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.getByRole("link", { name: "Cancel" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/link-to"));
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(posts.filter((u) => u.includes("/link-to/"))).toEqual([]);
  expect((await claim(request, uuid)).status()).toBe(404);
});

test("confirming links the add-in; Connected apps lists it and disconnects it after a confirmation", async ({ page, request }) => {
  const founder = await signUpWithEmail(page);
  await skipGettingStarted(page);
  const uuid = randomUUID();
  await page.goto(`/link-to/excel?uuid=${uuid}`);
  await expect(page.getByTestId("link-code")).toHaveText(`${uuid.slice(0, 4)}-${uuid.slice(4, 8)}`.toUpperCase());
  await expect(page.getByText("will be able to list the sources and accounts of")).toBeVisible();
  expect((await claim(request, uuid)).status()).toBe(404);
  await page.getByRole("button", { name: "Link Microsoft Excel" }).click();
  await expect(page.getByRole("status")).toContainText("You have successfully linked the product to Microsoft Excel.");

  // Before the add-in claims it, the link waits in Connected apps.
  await page.getByRole("link", { name: "Settings → Connected apps" }).click();
  await expect(page.getByTestId(`pending-link-${uuid.slice(0, 4).toUpperCase()}-${uuid.slice(4, 8).toUpperCase()}`)).toBeVisible();

  const tokens = await (await claim(request, uuid)).json();
  const me = () => request.get("/addons/me", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect((await me()).status()).toBe(200);

  await page.reload();
  const row = page.getByRole("row", { name: /Microsoft Excel/ });
  await expect(row).toContainText("Linked from the add-in");
  await expect(row).toContainText(founder.email);
  await expect(page.getByText("Links waiting for the add-in")).toHaveCount(0);
  await row.getByRole("link", { name: "Disconnect" }).click();
  await expect(page.getByRole("dialog")).toContainText("stops reading your data at once");
  await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect((await me()).status()).toBe(200);
  await row.getByRole("link", { name: "Disconnect" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByTestId("toast")).toContainText("The app has been disconnected");
  await expect(page.getByText("No app is connected")).toBeVisible();
  expect((await me()).status()).toBe(401);
});
