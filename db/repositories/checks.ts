// Automatic checks (issue 7 item 8): the security and conversion-tag results the scheduled
// workflows store per account, read by the client area. Reads take (db, companyId, ...) and
// filter by company; the writes are called by the worker with ids it read itself.
import type { DB } from "../connection.js";
import type { AutomaticCheckKind } from "../tables/checks.js";

export type SecurityItem = { domain: string; verifiedBy: string | null; verifiedAt: string | null };
export type ConversionTagItem = { tagId: string; name: string; status: string; type: string; lastView: string | null };
export type ProductItem = { productId: string; title: string; availability: string; advertised: boolean; costYesterday: number | null };

/** Spec 1 §4: a security item is in error when not verified; a tag when its status is not ENABLED. */
export const securityInError = (i: { verifiedAt: string | null }) => !i.verifiedAt;
export const tagInError = (t: { status: string }) => t.status !== "ENABLED";
/** Decision 0515: a product is in error when an enabled campaign advertises it and it is not IN_STOCK. */
export const productInError = (p: { advertised: boolean; availability: string }) => p.advertised && p.availability !== "IN_STOCK";

export type CheckOutcome =
  | { kind: "security"; items: SecurityItem[] }
  | { kind: "conversion_tag"; items: ConversionTagItem[] }
  | { kind: "product"; items: ProductItem[] }
  | { kind: AutomaticCheckKind; error: string };

/**
 * Stores one run of a check on one account in one transaction: on success the account's rows
 * become exactly the platform's answer; on failure the previous rows stay and the run keeps the
 * error (the page shows both).
 */
export async function recordCheckRun(db: DB, companyId: number, dataSourceId: number, outcome: CheckOutcome, at: Date): Promise<{ inError: number; total: number }> {
  return db.transaction().execute(async (trx) => {
    if ("error" in outcome) {
      await trx
        .insertInto("automaticCheckRuns")
        .values({ companyId, dataSourceId, kind: outcome.kind, checkedAt: at, error: outcome.error.slice(0, 1000), inError: 0, total: 0, succeededAt: null })
        .onConflict((oc) => oc.columns(["dataSourceId", "kind"]).doUpdateSet({ checkedAt: at, error: outcome.error.slice(0, 1000) }))
        .execute();
      const previous = await trx.selectFrom("automaticCheckRuns").select(["inError", "total"]).where("dataSourceId", "=", dataSourceId).where("kind", "=", outcome.kind).executeTakeFirstOrThrow();
      return previous;
    }
    let inError: number;
    let total: number;
    if (outcome.kind === "security") {
      // One row per domain: a platform listing a domain twice keeps the last answer.
      const items = [...new Map(outcome.items.map((i) => [i.domain, i])).values()];
      await trx.deleteFrom("securityItems").where("dataSourceId", "=", dataSourceId).execute();
      if (items.length) await trx.insertInto("securityItems").values(items.map((i) => ({ companyId, dataSourceId, domain: i.domain, verifiedBy: i.verifiedBy, verifiedAt: i.verifiedAt, checkedAt: at }))).execute();
      inError = items.filter(securityInError).length;
      total = items.length;
    } else if (outcome.kind === "product") {
      const items = [...new Map(outcome.items.map((p) => [p.productId, p])).values()];
      await trx.deleteFrom("shoppingProducts").where("dataSourceId", "=", dataSourceId).execute();
      for (let i = 0; i < items.length; i += 1000) {
        await trx.insertInto("shoppingProducts").values(items.slice(i, i + 1000).map((p) => ({ companyId, dataSourceId, productId: p.productId, title: p.title, availability: p.availability, advertised: p.advertised, costYesterday: p.costYesterday, checkedAt: at }))).execute();
      }
      inError = items.filter(productInError).length;
      total = items.length;
    } else {
      const items = [...new Map(outcome.items.map((i) => [i.tagId, i])).values()];
      await trx.deleteFrom("conversionTags").where("dataSourceId", "=", dataSourceId).execute();
      if (items.length) await trx.insertInto("conversionTags").values(items.map((t) => ({ companyId, dataSourceId, tagId: t.tagId, name: t.name, status: t.status, type: t.type, lastView: t.lastView, checkedAt: at }))).execute();
      inError = items.filter(tagInError).length;
      total = items.length;
    }
    await trx
      .insertInto("automaticCheckRuns")
      .values({ companyId, dataSourceId, kind: outcome.kind, checkedAt: at, error: null, inError, total, succeededAt: at })
      .onConflict((oc) => oc.columns(["dataSourceId", "kind"]).doUpdateSet({ checkedAt: at, error: null, inError, total, succeededAt: at }))
      .execute();
    return { inError, total };
  });
}

export async function getCheckRun(db: DB, companyId: number, dataSourceId: number, kind: AutomaticCheckKind) {
  return db
    .selectFrom("automaticCheckRuns")
    .select(["kind", "checkedAt", "succeededAt", "inError", "total", "error"])
    .where("companyId", "=", companyId)
    .where("dataSourceId", "=", dataSourceId)
    .where("kind", "=", kind)
    .executeTakeFirst();
}

/** The home cards: in-error and total counts of each check kind run on the account. */
export async function checkCounts(db: DB, companyId: number, dataSourceId: number): Promise<Partial<Record<AutomaticCheckKind, { inError: number; total: number; checkedAt: Date }>>> {
  const rows = await db.selectFrom("automaticCheckRuns").select(["kind", "inError", "total", "checkedAt"]).where("companyId", "=", companyId).where("dataSourceId", "=", dataSourceId).execute();
  return Object.fromEntries(rows.map((r) => [r.kind, { inError: r.inError, total: r.total, checkedAt: r.checkedAt }]));
}

export async function listSecurityItems(db: DB, companyId: number, dataSourceId: number): Promise<SecurityItem[]> {
  return db.selectFrom("securityItems").select(["domain", "verifiedBy", "verifiedAt"]).where("companyId", "=", companyId).where("dataSourceId", "=", dataSourceId).orderBy("domain").execute();
}

export async function listConversionTags(db: DB, companyId: number, dataSourceId: number): Promise<ConversionTagItem[]> {
  return db.selectFrom("conversionTags").select(["tagId", "name", "status", "type", "lastView"]).where("companyId", "=", companyId).where("dataSourceId", "=", dataSourceId).orderBy("name").orderBy("tagId").execute();
}

/** The stored products of the account, the ones to act on (advertised, not in stock) first. */
export async function listShoppingProducts(db: DB, companyId: number, dataSourceId: number): Promise<ProductItem[]> {
  const rows = await db.selectFrom("shoppingProducts").select(["productId", "title", "availability", "advertised", "costYesterday"]).where("companyId", "=", companyId).where("dataSourceId", "=", dataSourceId).orderBy("title").orderBy("productId").execute();
  return [...rows.filter(productInError), ...rows.filter((r) => !productInError(r))];
}

/** Whether product_available is activated on the account (from /ads). */
export async function productCheckActivation(db: DB, companyId: number, dataSourceId: number) {
  return db.selectFrom("productCheckActivations").select(["activatedAt"]).where("companyId", "=", companyId).where("dataSourceId", "=", dataSourceId).executeTakeFirst();
}

/** Activates product_available on the account; false when it already was. */
export async function activateProductCheck(db: DB, companyId: number, dataSourceId: number, userId: number | null): Promise<boolean> {
  const source = await db.selectFrom("dataSources").select("id").where("companyId", "=", companyId).where("id", "=", dataSourceId).executeTakeFirst();
  if (!source) return false;
  const inserted = await db.insertInto("productCheckActivations").values({ companyId, dataSourceId, activatedBy: userId }).onConflict((oc) => oc.column("dataSourceId").doNothing()).returning("dataSourceId").executeTakeFirst();
  return Boolean(inserted);
}

/** The accounts among the given ones with product_available activated (the worker's filter). */
export async function productCheckActivatedIds(db: DB, dataSourceIds: number[]): Promise<Set<number>> {
  if (!dataSourceIds.length) return new Set();
  const rows = await db.selectFrom("productCheckActivations").select("dataSourceId").where("dataSourceId", "in", dataSourceIds).execute();
  return new Set(rows.map((r) => r.dataSourceId));
}

/**
 * The accounts the worker's monitoring passes visit: alert-activated, not blocked, with their
 * source's platform and encrypted credential (used by the URL checker, the daily statistics and
 * the security and conversion-tag checks).
 */
export async function listMonitoredAccounts(db: DB, filter: { companyId?: number; dataSourceIds?: number[] } = {}) {
  let q = db
    .selectFrom("dataSources as ds")
    .innerJoin("networkAuthorizations as na", (j) => j.onRef("na.id", "=", "ds.networkAuthorizationId").onRef("na.companyId", "=", "ds.companyId"))
    .select(["ds.id", "ds.companyId", "ds.accountId", "ds.name", "ds.timezone", "ds.currency", "na.id as naId", "na.platform", "na.credentialEncrypted"])
    .where("ds.activateAlert", "=", true)
    .where("ds.blockedAt", "is", null);
  if (filter.companyId) q = q.where("ds.companyId", "=", filter.companyId);
  if (filter.dataSourceIds) q = q.where("ds.id", "in", filter.dataSourceIds.length ? filter.dataSourceIds : [-1]);
  return q.orderBy("ds.id").execute();
}
