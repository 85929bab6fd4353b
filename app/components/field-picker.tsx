// The one field picker of the query builder, the job wizard and the alert editor: hundreds of
// fields, searchable, grouped by the platform's categories, with descriptions, and the fields the
// platform refuses with the current selection greyed out with its reason.
// Without JavaScript it is part of its page's form: the search box is a form field and its Search
// button submits the form, the server answers with the matching fields (those selected but not
// shown stay in the form as hidden inputs) and the refusals for the submitted selection.
// With JavaScript the search filters as you type, and `onSelectionChange` lets the page ask the
// server again for the refusals (the query builder resubmits its GET form).
// A selected field the list does not know (an old alert's or job's field) stays listed, marked
// unknown, so editing never silently drops it.
// FieldSelect is the short-list form of the same choice (a filter's field, a configuration value):
// one select, grouped by category, or a text input when the platform lists no field.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { groupByCategory, matchesSearch, withUnknown, type PickerField } from "~/utils/field-picker";
import { useHydrated } from "~/utils/use-hydrated";

export type { PickerField } from "~/utils/field-picker";

type Props = {
  /** Visible name of the list ("Metrics"). */
  label: string;
  /** The checkbox (or radio) name the form submits. */
  name: string;
  fields: readonly PickerField[];
  selected: readonly string[];
  /** Radio buttons instead of checkboxes. */
  multiple?: boolean;
  /** The search box's form name and its submitted value. */
  search: { name: string; value?: string };
  /** The submit button that runs the search without JavaScript (name/value the page's action reads). */
  searchButton: { name: string; value: string };
  /** Called with the new selection after a change (JavaScript only). */
  onSelectionChange?: (ids: string[]) => void;
  /**
   * Inputs shown under a checked field (a rename box). Rendered for every field and revealed by
   * CSS when its box is checked, so a field checked without JavaScript gets its inputs at once.
   */
  renderExtra?: (field: PickerField) => ReactNode;
  /** Prefix of the inputs' ids (`${idPrefix}-${field id}`); default: the name. */
  idPrefix?: string;
  emptyText?: string;
};

const SMALL = 40;


export function FieldPicker({ label, name, fields: offered, selected, multiple = true, search, searchButton, onSelectionChange, renderExtra, idPrefix = name, emptyText = "No field to choose from." }: Props) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState(search.value ?? "");
  const [checked, setChecked] = useState(() => new Set(selected));
  const selectedKey = selected.join("\u0000");
  // A server answer (another report, a refused field dropped) replaces the selection.
  useEffect(() => setChecked(new Set(selected)), [selectedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const fields = useMemo(() => withUnknown(offered, selected), [offered, selectedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // Without JavaScript the server filtered by the submitted search; with it, the typed one does.
  const term = hydrated ? filter : (search.value ?? "");
  const matching = useMemo(() => fields.filter((f) => matchesSearch(f, term)), [fields, term]);
  const shown = hydrated ? fields : matching;
  const matchIds = useMemo(() => new Set(matching.map((f) => f.id)), [matching]);
  const groups = useMemo(() => groupByCategory(shown), [shown]);
  const byId = useMemo(() => new Map(fields.map((f) => [f.id, f])), [fields]);
  const keptHidden = hydrated ? [] : [...checked].filter((id) => !matchIds.has(id));

  if (fields.length === 0) return <p className="text-sm text-slate-500">{emptyText}</p>;

  const toggle = (id: string, on: boolean) => {
    const next = multiple ? new Set(checked) : new Set<string>();
    if (on) next.add(id);
    else next.delete(id);
    setChecked(next);
    onSelectionChange?.([...next]);
  };
  const chosen = [...checked].map((id) => byId.get(id)).filter((f): f is PickerField => f !== undefined);

  return (
    <div className="space-y-2" data-field-picker={name}>
      <div className="flex gap-2">
        <input
          type="search"
          name={search.name}
          aria-label={`Search ${label.toLowerCase()}`}
          placeholder={`Search ${fields.length.toLocaleString("en-US")} ${label.toLowerCase()}`}
          defaultValue={search.value ?? ""}
          onChange={(e) => {
            // The page's own change handlers (the alert preview) are not about the search box.
            e.stopPropagation();
            setFilter(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (hydrated && e.key === "Enter") e.preventDefault();
          }}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
        {hydrated ? null : (
          <button type="submit" name={searchButton.name} value={searchButton.value} className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50">
            Search
          </button>
        )}
      </div>
      <p className="text-xs text-slate-500" aria-live="polite">
        {term ? `${matching.length.toLocaleString("en-US")} of ${fields.length.toLocaleString("en-US")} match "${term}"` : `${fields.length.toLocaleString("en-US")} ${label.toLowerCase()}`}
        {chosen.length > 0 ? ` · ${chosen.length} selected: ${chosen.map((f) => f.name).join(", ")}` : ""}
      </p>
      {keptHidden.map((id) => (
        <input key={id} type="hidden" name={name} value={id} />
      ))}
      {term && matching.length === 0 ? <p className="text-sm text-slate-600">No field matches &quot;{term}&quot;.</p> : null}
      <div className="max-h-96 space-y-1 overflow-auto rounded-md border border-slate-200 p-1">
        {groups.map(({ category, fields: list }) => {
          const visible = list.filter((f) => matchIds.has(f.id));
          const open = Boolean(term) || fields.length <= SMALL || list.some((f) => checked.has(f.id));
          return (
            <details key={category} open={open} hidden={visible.length === 0} className="rounded border border-slate-100" data-category={category}>
              <summary className="cursor-pointer bg-slate-50 px-2 py-1 text-xs font-semibold text-slate-700">
                {category} <span className="font-normal text-slate-500">({visible.length})</span>
              </summary>
              <ul className="divide-y divide-slate-50">
                {list.map((field) => {
                  const on = checked.has(field.id);
                  const refused = Boolean(field.reason) && !on;
                  const inputId = `${idPrefix}-${field.id}`;
                  return (
                    <li key={field.id} hidden={!matchIds.has(field.id)} className={`${matchIds.has(field.id) ? "flex" : "hidden"} flex-wrap items-start gap-x-2 px-2 py-1 ${refused ? "opacity-60" : ""}`} data-field={field.id}>
                      <input
                        id={inputId}
                        type={multiple ? "checkbox" : "radio"}
                        name={name}
                        value={field.id}
                        checked={on}
                        disabled={refused}
                        onChange={(e) => toggle(field.id, e.currentTarget.checked)}
                        className="peer mt-1 h-4 w-4 shrink-0"
                        aria-describedby={field.reason ? `${inputId}-reason` : undefined}
                      />
                      <label htmlFor={inputId} className="min-w-0 flex-1 text-sm">
                        <span className={refused ? "text-slate-500" : "text-slate-800"}>{field.name}</span> <span className="break-all text-xs text-slate-500">{field.id}</span>
                        {field.description ? <span className="block truncate text-xs text-slate-500" title={field.description}>{field.description}</span> : null}
                        {field.reason ? (
                          <span id={`${inputId}-reason`} className={`block text-xs ${on ? "text-red-700" : "text-slate-600"}`}>
                            {on ? "Conflicts with the selection: " : "Not available with the selection: "}
                            {field.reason}
                          </span>
                        ) : null}
                      </label>
                      {renderExtra ? <div className="hidden basis-full pl-6 pt-1 peer-checked:block">{renderExtra(field)}</div> : null}
                    </li>
                  );
                })}
              </ul>
            </details>
          );
        })}
      </div>
    </div>
  );
}

const selectClass = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/** One field of a short list by its name, the id kept as the value (see the header). */
export function FieldSelect({ name, label, fields, value, error, placeholder = "Choose a field", children }: { name: string; label: string; fields: readonly PickerField[]; value?: string; error?: string; placeholder?: string; children?: ReactNode }) {
  const described = error ? `${name}-error` : undefined;
  const unknown = value && !fields.some((f) => f.id === value) ? value : null;
  const groups = groupByCategory(fields);
  const option = (f: PickerField) => (
    <option key={f.id} value={f.id} title={f.description}>
      {f.name}
    </option>
  );
  return (
    <div className="block min-w-0 text-sm">
      <label htmlFor={name} className="text-slate-700">{label}</label>
      {fields.length === 0 ? (
        <input id={name} name={name} defaultValue={value} placeholder="field id" className={selectClass} aria-invalid={error ? true : undefined} aria-describedby={described} />
      ) : (
        <select id={name} name={name} defaultValue={value ?? ""} className={selectClass} aria-invalid={error ? true : undefined} aria-describedby={described}>
          <option value="">{placeholder}</option>
          {unknown ? <option value={unknown}>{unknown} (unknown)</option> : null}
          {groups.length > 1
            ? groups.map((g) => (
                <optgroup key={g.category} label={g.category}>
                  {g.fields.map(option)}
                </optgroup>
              ))
            : fields.map(option)}
        </select>
      )}
      {children}
      <p id={`${name}-error`} className="min-h-[1rem] text-xs text-red-600">
        {error ?? ""}
      </p>
    </div>
  );
}
