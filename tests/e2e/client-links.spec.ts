import { test } from "./support/fixtures.js";
import { hasConnector } from "../../engine/connectors/registry.js";
import { clientConnectsGoogleAds, clientOpens, createLinkInUi, creatorSeesTheSource } from "./support/client-links.js";

test("a client connects Google Ads through a connect link, without an account", async ({ page }) => {
  test.skip(!hasConnector("google-ads"), "the Google Ads connector is not in the registry");
  const client = `JS client ${Date.now()}`;
  const link = await createLinkInUi(page, "Google Ads", client);
  await clientOpens(page, link, "Google Ads", client);
  await clientConnectsGoogleAds(page, link);
  await creatorSeesTheSource(page, link, "Google Ads", client);
});
