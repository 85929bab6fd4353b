// Without JavaScript a filter's value is a plain text input (no suggestions) and the filter still
// narrows the preview after a plain form post.
import { expect, test } from "./support/fixtures.js";
import { openSeededEditor, chooseMetric } from "./support/editor.js";
import { campaignsOf, DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";

test("a filter value is typed by hand and applied on preview", async ({ page }) => {
  const paris = DEMO_ACCOUNTS.find((a) => a.id === "demo-paris")!;
  const campaign = campaignsOf(paris.id)[0].name;
  await openSeededEditor(page, paris.name);
  const value = page.locator('[id="filters[0].value"]');
  await expect(value).not.toHaveAttribute("list", /.*/);
  await expect(page.getByTestId("filter-values-0")).toHaveCount(0);
  await page.getByText("Add Filter").click();
  await page.locator('[id="filters[0].field"]').selectOption("campaign_name");
  await value.fill(campaign);
  await chooseMetric(page, "cost");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview")).toContainText("analysed");
  await expect(page.getByTestId("preview")).toContainText(campaign);
  for (const other of campaignsOf(paris.id).slice(1)) await expect(page.getByTestId("preview")).not.toContainText(other.name);
});
