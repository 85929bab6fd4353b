// Texts and constants of the sources screens, safe for the browser bundle (the service re-exports
// them for the server side).
import { z } from "zod";

/** Spec 2 §8 texts (with the README's grammar fix: "a new integration"). */
export const SOURCE_MESSAGES = {
  addAuthorizationFailedTitle: "Unable to add a new integration",
  addAuthorizationFailed: (platform: string, parts: Array<string | null | undefined>) =>
    [`There is an error when we try to add the authorization for ${platform}.`, ...parts.filter((p): p is string => Boolean(p))].join(" "),
  createFailedTitle: "Unable to create the source.",
  createFailed: "An error occurred when we try to add your source.",
  deleteFailedTitle: "Unable to delete the source",
  deleteFailed: "An error occurred. Please try again.",
  unableToConnect: "Unable to connect",
  noAuthParameter: "We do not find any way to auth",
  notAvailable: "Not available",
} as const;

export const BLOCKED_MESSAGE = "This account is blocked. You need to unblock it to fetch data.";

/** Query value of the Looker Studio (Google Data Studio) alternate return (spec 3 §4). */
export const GOOGLE_DATA_STUDIO = "google-data-studio";

/** Spec 2 §2 tabs, mapped onto the catalogue's categories. */
export const SOURCE_TABS = [
  { id: "all", label: "All", categories: [] },
  { id: "ads", label: "Ads", categories: ["ADS"] },
  { id: "product-feed", label: "Product Feed", categories: ["PRODUCT_FEED"] },
  { id: "social", label: "Social", categories: ["SOCIAL"] },
  { id: "application-store", label: "Application Store", categories: ["STORE_APPLICATION"] },
  { id: "crm", label: "CRM", categories: ["CRM"] },
  { id: "emailing", label: "Emailing", categories: ["EMAILING"] },
  { id: "analytics", label: "Analytics", categories: ["ANALYTICS"] },
  { id: "e-commerce", label: "E-commerce", categories: ["E-COMMERCE"] },
  { id: "finance", label: "Finance", categories: ["PAYMENT"] },
  { id: "review", label: "Review", categories: ["REVIEW"] },
] as const;

export const SOURCE_NAME_REQUIRED = "You need to set a name to the source.";
export const sourceNameSchema = z
  .string({ error: SOURCE_NAME_REQUIRED })
  .trim()
  .min(1, SOURCE_NAME_REQUIRED)
  .max(120, "The name is too long (120 characters at most).");

/** The connect step of a new source or of a refresh (sourceId set). */
export const ConnectSchema = z.object({
  intent: z.literal("connect"),
  platform: z.string({ error: "You need to choose a platform." }).min(1),
  name: sourceNameSchema,
  mode: z.enum(["page", "popup"]).default("page"),
  sourceId: z.coerce.number().int().positive().optional(),
  from: z.string().optional(),
});
