import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Stripe from "stripe";

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures/stripe");

export type StripeFixture = "checkout.session.completed" | "customer.subscription.updated" | "invoice.payment_failed" | "customer.subscription.deleted";

/** A webhook fixture (tests/fixtures/stripe) for one company, optionally under another event id. */
export function stripeEventFixture(name: StripeFixture, vars: { companyId: number; eventId?: string; customerId?: string; subscriptionId?: string }): string {
  let text = fs.readFileSync(path.join(fixturesDir, `${name}.json`), "utf8").replaceAll("{{companyId}}", String(vars.companyId));
  if (vars.customerId) text = text.replaceAll("cus_fixture_1", vars.customerId);
  if (vars.subscriptionId) text = text.replaceAll("sub_fixture_1", vars.subscriptionId);
  const event = JSON.parse(text);
  if (vars.eventId) event.id = vars.eventId;
  return JSON.stringify(event);
}

/** The Stripe-Signature header Stripe would send for this payload (t=...,v1=HMAC-SHA256). */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
