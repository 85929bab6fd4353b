// Filter value suggestions in the alert editor (spec 1 §2.6): typing in a filter's value shows the
// values the chosen field takes on the account, read from the demo platform.
import { expect, test } from "./support/fixtures.js";
import { openSeededEditor } from "./support/editor.js";
import { campaignsOf, DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";

test("typing a filter value suggests the account's campaign names", async ({ page }) => {
  const paris = DEMO_ACCOUNTS.find((a) => a.id === "demo-paris")!;
  const campaign = campaignsOf(paris.id)[0].name;
  await openSeededEditor(page, paris.name);
  await page.getByText("Add Filter").click();
  await page.locator('[id="filters[0].field"]').selectOption("campaign_name");
  const value = page.locator('[id="filters[0].value"]');
  await expect(value).toHaveAttribute("list", "filter-values-0");
  await value.pressSequentially(campaign.slice(0, 4).toLowerCase(), { delay: 50 });
  const suggestions = page.getByTestId("filter-values-0").locator("option");
  await expect(page.locator(`[data-testid="filter-values-0"] option[value="${campaign}"]`)).toHaveCount(1);
  // A slow keyboard can let an earlier, shorter search answer first: the last answer matches all four letters.
  const typed = campaign.slice(0, 4).toLowerCase();
  await expect.poll(async () => (await suggestions.evaluateAll((os) => os.map((o) => o.getAttribute("value") ?? ""))).every((v) => v.toLowerCase().includes(typed))).toBe(true);

  // A second entry after a comma is completed on its own, keeping the first.
  await value.fill(`${campaign}, `);
  await value.pressSequentially("e", { delay: 50 });
  await expect(page.getByTestId("filter-values-0").locator("option").first()).toHaveAttribute("value", new RegExp(`^${campaign.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, `));
});
