// The Content-Security-Policy (issue 15 item 11, decision 0860) with JavaScript on: the main
// screens load, hydrate and work under it, and the browser reports no violation (every
// securitypolicyviolation event and every CSP console message is collected across navigations).
import type { Page } from "@playwright/test";
import { chooseMetric } from "./support/editor.js";
import { expect, signIn, test } from "./support/fixtures.js";
import { E2E_LOOKER } from "./support/state.js";

type Violation = { url: string; directive: string; blocked: string; sample: string };

async function watchViolations(page: Page): Promise<Violation[]> {
  const seen: Violation[] = [];
  await page.exposeFunction("reportCspViolation", (v: Violation) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportCspViolation: (v: unknown) => void }).reportCspViolation({
        url: location.pathname,
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
      });
    });
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push({ url: page.url(), directive: "console", blocked: "", sample: m.text() });
  });
  return seen;
}

/** The page's scripts ran: Remix's client router exists (its module scripts were allowed). */
async function expectScriptsRan(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter))).toBe(true);
}

test("the main screens run under the policy without a single violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const login = await page.goto("/login");
  expect(login!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  await expectScriptsRan(page);
  await signIn(page);

  // Portfolio, a client with its sparkline charts (nivo), the alerts tab and an alert's details.
  await page.goto("/app");
  await expectScriptsRan(page);
  await page.getByTestId("client-card").first().click();
  await expect(page.getByTestId("metric-cost")).toBeVisible();
  await expect(page.getByTestId("metric-cost").locator("svg").first()).toBeVisible();
  await page.goto("/app?tab=alerts");
  await page.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/clients\/\d+\/details\/\d+/);
  await expectScriptsRan(page);

  // The alert editor's live preview is a fetcher (connect-src) after a debounce (scripts).
  const clientHref = await page.evaluate(() => location.pathname.split("/details")[0]);
  await page.goto(`${clientHref}/alerts/create/default`);
  await chooseMetric(page, "cost");
  await page.getByLabel("Value", { exact: true }).fill("1");
  await page.getByLabel("During").selectOption("7_days");
  await expect(page.getByTestId("preview")).toContainText("analysed", { timeout: 20_000 });

  // Data connector screens, the query builder, settings and the consent pages.
  for (const path of ["/data-connector/sources", "/data-connector/sources/new", "/data-connector/api", "/data-connector/data-stream", "/data-connector/destinations", "/data-connector/usage", "/settings", "/settings/users", "/settings/connected-apps", "/profile", "/billing-space"]) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBeLessThan(400);
    expect(res!.headers()["content-security-policy"], path).toMatch(/frame-ancestors 'self'/);
    await expectScriptsRan(page);
  }
  // Client-side navigation and a confirmation page state still work (scripts drive them).
  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/settings\/users$/);

  await page.goto(`/link-to/excel?uuid=6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b`);
  await expect(page.getByTestId("link-code")).toBeVisible();
  await expectScriptsRan(page);
  await page.goto(`/oauth2-authorize/${E2E_LOOKER.platform}?${new URLSearchParams({ client_id: E2E_LOOKER.clientId, redirect_uri: `https://script.google.com/macros/d/${E2E_LOOKER.scriptId}/usercallback`, response_type: "code", state: "csp", noSkip: "1" })}`);
  await expectScriptsRan(page);

  expect(violations).toEqual([]);
});

test("an inline script without the nonce is blocked and reported (the policy is really on)", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/login");
  await expectScriptsRan(page);
  // What an injected <script> would be: not run, and reported.
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.injected = true";
    document.body.appendChild(s);
  });
  await expect.poll(() => violations.some((v) => /script-src/.test(v.directive))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});
