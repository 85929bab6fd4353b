// The ECB reference rates (decision 0930) and the company's reporting currency. Rates are not
// tenant data; the reporting currency is, and is read and written by company id like the rest.
import { sql } from "kysely";
import type { DB } from "../connection.js";

export type StoredRate = { day: string; currency: string; rate: number };

/** Inserts or corrects rates (the ECB republishes a day only to fix it); answers how many rows were written. */
export async function upsertRates(db: DB, rates: readonly StoredRate[], fetchedAt = new Date()): Promise<number> {
  let written = 0;
  // 2,000 rows (6,000 parameters) per statement keeps well under PostgreSQL's 65,535 limit.
  for (let i = 0; i < rates.length; i += 2_000) {
    const chunk = rates.slice(i, i + 2_000);
    const result = await db
      .insertInto("exchangeRates")
      .values(chunk.map((r) => ({ day: r.day, currency: r.currency, rate: r.rate, fetchedAt })))
      .onConflict((oc) =>
        oc.columns(["currency", "day"]).doUpdateSet({ rate: (eb) => eb.ref("excluded.rate"), fetchedAt }).where(sql<boolean>`exchange_rates.rate <> excluded.rate`),
      )
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

/** Rates of the given currencies (null: all of them) published between two days (inclusive), oldest first. */
export async function ratesBetween(db: DB, input: { from: string; to: string; currencies: readonly string[] | null }): Promise<StoredRate[]> {
  if (input.currencies?.length === 0) return [];
  let query = db.selectFrom("exchangeRates").select([sql<string>`day::text`.as("day"), "currency", "rate"]);
  if (input.currencies) query = query.where("currency", "in", [...input.currencies]);
  const rows = await query
    .where("day", ">=", input.from)
    .where("day", "<=", input.to)
    .orderBy("day")
    .execute();
  return rows.map((r) => ({ day: r.day, currency: r.currency, rate: Number(r.rate) }));
}

/** The span of days stored, and when the last fetch wrote; null before the first fetch. */
export async function rateCoverage(db: DB): Promise<{ first: string; last: string; days: number; fetchedAt: Date } | null> {
  const row = await db
    .selectFrom("exchangeRates")
    .select([
      sql<string | null>`min(day)::text`.as("first"),
      sql<string | null>`max(day)::text`.as("last"),
      sql<number>`count(distinct day)::int`.as("days"),
      sql<Date | null>`max(fetched_at)`.as("fetchedAt"),
    ])
    .executeTakeFirst();
  if (!row?.first || !row.last || !row.fetchedAt) return null;
  return { first: row.first, last: row.last, days: row.days, fetchedAt: row.fetchedAt };
}

/** The currencies the ECB published on its latest day (what a company may report in, besides EUR). */
export async function latestRates(db: DB): Promise<StoredRate[]> {
  const rows = await db
    .selectFrom("exchangeRates")
    .select([sql<string>`day::text`.as("day"), "currency", "rate"])
    .where("day", "=", (eb) => eb.selectFrom("exchangeRates").select(sql<string>`max(day)`.as("d")))
    .orderBy("currency")
    .execute();
  return rows.map((r) => ({ day: r.day, currency: r.currency, rate: Number(r.rate) }));
}

export async function setReportingCurrency(db: DB, companyId: number, currency: string | null): Promise<void> {
  await db.updateTable("companies").set({ reportingCurrency: currency }).where("id", "=", companyId).execute();
}
