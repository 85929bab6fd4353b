// Data streams in the browser with JavaScript: the seeded destination, stream and job; Run Now
// runs the job on the stack's Temporal worker and the job page shows the finished run; the
// destination form checks the connection before saving.
import { expect, signIn, test } from "./support/fixtures.js";

test("Run Now on the seeded job loads rows and the log shows the run", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto("/data-connector/data-stream");
  const row = page.getByTestId("stream-row").filter({ hasText: "Demo Ads → warehouse" });
  await row.getByRole("link", { name: "View" }).click();
  // On a busy machine a page can take longer than the default 10 s to come (seen once in CI).
  await expect(page.getByRole("heading", { name: "Demo Ads → warehouse" })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("job-row").filter({ hasText: "Daily campaigns" }).getByRole("link", { name: "View" }).click();
  await expect(page.getByRole("heading", { name: "Daily campaigns" })).toBeVisible({ timeout: 30_000 });
  const runsBefore = Number(await page.getByTestId("job-runs").textContent());
  await page.getByRole("button", { name: "Run Now" }).click();
  await expect(page.getByText("The job has been launched")).toBeVisible();
  // The page refreshes itself every 10 s; the run takes a second or two (longer on a loaded machine).
  await expect(page.getByTestId("job-runs")).toHaveText(String(runsBefore + 1), { timeout: 120_000 });
  await expect(page.getByTestId("log-status").first()).toHaveText("Success", { timeout: 45_000 });
  await page.getByText("View details").first().click();
  await expect(page.getByText(/: Success · [\d,]+ rows extracted · [\d,]+ loaded/).first()).toBeVisible();

  // The usage screen's Job and Connections tabs show it too.
  await page.goto("/data-connector/usage#job");
  await expect(page.getByTestId("usage-job-row").filter({ hasText: "Daily campaigns" })).toBeVisible();
  await page.goto("/data-connector/usage#connections");
  await expect(page.getByTestId("connection-row").filter({ hasText: "Demo warehouse" }).first()).toBeVisible();
});

test("a destination that refuses the connection is not saved and its message shows in red", async ({ page }) => {
  await signIn(page);
  await page.goto("/data-connector/destinations/new");
  await page.getByLabel("Name", { exact: true }).fill("Broken warehouse");
  await page.getByRole("radio", { name: "Postgres" }).click();
  await expect(page).toHaveURL(/type=postgres/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Broken warehouse");
  await page.getByLabel("Host").fill("127.0.0.1:1");
  await page.getByLabel("Username").fill("nobody");
  await page.getByLabel("Password").fill("nothing");
  await page.getByLabel("Database").fill("none");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("check-error")).toContainText("Could not connect to 127.0.0.1:1.");
  await page.goto("/data-connector/destinations");
  await expect(page.getByTestId("destination-row").filter({ hasText: "Broken warehouse" })).toHaveCount(0);
});
