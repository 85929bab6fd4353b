// Issue 7's "Done when" paths in the browser on the whole product (PostgreSQL, Temporal dev
// server, worker): an evaluation's anomaly reaches the assignee's inbox (the local outbox) and
// the company's Slack channel (the Slack fake of the stack), and the URL checker crawls the demo
// ads' landing pages on a local test server and finds the broken one; the security and
// conversion-tag checks show what the scheduled workflow stored.
import type { Page } from "@playwright/test";
import { DEMO_USER, expect, outbox, signIn, test } from "./support/fixtures.js";
import { readE2EState } from "./support/state.js";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function firstClientId(page: Page): Promise<number> {
  await page.goto("/app");
  const href = await page.getByTestId("client-card").first().getAttribute("href");
  return Number(href!.split("/").pop());
}

async function slackMessages(): Promise<{ channel: string; text: string }[]> {
  const response = await fetch(`${readE2EState().slackUrl}/_fake/messages`);
  return ((await response.json()) as { messages: { channel: string; text: string }[] }).messages;
}

test("an objective off target notifies the assignee by e-mail and the company's Slack channel", async ({ page }) => {
  await signIn(page);
  // The company's Slack: connect in the popup (once per stack) and pick the channel.
  await page.goto("/settings/notifications");
  if (await page.getByRole("link", { name: "Connect slack" }).isVisible()) {
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Connect slack" }).click();
    const popup = await popupPromise;
    await popup.getByRole("button", { name: "Allow" }).click();
    await popup.waitForEvent("close");
    await page.getByLabel("Select the channel you want to send notifications to:").selectOption({ label: "#marketing-alerts" });
    await page.getByTestId("slack-settings").getByRole("button", { name: "Save" }).click();
  }
  await expect(page.getByTestId("slack-channel")).toHaveText("#marketing-alerts");

  const clientId = await firstClientId(page);
  const title = `Clicks goal ${unique()}`;
  await page.goto(`/clients/${clientId}/objectives`);
  await page.getByLabel("Name").fill(title);
  await page.getByLabel("Metric").selectOption("clicks");
  await page.getByLabel("Period").selectOption("every_day");
  await page.getByLabel("At least").fill("1000000000");
  await page.getByRole("button", { name: "Save objective" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Your objective ${title} has been created`);
  // The worker evaluates a new objective at once: it is off target (a billion clicks a day).
  const row = page.getByTestId("objective-row").filter({ hasText: title });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Off target", { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  await expect.poll(() => outbox().filter((m) => m.to === DEMO_USER.email && m.subject.startsWith(`Anomaly detected: ${title}`)).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await slackMessages()).filter((m) => m.channel === "C0ALERTS" && m.text.includes(`Anomaly detected: ${title}`)).length, { timeout: 30_000 }).toBe(1);
  // The Ads card counts the objective in anomaly.
  await page.goto(`/clients/${clientId}`);
  await expect(page.getByTestId("card-ads")).toContainText(/[1-9]\d* on \d+/);
});

test("the URL checker crawls the ads' landing pages on a local server and finds the broken one", async ({ page }) => {
  const { landingUrl } = readE2EState();
  await signIn(page);
  const clientId = await firstClientId(page);
  await page.goto(`/clients/${clientId}/options/url-checker`);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("toast")).toContainText("The check has started");
  const broken = page.getByTestId("url-row").filter({ hasText: `${landingUrl}/discontinued/` });
  await expect(async () => {
    await page.reload();
    await expect(broken).toContainText("404", { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  const rows = page.getByTestId("url-row");
  const total = await rows.count();
  expect(total).toBeGreaterThan(1);
  await expect(rows.filter({ hasText: "200 OK" })).toHaveCount(total - 1);
  await expect(page.getByTestId("last-checked")).toContainText("Last checked");
  await page.goto(`/clients/${clientId}`);
  await expect(page.getByTestId("card-url")).toContainText(`1 on ${total}`);
});

test("the security and conversion-tag checks show the stored results after a run", async ({ page }) => {
  await signIn(page);
  const clientId = await firstClientId(page);
  for (const [path, rowId] of [["security", "security-row"], ["conversion-tag", "tag-row"]] as const) {
    await page.goto(`/clients/${clientId}/options/${path}`);
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.getByTestId("toast")).toContainText("The check has started");
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId(rowId)).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId("last-checked")).toContainText("Last checked");
  }
  await expect(page.getByTestId("tag-row").first()).toContainText(/Running|Not Running/);
  await page.goto(`/clients/${clientId}/options/security`);
  await expect(page.getByTestId("security-row").filter({ hasText: "Not verified" })).toHaveCount(1);
  await page.goto(`/clients/${clientId}`);
  await expect(page.getByTestId("card-security")).toContainText("1 on 2");
});
