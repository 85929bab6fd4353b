// The responsive and accessibility sweep of issue 19, declared once for the JavaScript and the
// no-JavaScript projects: every screen of SCREENS at 1440 and 390 px, the page never wider than
// the viewport, full-page screenshots kept as artifacts (test-results/screens/), and axe-core with
// no serious or critical violation.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_USER, expect, signIn, test } from "./fixtures.js";
import { NOT_SCREENS, SCREENS, seededIds, type SeededIds } from "./screens.js";

export const PHONE = 390;
export const DESKTOP = 1440;
const SCREENSHOT_DIR = path.join("test-results", "screens");

/** The document is no wider than the viewport: nothing makes the page scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(scrollWidth, `${new URL(page.url()).pathname} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
}

/** axe-core's WCAG checks on the page as it is now: no serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  expect(serious, `axe on ${new URL(page.url()).pathname}`).toEqual([]);
}

async function signedInPage(browser: Browser, as: "user" | "admin" | "anonymous", javaScriptEnabled: boolean, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled, baseURL });
  const page = await context.newPage();
  if (as !== "anonymous") await signIn(page, as === "admin" ? DEMO_ADMIN : DEMO_USER);
  return { context, page };
}

/** Page route files: the app's route modules with a component. */
function pageRouteFiles(): string[] {
  const dir = path.join("app", "routes");
  return fs.readdirSync(dir).filter((f) => f.endsWith(".tsx") && /export default/.test(fs.readFileSync(path.join(dir, f), "utf8")));
}

export function describeScreenSweep({ js }: { js: boolean }) {
  test("the sweep lists every page route of the app", () => {
    const files = pageRouteFiles();
    const listed = new Set([...SCREENS.map((s) => s.route), ...Object.keys(NOT_SCREENS)]);
    expect(files.filter((f) => !listed.has(f)), "page routes missing from tests/e2e/support/screens.ts").toEqual([]);
    expect([...listed].filter((f) => !files.includes(f)), "listed routes that no longer exist").toEqual([]);
  });

  for (const as of ["anonymous", "user", "admin"] as const) {
    test.describe(`screens seen by ${as === "anonymous" ? "a visitor" : `the demo ${as}`}`, () => {
      let ids: SeededIds;
      let context: BrowserContext;
      let page: Page;
      test.beforeAll(async ({ browser, baseURL }) => {
        ids = await seededIds();
        ({ context, page } = await signedInPage(browser, as, js, baseURL!));
      });
      test.afterAll(async () => context.close());

      for (const screen of SCREENS.filter((s) => (s.as ?? "user") === as)) {
        test(screen.route, async ({}, testInfo) => {
          const url = screen.path(ids);
          // axe once, on the phone layout (the desktop sidebar is checked by the shell tests).
          for (const width of js ? [DESKTOP, PHONE] : [PHONE]) {
            await page.setViewportSize({ width, height: 900 });
            const response = await page.goto(url);
            expect(response!.status(), `${url} answered`).toBeLessThan(500);
            await expectNoSidewaysScroll(page, width);
            if (!js) continue;
            const file = path.join(SCREENSHOT_DIR, `${screen.route.replace(/[^\w.-]+/g, "_").replace(/\.tsx$/, "")}-${width}.png`);
            await page.screenshot({ path: file, fullPage: true });
            await testInfo.attach(`${width}px`, { path: file, contentType: "image/png" });
            if (width === PHONE) await expectNoSeriousAxeViolations(page);
          }
        });
      }
    });
  }
}
