// What a connector folder's platform.ts uses to write its catalogue entry (decision 0870): the
// defaults every platform shares, the form-field builders of spec 3 §2.7/§7 and the alert option
// sets of spec 1 §3. The auth method is not here: the catalogue takes it from the folder's
// connector, so it is stated once.
import type { AuthMethod } from "../core/types.js";
import type { AlertOptions, Category, ConnectionField, PayloadSlot, PlatformEntry } from "./types.js";

type Extra = Partial<Omit<PlatformEntry, "id" | "displayName" | "category" | "icon">> & {
  monogram?: string;
  color?: string;
  /** Only for a folder without a connector yet ("coming soon"); otherwise the connector says it. */
  authMethod?: AuthMethod;
};

function monogramOf(displayName: string): string {
  const words = displayName.replace(/[^A-Za-z0-9 ]/g, " ").split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : displayName.slice(0, 2)).toUpperCase();
}

/** A catalogue entry with the shared defaults: available to all, reporting studio and ETL on, no alerts. */
export function definePlatform(id: string, displayName: string, category: Category, extra: Extra = {}): PlatformEntry {
  const { monogram, color, ...rest } = extra;
  return {
    id,
    displayName,
    category,
    alertsActive: false,
    availableToAll: true,
    reportingStudio: true,
    etl: true,
    alertOptions: {},
    connectionFields: [],
    description: `${displayName} data.`,
    icon: { monogram: monogram ?? monogramOf(displayName), color: color ?? "#475569" },
    ...rest,
  };
}

// --- form field builders (spec 3 §2.7 fields, spec 3 §7 payload slots) ---------------------

export function field(name: string, label: string, slots: PayloadSlot | PayloadSlot[], more: Partial<ConnectionField> = {}): ConnectionField {
  return { name, label, type: "text", required: true, slots: Array.isArray(slots) ? slots : [slots], ...more };
}
export const secretField = (name: string, label: string, slots: PayloadSlot | PayloadSlot[], more: Partial<ConnectionField> = {}) =>
  field(name, label, slots, { type: "password", ...more });
export const urlField = (name: string, label: string, slots: PayloadSlot | PayloadSlot[], more: Partial<ConnectionField> = {}) =>
  field(name, label, slots, { type: "url", placeholder: "https://", ...more });
export const apiKeyOnly = (label = "API Key"): ConnectionField[] => [secretField("consumerKey", label, "key")];

// --- alert options (spec 1 §3 alert option catalogue) -----------------------------------------

const ADS_ALERTS: AlertOptions = { pacing: ["CAMPAIGN", "ACCOUNT"], metric: ["CAMPAIGN", "ACCOUNT"], anomaly: ["CAMPAIGN", "ACCOUNT"] };
export const adsAlerts = (more: AlertOptions = {}): Pick<PlatformEntry, "alertsActive" | "alertOptions"> => ({
  alertsActive: true,
  alertOptions: { ...ADS_ALERTS, ...more },
});

// --- review sources (spec 3 §2.7: one identifier list, key fixed to "void") -------------------

export function reviewPlatform(id: string, displayName: string, where: string, color: string): PlatformEntry {
  return definePlatform(id, displayName, "REVIEW", {
    formRoute: `/${id}`,
    fixedCredential: { key: "void" },
    connectionFields: [field("accounts", "List of Identifier ids (separate by commas)", "options.accounts", { list: true, help: where })],
    color,
    description: `Public reviews and ratings from ${displayName.replace(/ reviews?$/i, "")}.`,
  });
}
