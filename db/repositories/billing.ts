import type { DB } from "../connection.js";
import type { Company } from "../schema.js";

export type SubscriptionUpdate = {
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  stripeSubscriptionState?: string | null;
  stripePlan?: string | null;
  stripeSubscriptionNumberDataSource?: number | null;
  stripeCurrency?: string | null;
  stripeInterval?: string | null;
  stripePeriodEnd?: Date | null;
};

export async function updateSubscription(db: DB, companyId: number, update: SubscriptionUpdate): Promise<void> {
  if (!Object.keys(update).length) return;
  await db.updateTable("companies").set(update).where("id", "=", companyId).execute();
}

/** Webhooks name the company by our id (metadata / client_reference_id) or by Stripe ids we stored. */
export async function findCompanyForStripe(db: DB, ref: { companyId?: number | null; customerId?: string | null; subscriptionId?: string | null }): Promise<Company | undefined> {
  if (ref.companyId) {
    const c = await db.selectFrom("companies").selectAll().where("id", "=", ref.companyId).executeTakeFirst();
    if (c) return c;
  }
  if (ref.subscriptionId) {
    const c = await db.selectFrom("companies").selectAll().where("stripeSubscriptionId", "=", ref.subscriptionId).executeTakeFirst();
    if (c) return c;
  }
  if (ref.customerId) return db.selectFrom("companies").selectAll().where("stripeCustomerId", "=", ref.customerId).executeTakeFirst();
  return undefined;
}

/** True when this event id is new (and now recorded); false for a replay. Call inside the processing transaction. */
export async function claimStripeEvent(db: DB, event: { id: string; type: string }, companyId: number | null): Promise<boolean> {
  const row = await db
    .insertInto("stripeEvents")
    .values({ id: event.id, type: event.type, companyId })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}
