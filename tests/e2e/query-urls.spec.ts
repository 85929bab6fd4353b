import { expect, signIn, test } from "./support/fixtures.js";
import { buildDemoQuery } from "./support/query-builder.js";

test("builds a query in the UI: URL, preview, copy, save, and the URL answers rows", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, undefined, "/data-connector/api");
  await buildDemoQuery(page, { autoSubmit: true });
  const urlField = page.getByLabel("URL", { exact: true });
  await expect(urlField).toHaveValue(/\/api\/request\?format=json&platform=demo/);
  await page.getByRole("button", { name: "Copy" }).first().click();
  await expect(page.getByText("Copied!")).toBeVisible();

  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-table")).toBeVisible();
  await expect(page.getByTestId("preview-table").locator("thead th")).toHaveText(["Date", "Clicks"]);

  const queryUrl = await urlField.inputValue();
  const res = await page.request.get(queryUrl);
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.data.length).toBeGreaterThan(0);
  expect(Object.keys(body.data[0])).toEqual(["date", "clicks"]);
  for (const format of ["csv", "tableau", "powerbi"]) {
    const other = await page.request.get(queryUrl.replace("format=json", `format=${format}`));
    expect(other.status(), format).toBe(200);
  }

  await page.getByRole("link", { name: "Save the query" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByLabel("Name").fill("E2E clicks by day");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/data-connector\/api\/\d+\?.*preview=1$/);
  await expect(page.getByText("The query has been saved")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Query: E2E clicks by day" })).toBeVisible();
});

test("Power BI list: Get URL copies, Edit opens the builder without the API key", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, undefined, "/data-connector/power-bi");
  const row = page.getByRole("row").filter({ hasText: "Demo: clicks and cost by campaign" });
  await row.getByRole("button", { name: "Get URL" }).click();
  await expect(page.getByText("The query has been copied to your clipboard.")).toBeVisible();
  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/data-connector\/api\/\d+\?format=powerbi/);
  await expect(page.getByLabel("URL", { exact: true })).toHaveValue(/format=powerbi/);
  await expect(page.getByLabel("API key")).toHaveCount(0);
});

test("the API key rotates from settings and the old one stops working", async ({ page }) => {
  await signIn(page, undefined, "/settings");
  const oldKey = await page.getByLabel("API key").inputValue();
  await page.getByRole("link", { name: "rotate the API key" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Rotate the key" }).click();
  await expect(page.getByText("Your API key has been rotated")).toBeVisible();
  const newKey = await page.getByLabel("API key").inputValue();
  expect(newKey).not.toBe(oldKey);
  const res = await page.request.get(`/api/request?platform=demo&metrics=clicks&date=TODAY&accounts=${encodeURIComponent("[]")}&apikey=${oldKey}`);
  expect(res.status()).toBe(401);
});

test("Looker Studio catalogue searches by name or category", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/looker-studio");
  await expect(page.getByRole("link", { name: "Connect" }).first()).toBeVisible();
  await page.getByLabel("Search connectors by name or category").fill("zzzz no such connector");
  await expect(page.getByText("No connectors found matching your search.")).toBeVisible();
  await page.getByLabel("Search connectors by name or category").fill("CRM");
  await expect(page.getByText("HubSpot")).toBeVisible();
});
