import { sql } from "kysely";
import type { DB } from "../connection.js";

/**
 * Platform-admin reads. These are the only cross-company lookups besides sign-in: they are called
 * from routes behind requireAdmin only.
 */
export type PageQuery<S extends string> = { search: string; sort: S; dir: "asc" | "desc"; page: number; size: number };
export type Page<T> = { rows: T[]; total: number };

export type AdminCompanyRow = {
  id: number;
  name: string;
  status: "Payed" | "Free trial";
  plan: string | null;
  subscriptionState: string | null;
  createdAt: Date;
  trialEndsAt: Date;
  users: number;
};

const companySort = { name: "c.name", createdAt: "c.created_at", trialEndsAt: "c.trial_ends_at", status: "c.stripe_subscription_id" } as const;
export type CompanySort = keyof typeof companySort;

export async function listCompaniesForAdmin(db: DB, q: PageQuery<CompanySort>): Promise<Page<AdminCompanyRow>> {
  let base = db.selectFrom("companies as c");
  if (q.search) base = base.where(sql<boolean>`c.name ilike ${`%${q.search}%`}`);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(["c.id", "c.name", "c.stripeSubscriptionId", "c.stripePlan", "c.stripeSubscriptionState", "c.createdAt", "c.trialEndsAt"])
    .select(sql<number>`(select count(*) from users u where u.company_id = c.id)`.as("users"))
    .orderBy(sql.raw(`${companySort[q.sort]} ${q.dir} nulls last`))
    .orderBy("c.id")
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.stripeSubscriptionId ? "Payed" : "Free trial",
      plan: r.stripePlan,
      subscriptionState: r.stripeSubscriptionState,
      createdAt: r.createdAt,
      trialEndsAt: r.trialEndsAt,
      users: Number(r.users),
    })),
  };
}

export type AdminUserRow = { id: number; email: string; name: string; companyId: number; companyName: string; roles: string[]; isActive: boolean; createdAt: Date };
const userSort = { email: "u.email", createdAt: "u.created_at", company: "c.name" } as const;
export type UserSort = keyof typeof userSort;

export async function listUsersForAdmin(db: DB, q: PageQuery<UserSort>): Promise<Page<AdminUserRow>> {
  let base = db.selectFrom("users as u").innerJoin("companies as c", "c.id", "u.companyId");
  if (q.search) base = base.where(sql<boolean>`u.email ilike ${`%${q.search}%`}`);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(["u.id", "u.email", "u.firstName", "u.lastName", "u.companyId", "c.name as companyName", "u.roles", "u.isActive", "u.createdAt"])
    .orderBy(sql.raw(`${userSort[q.sort]} ${q.dir}`))
    .orderBy("u.id")
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { total, rows: rows.map((r) => ({ ...r, name: [r.firstName, r.lastName].filter(Boolean).join(" ") })) };
}

export async function recordAdminAction(db: DB, input: { adminId: number; actingAsUserId?: number | null; companyId?: number | null; action: string; detail?: string | null }): Promise<void> {
  await db
    .insertInto("adminActions")
    .values({ adminId: input.adminId, actingAsUserId: input.actingAsUserId ?? null, companyId: input.companyId ?? null, action: input.action, detail: input.detail ?? null })
    .execute();
}

export async function listAdminActions(db: DB, adminId: number, limit = 50) {
  return db.selectFrom("adminActions").selectAll().where("adminId", "=", adminId).orderBy("id", "desc").limit(limit).execute();
}
