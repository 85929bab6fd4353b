import { signIn, test } from "./support/fixtures.js";
import { expectGuidedCredentialForm } from "./support/guided-connections.js";

test("a credential form guides: where to find the key, could not reach vs refused, Cancel", async ({ page }) => {
  await signIn(page);
  await expectGuidedCredentialForm(page);
});
