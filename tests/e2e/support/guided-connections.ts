// Issue 19 "connections don't guide", declared once for both projects: the credential form says
// where to find each value (with the platform's own guide), tells "could not reach" from "refused
// these credentials" without promising retries, and has a Cancel link back.
import { createServer } from "node:net";
import { expect, type Page } from "@playwright/test";

/** A loopback port that was free a moment ago and is closed now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function expectGuidedCredentialForm(page: Page) {
  await page.goto("/woocommerce");
  const help = page.getByTestId("connection-help");
  await expect(help).toContainText("WooCommerce → Settings → Advanced → REST API");
  await expect(help.getByRole("link", { name: "WooCommerce's own guide" })).toHaveAttribute("href", "https://woocommerce.com/document/woocommerce-rest-api/");

  // A port nothing listens on any more: the store cannot be reached.
  const port = await closedPort();
  await page.getByLabel("Store URL").fill(`https://127.0.0.1:${port}`);
  await page.getByLabel("Consumer Key").fill("ck_e2e");
  await page.getByLabel("Consumer Secret").fill("cs_e2e");
  await page.getByRole("button", { name: "Next" }).click();
  const failure = page.getByTestId("connect-failure");
  await expect(failure).toHaveAttribute("data-kind", "unreachable");
  await expect(failure).toContainText(`We could not reach WooCommerce at 127.0.0.1:${port}`);
  await expect(failure).toContainText("the server refused the connection");
  await expect(failure).not.toContainText(/will be retried|Please review|ECONNREFUSED/);

  // A platform that answers and refuses the key says so, in other words (the stack's Shopify fake).
  const { contract } = await import("../../../engine/connectors/shopify/contract.js");
  await page.goto("/shopify");
  await page.getByLabel("Shop", { exact: true }).fill((contract.credential as unknown as { options: { shop: string } }).options.shop);
  await page.getByLabel("Admin API access token").fill("shpat_not_this_one");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("connect-failure")).toHaveAttribute("data-kind", "refused");
  await expect(page.getByTestId("connect-failure")).toContainText("Shopify refused these credentials");
  await expect(page.getByTestId("connect-failure")).not.toContainText(/will be retried|Please review/);

  // A way back without the browser's Back button.
  await page.getByTestId("credential-cancel").click();
  await expect(page).toHaveURL(/\/data-connector\/sources\/new$/);
}
