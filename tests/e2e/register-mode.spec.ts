import { test } from "./support/fixtures.js";
import { hasConnector } from "../../engine/connectors/registry.js";
import { registerThroughConnector } from "./support/register-flow.js";

test("register mode: connect Google Ads from Looker Studio, sign up with Google, land on the handoff with the source", async ({ page }) => {
  test.skip(!hasConnector("google-ads"), "the Google Ads connector is not in the registry");
  await registerThroughConnector(page, "register-js@example.test");
});
