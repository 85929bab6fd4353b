import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getDb } from "~/services/db.server";
import { processStripeEvent, verifyStripeEvent, WebhookSignatureError } from "~/services/billing.server";

/**
 * @machine-endpoint stripe-signature
 * Stripe webhook endpoint (https://docs.stripe.com/webhooks): authenticated by the
 * Stripe-Signature header, not by a session. A replayed event id answers 200 without effect, so
 * Stripe stops retrying; a bad signature answers 400 and changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  const payload = await request.text();
  let event;
  try {
    event = await verifyStripeEvent(payload, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return json({ error: `Invalid signature: ${error.message}` }, { status: 400 });
    throw error;
  }
  const outcome = await processStripeEvent(getDb(), event);
  return json({ received: true, ...outcome });
}

export async function loader() {
  return json({ error: "Stripe sends POST requests here." }, { status: 405 });
}
