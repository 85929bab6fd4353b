import { sameOriginPath } from "./safe-redirect";

// Links of the BI and spreadsheet pages (spec 2 §2). The add-ons' store listings and the Looker
// Studio connector deployment are configured per installation; these defaults point at the
// public product pages of each tool.
export const LOOKER_STUDIO_CREATE_URL = "https://lookerstudio.google.com/datasources/create";
export const GOOGLE_SHEETS_INSTALL_URL = "https://workspace.google.com/marketplace/search/signalpost";
export const GOOGLE_SHEETS_DEMO_URL = "https://docs.google.com/spreadsheets/d/1signalpost-demo-template/copy";
export const EXCEL_INSTALL_URL = "https://appsource.microsoft.com/en-us/marketplace/apps?search=signalpost&product=office";
export const EXCEL_DEMO_URL = "https://go.microsoft.com/fwlink/?linkid=2190950";

/** Spec 2 §2: the catalogue shows these first, in this order; the rest follows alphabetically. */
export const LOOKER_STUDIO_PREFERRED = ["google-ads", "facebook-ads", "google-analytics", "linkedin", "tik-tok", "bing-ads", "google-search-console", "instagram", "shopify", "demo"];

export const CATEGORY_LABELS: Record<string, string> = {
  ADS: "Ads",
  PRODUCT_FEED: "Product Feed",
  SOCIAL: "Social",
  STORE_APPLICATION: "Application Store",
  CRM: "CRM",
  EMAILING: "Emailing",
  ANALYTICS: "Analytics",
  "E-COMMERCE": "E-commerce",
  PAYMENT: "Finance",
  REVIEW: "Review",
};

export type CatalogueEntry = { id: string; name: string; category: string; flag?: string };

/** Name or category contains the search (case-insensitive); preferred first, then alphabetical. */
export function searchLookerCatalogue(entries: readonly CatalogueEntry[], search: string): CatalogueEntry[] {
  const q = search.trim().toLowerCase();
  const matching = q
    ? entries.filter((e) => e.name.toLowerCase().includes(q) || (CATEGORY_LABELS[e.category] ?? e.category).toLowerCase().includes(q) || e.category.toLowerCase().includes(q))
    : [...entries];
  const rank = (e: CatalogueEntry) => {
    const i = LOOKER_STUDIO_PREFERRED.indexOf(e.id);
    return i === -1 ? LOOKER_STUDIO_PREFERRED.length : i;
  };
  return matching.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

/** Spec 3 §2.8 / §5: a Google Drive share link must contain /d/{id}; templates download from its direct link. */
export function googleDriveDirectDownload(shareUrl: string): { ok: true; url: string } | { ok: false; error: string } {
  const match = /\/d\/([A-Za-z0-9_-]+)/.exec(shareUrl);
  if (!match) return { ok: false, error: "Invalid Google Drive share URL" };
  return { ok: true, url: `https://drive.google.com/uc?export=download&id=${match[1]}` };
}

/** Spec 3 §2.8 redirect landing page types; the default is the dashboard tool (Looker Studio). */
export const REDIRECT_TYPES = ["LOOKER_STUDIO", "POWER_BI", "GOOGLE_SHEETS"] as const;

/** Hosts the /redirect landing page may send a browser to (the BI tools' own pages). */
const REDIRECT_HOSTS = ["lookerstudio.google.com", "datastudio.google.com", "docs.google.com", "drive.google.com", "script.google.com", "app.powerbi.com"];

/** A same-site path, or an https URL on one of the BI tools' hosts; anything else is refused. */
export function safeLandingTarget(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith("/") || value.startsWith("\\")) return sameOriginPath(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && REDIRECT_HOSTS.includes(url.hostname) ? url.toString() : null;
  } catch {
    return null;
  }
}
