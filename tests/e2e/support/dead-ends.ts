// Issue 19 "dead ends", declared once for both projects: a screen that cannot do its job says why
// and offers the next step instead of an error and a disabled button.
import { expect, type Page } from "@playwright/test";

/** The Google Sheets template page opened without a template link (as from the menu), then with a bad one. */
export async function expectTemplatePageLeadsOn(page: Page) {
  await page.goto("/templates/GOOGLE_SHEETS");
  await expect(page.getByRole("heading", { name: "Google Sheets template" })).toBeVisible();
  await expect(page.getByTestId("template-missing")).toContainText("No template was given here");
  await expect(page.getByText("Invalid Google Drive share URL")).toHaveCount(0);
  // No disabled button that cannot be used: only what can be done.
  await expect(page.getByRole("button", { name: "Download template" })).toHaveCount(0);
  await page.getByRole("link", { name: "Google Sheets in Signalpost" }).click();
  await expect(page).toHaveURL(/\/data-connector\/google-sheets$/);

  await page.goto(`/templates/GOOGLE_SHEETS?${new URLSearchParams({ templateLink: "https://example.com/not-drive" })}`);
  await expect(page.getByTestId("template-bad-link")).toContainText("not a Google Drive share link");
  await expect(page.getByRole("link", { name: "Use with my data" })).toBeVisible();
}
