// Data streams with JavaScript disabled: forms post and redirect; validation answers with the spec's
// messages; a new stream and the first wizard steps work as plain POSTs.
import { expect, signIn, test } from "./support/fixtures.js";

test("destination form and data stream form validate without JavaScript", async ({ page }) => {
  await signIn(page);
  await page.goto("/data-connector/destinations/new?type=mysql");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("You need to set a name to the connection.")).toBeVisible();
  await expect(page.getByText("You need to put a host.")).toBeVisible();

  await page.goto("/data-connector/data-stream/new");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("You need to set a platform type.")).toBeVisible();
  const name = `Stream ${Date.now().toString(36)}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Platform").selectOption("demo");
  await page.getByLabel("Destination").selectOption({ label: "Demo warehouse" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.getByRole("link", { name: "Add Job", exact: true }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("You need to set a name to the connection.")).toBeVisible();
  await page.locator("#job-name").fill("No-JS job");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("You need to set at least one accounts.")).toBeVisible();
});

test("Run Now works as a plain form post", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto("/data-connector/data-stream");
  await page.getByTestId("stream-row").filter({ hasText: "Demo Ads → warehouse" }).getByRole("link", { name: "View" }).click();
  await page.getByTestId("job-row").filter({ hasText: "Daily campaigns" }).getByRole("link", { name: "View" }).click();
  const runsBefore = Number(await page.getByTestId("job-runs").textContent());
  await page.getByRole("button", { name: "Run Now" }).click();
  await expect(page.getByText("The job has been launched")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("job-runs")).toHaveText(String(runsBefore + 1));
    await expect(page.getByTestId("log-status").first()).toHaveText("Success");
  }).toPass({ timeout: 120_000 });
});
