import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { DEMO_USER, expect, signIn, test } from "./fixtures.js";

/**
 * The other origin of issue 15's open redirect (/login?redirectTo=%2F%09%2F127.0.0.1%3A9999%2Fx):
 * a local server that counts the browsers that reach it. Specs put its port in the payload and
 * check that nobody arrived.
 */
export async function startRedirectWitness(): Promise<{ port: number; payload: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.end("<h1>Another origin</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    // "/\t/127.0.0.1:{port}/x", encoded as in the issue.
    payload: `%2F%09%2F127.0.0.1%3A${port}%2Fx`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Witness = Awaited<ReturnType<typeof startRedirectWitness>>;

const expectOnOrigin = (page: Page, baseURL: string) => expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);

/** Signs in through the form of the malicious link; the browser must stay on our origin. */
async function signInFromMaliciousLink(page: Page, baseURL: string, witness: Witness) {
  await page.goto(`/login?redirectTo=${witness.payload}`);
  await page.getByLabel("Email").fill(DEMO_USER.email);
  await page.getByLabel("Password").fill(DEMO_USER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  expectOnOrigin(page, baseURL);
  expect(witness.hits()).toBe(0);
}

/** A signed-in browser opens the malicious link and /redirect with the same target. */
async function openMaliciousLinksSignedIn(page: Page, baseURL: string, witness: Witness) {
  await page.goto(`/login?redirectTo=${witness.payload}`);
  expectOnOrigin(page, baseURL);
  await page.goto(`/redirect?redirectTo=${witness.payload}&type=LOOKER_STUDIO`);
  expectOnOrigin(page, baseURL);
  await expect(page.getByRole("heading", { name: "This redirection is not allowed." })).toBeVisible();
  expect(witness.hits()).toBe(0);
}

/** The replay, declared once for the JavaScript and the no-JavaScript projects. */
export function describeOpenRedirectReplay(title: string) {
  test.describe(title, () => {
    let witness: Witness;
    test.beforeAll(async () => {
      witness = await startRedirectWitness();
    });
    test.afterAll(async () => witness.close());

    test("signing in from the malicious link stays on our origin", async ({ page, baseURL }) => {
      await signInFromMaliciousLink(page, baseURL!, witness);
      await expect(page).toHaveURL("/");
    });

    test("already signed in, the link and /redirect stay on our origin", async ({ page, baseURL }) => {
      await signIn(page);
      await openMaliciousLinksSignedIn(page, baseURL!, witness);
    });
  });
}
