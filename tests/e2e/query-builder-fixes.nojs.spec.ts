import { signIn, test } from "./support/fixtures.js";
import { expectQueryBuilderFixed } from "./support/query-builder-defects.js";

test("query builder without JavaScript: closed steps show their choice, the filter row works at 1440 px, numbers are formatted, Save keeps the preview", async ({ page }) => {
  await signIn(page, undefined, "/data-connector/api");
  await expectQueryBuilderFixed(page, { autoSubmit: false, queryName: `Kept preview ${Date.now().toString(36)}.nojs` });
});
