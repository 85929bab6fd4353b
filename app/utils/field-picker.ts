// What a field picker shows, computed the same way on the server (the page without JavaScript:
// search submitted with the form) and in the browser (search as you type): which fields match a
// search, their categories, and why a field cannot be added (the platform's compatibility rules).

export type PickerField = {
  id: string;
  name: string;
  description?: string;
  /** The platform's grouping; absent, fields group as "Metrics" / "Dimensions". */
  category?: string;
  type?: "metric" | "dimension" | string;
  /** Why the platform refuses this field with the current selection (greyed out). */
  reason?: string;
};

/** The search words all appear in the field's name, id, category or description. */
export function matchesSearch(field: PickerField, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${field.name} ${field.id} ${field.category ?? ""} ${field.description ?? ""}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

export const categoryOf = (field: PickerField) => field.category || (field.type === "metric" ? "Metrics" : field.type === "dimension" ? "Dimensions" : "Fields");

/** Fields by category, categories in the order they first appear. */
export function groupByCategory<T extends PickerField>(fields: readonly T[]): { category: string; fields: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const field of fields) {
    const category = categoryOf(field);
    const list = groups.get(category);
    if (list) list.push(field);
    else groups.set(category, [field]);
  }
  return [...groups].map(([category, list]) => ({ category, fields: list }));
}

/** Fields with the reason each one is refused, from a connector's incompatibleFields answer. */
export function withReasons<T extends PickerField>(fields: readonly T[], incompatible: readonly { fieldId: string; reason: string }[]): T[] {
  const reasons = new Map(incompatible.map((i) => [i.fieldId, i.reason]));
  return fields.map((f) => (reasons.has(f.id) ? { ...f, reason: reasons.get(f.id) } : f));
}

/** The offered fields, and after them the selected ids none of them is (an old alert's or job's field), marked unknown. */
export function withUnknown(fields: readonly PickerField[], selected: readonly string[]): readonly PickerField[] {
  const known = new Set(fields.map((f) => f.id));
  const unknown = selected.filter((id) => !known.has(id));
  if (unknown.length === 0) return fields;
  return [...fields, ...unknown.map((id) => ({ id, name: `${id} (unknown)`, category: "Not offered any more", description: "The platform no longer lists this field." }))];
}

/** A search term from a request, bounded (it is echoed into the page). */
export function searchTerm(value: FormDataEntryValue | string | null | undefined): string {
  return typeof value === "string" ? value.trim().slice(0, 100) : "";
}
