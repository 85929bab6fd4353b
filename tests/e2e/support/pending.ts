import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Issue 19 "no pending states": holds the request `click` sends (method and path), checks that the
 * clicked button is disabled and says `pendingLabel` meanwhile, that a second click sent nothing,
 * then lets the request through (or aborts it, for actions the spec must not perform).
 */
export async function expectPendingWhileHeld(
  page: Page,
  opts: { method: "GET" | "POST"; path: string | RegExp; button: Locator; pendingLabel: string; release: "continue" | "abort"; query?: Record<string, string>; dataRoute?: string },
): Promise<void> {
  const matches = (url: URL) =>
    (typeof opts.path === "string" ? url.pathname === opts.path : opts.path.test(url.pathname)) &&
    Object.entries(opts.query ?? {}).every(([k, v]) => url.searchParams.get(k) === v) &&
    // A GET navigation fetches every route's loader: count the page route's only.
    (!opts.dataRoute || url.searchParams.get("_data") === opts.dataRoute);
  const sent: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(
    matches,
    async (route) => {
      if (route.request().method() !== opts.method) return route.fallback();
      sent.push(route.request().url());
      await gate;
      if (opts.release === "abort") await route.abort();
      else await route.fallback();
    },
  );
  // Two clicks in a row: the second one must not send the action again.
  await opts.button.dblclick();
  const pending = page.locator("button[data-pending]");
  await expect(pending).toHaveCount(1);
  await expect(pending).toBeDisabled();
  await expect(pending).toHaveText(opts.pendingLabel);
  await expect.poll(() => sent.length).toBe(1);
  open();
  await expect(pending).toHaveCount(0);
  expect(sent, "requests sent by two clicks").toHaveLength(1);
  await page.unroute(matches);
}
