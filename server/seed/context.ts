import type { DB } from "../../db/connection.js";
import type { Company, User } from "../../db/schema.js";

export const DEMO_COMPANY_NAME = "Demo Agency";
export const DEMO_USER = { email: "demo@signalpost.local", password: "demo-password", firstName: "Dana", lastName: "Demo" };
/** A second company, half-way through getting started (issue 19): a source, no account chosen yet. */
export const NEWCOMER_USER = { email: "newcomer@signalpost.local", password: "newcomer-password", firstName: "Nico", lastName: "Newcomer" };
export const NEWCOMER_COMPANY_NAME = "Newcomer Studio";
export const DEMO_ADMIN = { email: "admin@signalpost.local", password: "admin-password", firstName: "Ada", lastName: "Admin" };

/** What every seed step receives: the demo company and its people, created by the core step. */
export type SeedContext = { db: DB; company: Company; user: User; admin: User; log: (m: string) => void };

/**
 * A seed step adds one issue's demo objects. It must be idempotent (the start command seeds on
 * every start): check for its own objects first and return when they exist.
 */
export type SeedStep = { name: string; run: (ctx: SeedContext) => Promise<void> };
