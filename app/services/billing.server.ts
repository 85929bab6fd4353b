import Stripe from "stripe";
import { getEnv, publicOrigin } from "../../lib/env.js";
import { findPlan, priceIdFor, priceKeyFor, type BillingInterval, type Currency, type PlanId } from "../../lib/billing/plans.js";
import { claimStripeEvent, findCompanyForStripe, updateSubscription, type SubscriptionUpdate } from "../../db/repositories/billing.js";
import type { DB } from "../../db/connection.js";
import type { Company, User } from "../../db/schema.js";

let stripe: Stripe | undefined;
let stripeConfigKey = "";

/** STRIPE_API_BASE_URL points the official client at stripe-mock in tests and offline demos. */
export function getStripe(): Stripe {
  const env = getEnv();
  const key = `${env.STRIPE_SECRET_KEY}|${env.STRIPE_API_BASE_URL}`;
  if (stripe && stripeConfigKey === key) return stripe;
  if (!env.STRIPE_SECRET_KEY) throw new BillingUnavailableError();
  const base = env.STRIPE_API_BASE_URL ? new URL(env.STRIPE_API_BASE_URL) : undefined;
  stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === "https:" ? 443 : 80)), protocol: base.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  stripeConfigKey = key;
  return stripe;
}

export class BillingUnavailableError extends Error {
  constructor() {
    super("Billing is not configured (STRIPE_SECRET_KEY is unset).");
    this.name = "BillingUnavailableError";
  }
}

export type CheckoutChoice = { plan: PlanId; interval: BillingInterval; currency: Currency };

/**
 * Subscribe: a Checkout session (spec 3 §7: lowercase currency, one line item, quantity 1).
 * A company that already pays changes plan on its existing subscription instead (prorated), so
 * it never ends up with two subscriptions.
 */
export async function startSubscription(db: DB, company: Company, user: User, choice: CheckoutChoice, origin: string): Promise<{ kind: "checkout"; url: string } | { kind: "changed" }> {
  const env = getEnv();
  const plan = findPlan(choice.plan);
  if (!plan || !plan.onSale) throw new Error(`Unknown plan ${choice.plan}`);
  const price = priceIdFor(env.STRIPE_PRICE_IDS, choice);
  const client = getStripe();
  const metadata = { companyId: String(company.id), plan: plan.id };
  if (company.stripeSubscriptionId && company.stripeSubscriptionState !== "canceled") {
    const current = await client.subscriptions.retrieve(company.stripeSubscriptionId);
    const item = current.items.data[0];
    const updated = await client.subscriptions.update(company.stripeSubscriptionId, {
      items: [{ id: item.id, price }],
      proration_behavior: "create_prorations",
      metadata,
    });
    await updateSubscription(db, company.id, {
      stripeSubscriptionState: updated.status,
      stripePlan: plan.id,
      stripeSubscriptionNumberDataSource: plan.maxAccounts,
      stripeCurrency: choice.currency,
      stripeInterval: choice.interval,
    });
    return { kind: "changed" };
  }
  const base = publicOrigin(origin, env);
  const session = await client.checkout.sessions.create({
    mode: "subscription",
    currency: choice.currency,
    line_items: [{ price, quantity: 1 }],
    client_reference_id: String(company.id),
    ...(company.stripeCustomerId ? { customer: company.stripeCustomerId } : { customer_email: user.email }),
    metadata,
    subscription_data: { metadata },
    success_url: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${base}/buy`,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  return { kind: "checkout", url: session.url };
}

export async function openBillingPortal(company: Company, origin: string): Promise<string> {
  if (!company.stripeCustomerId) throw new Error("No Stripe customer yet");
  const base = publicOrigin(origin);
  const session = await getStripe().billingPortal.sessions.create({ customer: company.stripeCustomerId, return_url: `${base}/billing-space` });
  return session.url;
}

export class WebhookSignatureError extends Error {}

/** Verifies Stripe's signature (HMAC-SHA256 over "t.payload", 5-minute tolerance). */
export async function verifyStripeEvent(payload: string, signature: string | null): Promise<Stripe.Event> {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new WebhookSignatureError("STRIPE_WEBHOOK_SECRET is not configured");
  if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
  try {
    return await Stripe.webhooks.constructEventAsync(payload, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "Bad signature");
  }
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

function subscriptionUpdate(sub: Stripe.Subscription): SubscriptionUpdate {
  const item = sub.items?.data?.[0];
  const key = item?.price?.id ? priceKeyFor(getEnv().STRIPE_PRICE_IDS, item.price.id) : undefined;
  const plan = findPlan(key?.plan ?? sub.metadata?.plan);
  const periodEnd = (item as { current_period_end?: number } | undefined)?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  const ended = sub.status === "canceled" || sub.status === "incomplete_expired";
  return {
    stripeCustomerId: idOf(sub.customer),
    stripeSubscriptionId: ended ? null : sub.id,
    stripeSubscriptionState: sub.status,
    stripePlan: ended ? null : (plan?.id ?? null),
    stripeSubscriptionNumberDataSource: ended ? null : (plan?.maxAccounts ?? null),
    stripeCurrency: key?.currency ?? sub.currency ?? null,
    stripeInterval: key?.interval ?? item?.price?.recurring?.interval ?? null,
    stripePeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
  };
}

export type WebhookOutcome = { status: "processed" | "duplicate" | "ignored"; companyId: number | null };

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
  "invoice.paid",
]);

/** Keeps the company's subscription id, state and plan in sync; each event id is processed once. */
export async function processStripeEvent(db: DB, event: Stripe.Event): Promise<WebhookOutcome> {
  if (!HANDLED.has(event.type)) {
    return db.transaction().execute(async (trx) => ({ status: (await claimStripeEvent(trx, event, null)) ? "ignored" : "duplicate", companyId: null }));
  }
  return db.transaction().execute(async (trx) => {
    const object = event.data.object as unknown as Record<string, unknown> & { metadata?: Record<string, string> | null };
    const metaCompany = Number(object.metadata?.companyId ?? (object as { client_reference_id?: string }).client_reference_id ?? NaN);
    const company = await findCompanyForStripe(trx, {
      companyId: Number.isFinite(metaCompany) ? metaCompany : null,
      customerId: idOf(object.customer as string | null),
      subscriptionId: event.type.startsWith("customer.subscription.") ? (object.id as string) : idOf(object.subscription as string | null),
    });
    if (!(await claimStripeEvent(trx, event, company?.id ?? null))) return { status: "duplicate", companyId: company?.id ?? null };
    if (!company) return { status: "ignored", companyId: null };
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object as Stripe.Checkout.Session;
        const plan = findPlan(session.metadata?.plan);
        await updateSubscription(trx, company.id, {
          stripeCustomerId: idOf(session.customer),
          stripeSubscriptionId: idOf(session.subscription),
          stripeSubscriptionState: session.payment_status === "paid" || session.payment_status === "no_payment_required" ? "active" : "incomplete",
          ...(plan ? { stripePlan: plan.id, stripeSubscriptionNumberDataSource: plan.maxAccounts } : {}),
          stripeCurrency: session.currency ?? null,
        });
        break;
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const sub = event.data.object as Stripe.Subscription;
        // A late event about a subscription the company already replaced must not overwrite the new one.
        if (company.stripeSubscriptionId && company.stripeSubscriptionId !== sub.id && event.type !== "customer.subscription.created") {
          return { status: "ignored", companyId: company.id };
        }
        await updateSubscription(trx, company.id, subscriptionUpdate(sub));
        break;
      }
      case "invoice.payment_failed":
        if (company.stripeSubscriptionId) await updateSubscription(trx, company.id, { stripeSubscriptionState: "past_due" });
        break;
      case "invoice.paid":
        if (company.stripeSubscriptionId && company.stripeSubscriptionState !== "active") await updateSubscription(trx, company.id, { stripeSubscriptionState: "active" });
        break;
    }
    return { status: "processed", companyId: company.id };
  });
}
