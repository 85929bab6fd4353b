import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_USER } from "../../../server/seed/context.js";
import { readE2EState } from "./state.js";

export { expect };
export { DEMO_USER, DEMO_ADMIN };

/** Signs in through the real login form. */
export async function signIn(page: Page, who: { email: string; password: string } = DEMO_USER, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  const button = page.getByRole("button", { name: "Sign in", exact: true });
  await button.click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  // Signed in means the sign-in form is gone and the page behind it has loaded, not only that the
  // address changed (on a loaded machine the URL check once passed with the form still pending).
  await expect(button).toHaveCount(0);
  await page.waitForLoadState("load");
}

/** Mails the product wrote to its local outbox (no SMTP in tests), newest first. */
export function outbox(): Array<{ to: string; subject: string; text: string }> {
  const dir = path.join(readE2EState().dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).sort().reverse().map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

export const test = base;
