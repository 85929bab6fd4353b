// Issue 19: the query builder, the job wizard and the alert editor can be used with the keyboard
// alone (Tab to reach, Space/Enter/arrows/typing to act).
import { expect, signIn, test } from "./support/fixtures.js";
import { chooseByTyping, chooseRadio, chooseWithArrows, press, typeInto } from "./support/keyboard.js";
import { openSeededEditor } from "./support/editor.js";
import { campaignsOf, DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";
import { SEEDED_STREAM } from "./support/data-streams.js";

test("query builder with the keyboard: source, account, metric, dimension, date range, preview", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/api");
  const section = (id: string) => page.locator(`details[data-section=${id}]`);
  const next = (id: string) => section(id).getByRole("button", { name: /^(Next|Done)$/ });
  const demo = await page.locator("select[name=source] option", { hasText: "Demo Ads" }).first().getAttribute("value");
  await chooseByTyping(page, page.getByLabel("Source", { exact: true }), "Demo Ads", demo!);
  await expect(section("accounts")).toHaveAttribute("open", "");
  await press(page, section("accounts").locator("input[type=checkbox]").first(), "Space");
  await press(page, next("accounts"), "Enter");
  await expect(section("report")).toHaveAttribute("open", "");
  await press(page, next("report"), "Enter");
  await expect(section("metrics")).toHaveAttribute("open", "");
  await press(page, section("metrics").locator('input[name="metric"][value="clicks"]'), "Space");
  await expect(section("metrics").locator('input[name="metric"][value="clicks"]')).toBeChecked();
  await press(page, next("metrics"), "Enter");
  await expect(section("dimensions")).toHaveAttribute("open", "");
  await press(page, section("dimensions").locator('input[name="dimension"][value="date"]'), "Space");
  await press(page, next("dimensions"), "Enter");
  await expect(section("date")).toHaveAttribute("open", "");
  await chooseWithArrows(page, page.getByLabel("Date range"), "LAST_7_DAYS");
  await press(page, next("date"), "Enter");
  await expect(page.getByLabel("URL", { exact: true })).toHaveValue(/\/api\/request\?format=json&platform=demo/);
  await press(page, page.getByRole("button", { name: "Preview" }), "Enter");
  await expect(page.getByTestId("preview-table")).toBeVisible();
});

test("job wizard with the keyboard: name, account, fields, deployment, saved", async ({ page }) => {
  const name = `Keyboard job ${Date.now().toString(36)}`;
  await signIn(page, undefined, "/data-connector/data-stream");
  await page.getByTestId("stream-row").filter({ hasText: SEEDED_STREAM }).getByRole("link", { name: "View" }).focus();
  await page.keyboard.press("Enter");
  await press(page, page.getByRole("link", { name: "Add Job", exact: true }), "Enter");
  await typeInto(page, page.locator("#job-name"), name);
  await press(page, page.getByRole("button", { name: "Next" }), "Enter");
  await press(page, page.locator('input[name="dataSourceIds"]').first(), "Space");
  await press(page, page.getByRole("button", { name: "Next" }), "Enter");
  await press(page, page.locator("#f-date"), "Space");
  await press(page, page.locator("#f-clicks"), "Space");
  await press(page, page.getByLabel("Skip the preview"), "Space");
  await press(page, page.getByRole("button", { name: "Save" }), "Enter");
  await expect(page.getByLabel("Frequency")).toBeVisible();
  await press(page, page.locator('input[name="partitionFieldId"][value="date"]'), "Space");
  await expect(page.locator('input[name="partitionFieldId"][value="date"]')).toBeChecked();
  await typeInto(page, page.locator("#tableName"), `kb_${Date.now().toString(36)}`);
  await press(page, page.getByRole("button", { name: "Save" }), "Enter");
  await expect(page.getByRole("heading", { name })).toBeVisible();
});

test("alert editor with the keyboard: a filter, a metric and the preview", async ({ page }) => {
  const paris = DEMO_ACCOUNTS.find((a) => a.id === "demo-paris")!;
  const campaign = campaignsOf(paris.id)[0].name;
  await openSeededEditor(page, paris.name);
  await press(page, page.getByText("Add Filter"), "Enter");
  await chooseWithArrows(page, page.locator('[id="filters[0].field"]'), "campaign_name");
  await typeInto(page, page.locator('[id="filters[0].value"]'), campaign);
  await page.keyboard.press("Escape");
  await chooseRadio(page, "metric", "cost");
  await press(page, page.getByRole("button", { name: "Preview" }), "Enter");
  await expect(page.getByTestId("preview")).toContainText("analysed");
  await expect(page.getByTestId("preview")).toContainText(campaign);
});
