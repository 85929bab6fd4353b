import { test } from "./support/fixtures.js";
import { hasConnector } from "../../engine/connectors/registry.js";
import { clientConnectsGoogleAds, clientConnectsShopify, clientOpens, createLinkInUi, creatorSeesTheSource } from "./support/client-links.js";

// One credential-form platform and one OAuth platform, each through its own link.
for (const [id, platform, connect, how] of [
  ["shopify", "Shopify", clientConnectsShopify, "with its credential form"],
  ["google-ads", "Google Ads", clientConnectsGoogleAds, "at its consent page"],
] as const) {
  test(`without JavaScript, a client connects ${platform} ${how} through a link`, async ({ page }) => {
    test.skip(!hasConnector(id), `the ${platform} connector is not in the registry`);
    const client = `NoJS ${id} ${Date.now()}`;
    const link = await createLinkInUi(page, platform, client);
    await clientOpens(page, link, platform, client);
    await connect(page, link);
    await creatorSeesTheSource(page, link, platform, client);
  });
}
