import type { APIRequestContext, Page } from "@playwright/test";
import { expect, outbox } from "./fixtures.js";
import { signStripePayload, stripeEventFixture, type StripeFixture } from "../../fakes/stripe/webhooks.js";
import { E2E_STRIPE_WEBHOOK_SECRET } from "./account-fakes.js";

let counter = 0;

/** Signs up a new company through the real form and the e-mailed link; returns its primary user. */
export async function signUpWithEmail(page: Page, opts: { companyName?: string } = {}) {
  counter += 1;
  const email = `founder.${Date.now()}.${counter}@example.test`;
  const password = "founder password 1";
  await page.goto("/signup");
  await page.getByLabel("Company name").fill(opts.companyName ?? `Founders ${counter}`);
  await page.getByLabel("First name").fill("Fay");
  await page.getByLabel("Last name").fill("Founder");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText(`An email has been sent to ${email}.`)).toBeVisible();
  const link = await linkFromMail(email, /http:\/\/[^\s]+\/signup\/verify\/[\w-]+/);
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm and start my trial" }).click();
  await page.waitForURL("**/getting-started");
  return { email, password };
}

/** A new company starts on /getting-started; "Skip" leaves the checklist for the product. */
export async function skipGettingStarted(page: Page) {
  await page.getByRole("button", { name: "Skip" }).click();
  await page.waitForURL("**/data-connector**");
}

export async function linkFromMail(to: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = outbox().find((m) => m.to === to);
      link = mail ? pattern.exec(mail.text)?.[0] : undefined;
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** Delivers a signed Stripe webhook fixture for a company, as Stripe would. */
export async function deliverStripeEvent(request: APIRequestContext, name: StripeFixture, companyId: number, suffix: string) {
  const payload = stripeEventFixture(name, { companyId, eventId: `evt_${name}_${companyId}_${suffix}`, customerId: `cus_e2e_${companyId}`, subscriptionId: `sub_e2e_${companyId}` });
  const res = await request.post("/webhooks/stripe", { data: payload, headers: { "content-type": "application/json", "stripe-signature": signStripePayload(payload, E2E_STRIPE_WEBHOOK_SECRET) } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Stripe Checkout is a page on stripe.com: the browser test answers it locally and checks we got there. */
export async function stubStripeCheckout(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.route("https://checkout.stripe.com/**", (route) => {
    visited.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Stripe Checkout</title><h1>Stripe Checkout (test)</h1>" });
  });
  return visited;
}
