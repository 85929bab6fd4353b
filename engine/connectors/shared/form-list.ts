// The lists typed in connection forms ("Page ids", "Accounts (separate by commas)") arrive as
// options.<name>: an array from the form builder, or a comma-separated string from older sources
// and the CLI. Both become trimmed, de-duplicated entries without a leading @.
import type { Credential } from "../../core/types.js";

export function formList(credential: Credential, name = "accounts", clean: (entry: string) => string = (s) => s): string[] {
  const raw = (credential as { options?: Record<string, unknown> }).options?.[name];
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : [];
  return [...new Set(list.map((s) => clean(String(s).trim()).replace(/^@/, "")).filter(Boolean))];
}
