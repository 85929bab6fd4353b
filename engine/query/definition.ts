// What executeQuery accepts. The app builds it from the query URL or a saved query; the zod
// schema lets it validate untrusted input at the boundary.
import { z } from "zod";
import { DATE_PRESETS } from "../core/dates.js";
import { FILTER_TYPES } from "../core/types.js";

export const ACCOUNT_COLUMNS = ["account_timezone", "account_currency"] as const;
export type AccountColumn = (typeof ACCOUNT_COLUMNS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD");

export const queryAccountSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  timezone: z.string().min(1),
  currency: z.string().min(1),
  status: z.string().optional(),
  /** The source (network authorization) this account is read through. */
  authorizationId: z.string().optional(),
  /** Its platform, in a query over several platforms (decision 0931). */
  platform: z.string().optional(),
});

export const queryDateSchema = z.union([
  z.object({ start: day, end: day }),
  z.object({
    preset: z.enum(DATE_PRESETS),
    start: day.optional(),
    end: day.optional(),
    since: day.optional(),
  }),
]);

export const queryDefinitionSchema = z.object({
  platform: z.string().min(1),
  accounts: z.array(queryAccountSchema).min(1, "You need to set at least one accounts."),
  metrics: z.array(z.string().min(1)).default([]),
  dimensions: z.array(z.string().min(1)).default([]),
  date: queryDateSchema,
  granularity: z.enum(["day", "hour"]).optional(),
  filters: z
    .array(z.object({ field: z.string().min(1), type: z.enum(FILTER_TYPES), value: z.union([z.string(), z.number()]).optional() }))
    .default([]),
  options: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
});

export type QueryAccount = z.infer<typeof queryAccountSchema>;
export type QueryDate = z.infer<typeof queryDateSchema>;
export type QueryDefinition = z.input<typeof queryDefinitionSchema>;
