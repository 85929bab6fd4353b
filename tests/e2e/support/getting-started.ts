// Issue 19 "getting started never comes back to step 2; deleting the last source sends Usage to
// Getting started", and the usage bar's "n / ∞", declared once for both projects.
import { expect, type Page } from "@playwright/test";
import { buildDemoQuery } from "./query-builder.js";

const checklistStep = (page: Page, id: string) => page.getByTestId(`checklist-${id}`);

/** A new company: the checklist on step 1, one click away in the menu, and an unlimited usage that draws no full bar. */
export async function expectNewCompanyChecklist(page: Page) {
  await expect(page).toHaveURL(/\/getting-started$/);
  await expect(page.getByTestId("getting-started-checklist")).toContainText("0 of 4 steps done");
  await expect(checklistStep(page, "source")).toHaveAttribute("data-state", "current");
  await expect(checklistStep(page, "accounts")).toHaveAttribute("data-state", "todo");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Getting started (0 of 4)" })).toBeVisible();
  const usage = page.getByTestId("usage-bar");
  await expect(usage).toContainText("0 / ∞");
  await expect(usage.getByTestId("usage-fill")).toHaveCount(0);
  await expect(usage.getByRole("meter")).toHaveCount(0);
}

/** Connects the demo platform full-page (the no-JavaScript path), from the checklist's own link. */
async function connectDemo(page: Page, name: string): Promise<number> {
  await checklistStep(page, "source").getByRole("link", { name: "Add a source" }).click();
  await expect(page).toHaveURL(/\/data-connector\/sources\/new$/);
  await page.getByLabel("Search a platform").fill("demo");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByTestId("platform-demo").click();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Connect your account" }).click();
  await page.getByLabel("Demo key").fill("demo");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/data-connector\/sources\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/**
 * A new company goes through the checklist, which resumes at the step it left (from the menu),
 * reads data once, deletes its only source, and still reaches Usage with that read counted.
 * `name` contains "Demo Ads" so that buildDemoQuery picks this source (the company has no other).
 */
export async function expectChecklistResumesAndUsageOutlivesTheSource(page: Page, name: string) {
  await expectNewCompanyChecklist(page);
  const sourceId = await connectDemo(page, name);

  // Left the wizard: the menu brings it back at step 2.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Getting started (1 of 4)" }).click();
  await expect(checklistStep(page, "source")).toHaveAttribute("data-state", "done");
  await expect(checklistStep(page, "accounts")).toHaveAttribute("data-state", "current");
  await checklistStep(page, "accounts").getByRole("link", { name: "Choose accounts" }).click();
  await expect(page).toHaveURL(new RegExp(`/data-connector/sources/${sourceId}$`));
  const account = page.getByTestId("account").first();
  await account.getByRole("switch").click();
  await expect(account.getByRole("switch")).toHaveAttribute("aria-checked", "true");

  await page.goto("/getting-started");
  await expect(checklistStep(page, "destination")).toHaveAttribute("data-state", "current");

  // A first read through a query URL ticks "See your first data" and counts one account.
  await buildDemoQuery(page, { autoSubmit: false });
  const queryUrl = await page.getByLabel("URL", { exact: true }).inputValue();
  const res = await page.request.get(queryUrl);
  expect(res.status()).toBe(200);
  await res.body();
  // The read's connection log is written once its body was sent, which on a busy machine can be
  // after the next page was computed: the checklist is asked again until it shows the read.
  await expect(async () => {
    await page.goto("/getting-started");
    await expect(checklistStep(page, "data")).toHaveAttribute("data-state", "done", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("usage-bar")).toContainText("1 / ∞");

  // Its only source deleted: Usage stays (no bounce to Getting started), the read still counts.
  await page.goto("/data-connector/sources");
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast")).toContainText("The source has been deleted");
  await page.goto("/data-connector/usage");
  await expect(page).toHaveURL(/\/data-connector\/usage$/);
  await expect(page).toHaveTitle("Usage · Signalpost");
  await expect(page.getByTestId("usage-bar")).toContainText("1 / ∞");
  await page.goto("/getting-started");
  await expect(checklistStep(page, "source")).toHaveAttribute("data-state", "current");
}

/** The seeded newcomer left after connecting a source: the menu brings the checklist back on step 2. */
export async function expectNewcomerResumesOnAccounts(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Getting started (1 of 4)" }).click();
  await expect(page).toHaveURL(/\/getting-started$/);
  await expect(checklistStep(page, "source")).toHaveAttribute("data-state", "done");
  await expect(checklistStep(page, "accounts")).toHaveAttribute("data-state", "current");
  await expect(checklistStep(page, "accounts").getByRole("link", { name: "Choose accounts" })).toHaveAttribute("href", /\/data-connector\/sources\/\d+$/);
}
