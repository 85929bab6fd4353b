import type { Kysely } from "kysely";

/**
 * Issue 19: times are shown in the user's time zone. users.time_zone is an IANA name the user
 * chose on their profile; null means "the browser's" (the web app reads it from a cookie the page
 * sets, UTC without JavaScript). Checked against Intl's list by the app, not here: the list moves
 * with ICU releases. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("time_zone", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("time_zone").execute();
}
