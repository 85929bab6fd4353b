// Enforcing a connector's compatibility rules (Connector.incompatibleFields) before any report
// request: a selection that breaks one is the caller's to fix, so it is a 400 naming the fields.
import { IncompatibleFieldsError } from "./errors.js";
import type { FieldIncompatibility } from "./types.js";

/** Throws when a selected field is among the incompatibilities computed for the selection. */
export function assertCompatible(platform: string, selected: readonly string[], incompatible: readonly FieldIncompatibility[]): void {
  const chosen = new Set(selected);
  const conflicts = incompatible.filter((i) => chosen.has(i.fieldId));
  if (conflicts.length > 0) throw new IncompatibleFieldsError(platform, conflicts);
}
