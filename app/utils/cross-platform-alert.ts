// The cross-platform spend alert's form (decision 0931), shared by the page (conform, in the
// browser) and the server: route modules cannot take values from .server modules.
import { z } from "zod";
import { idField } from "../../lib/ids.js";

/** Whole-day windows only: the platforms' days are added up. */
export const CROSS_PLATFORM_WINDOWS = ["yesterday", "7_days", "30_days", "last_month"] as const;
export const CROSS_PLATFORM_OPERATORS = ["sum", "avg", "max", "min"] as const;

export const CrossPlatformAlertSchema = z.object({
  title: z.string({ error: "Please input a name for your alert" }).trim().min(1, "Please input a name for your alert").max(120, "Use at most 120 characters"),
  account: z.array(idField("Choose accounts from the list")).min(1, "Choose at least one account").max(100, "At most 100 accounts"),
  operator: z.enum(CROSS_PLATFORM_OPERATORS, { error: "Choose how the days are combined" }),
  comparison: z.enum(["above", "below"], { error: "Choose above or below" }),
  amount: z.coerce.number({ error: "Please input a number" }).positive("The amount must be positive").max(1e12, "The amount is too large"),
  during: z.enum(CROSS_PLATFORM_WINDOWS, { error: "Choose a period" }),
});
export type CrossPlatformAlertInput = z.infer<typeof CrossPlatformAlertSchema>;

