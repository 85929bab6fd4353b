// Texts and constants of the sources screens, safe for the browser bundle (the service re-exports
// them for the server side).
import { z } from "zod";
import { idField } from "../../lib/ids.js";

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

/** `from` value of a connection started in the alert onboarding wizard: the return goes back to it. */
export const ALERT_ONBOARDING = "alert-onboarding";

/** Where a finished connection lands: the source's page, or the onboarding wizard with the source chosen. */
export function connectedSourcePath(sourceId: number, fromApp: string | null | undefined): string {
  return fromApp === ALERT_ONBOARDING ? `/data-sources/add?source=${sourceId}` : `/data-connector/sources/${sourceId}`;
}

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
  sourceId: idField().optional(),
  from: z.string().optional(),
});

export const SOURCES_PAGE_SIZE = 20;
export const SOURCE_SORTS = ["name", "platform", "connected", "status"] as const;
export type SourceSort = (typeof SOURCE_SORTS)[number];

type Sortable = { name: string; platformName: string; totalActivatedDataSource: number; badge: { tone: string } };
const TONE_RANK: Record<string, number> = { error: 0, warning: 1, success: 2 };

/** Sorts (by a column of the sources table) and pages a company's sources; bad input falls back. */
export function sortAndPageSources<T extends Sortable>(rows: T[], query: { sort?: string | null; dir?: string | null; page?: string | null }) {
  const sort: SourceSort = (SOURCE_SORTS as readonly string[]).includes(query.sort ?? "") ? (query.sort as SourceSort) : "name";
  const dir = query.dir === "desc" ? "desc" : "asc";
  const text = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });
  const compare: Record<SourceSort, (a: T, b: T) => number> = {
    name: (a, b) => text(a.name, b.name),
    platform: (a, b) => text(a.platformName, b.platformName) || text(a.name, b.name),
    connected: (a, b) => a.totalActivatedDataSource - b.totalActivatedDataSource || text(a.name, b.name),
    status: (a, b) => (TONE_RANK[a.badge.tone] ?? 3) - (TONE_RANK[b.badge.tone] ?? 3) || text(a.name, b.name),
  };
  const sorted = [...rows].sort((a, b) => (dir === "asc" ? 1 : -1) * compare[sort](a, b));
  const pages = Math.max(1, Math.ceil(sorted.length / SOURCES_PAGE_SIZE));
  const requested = Number.parseInt(query.page ?? "1", 10);
  const page = Number.isFinite(requested) ? Math.min(Math.max(1, requested), pages) : 1;
  return { rows: sorted.slice((page - 1) * SOURCES_PAGE_SIZE, page * SOURCES_PAGE_SIZE), sort, dir, page, pages, total: sorted.length };
}
