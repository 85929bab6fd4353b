// The field picker (issue 18): one control for choosing a platform field by its name, shared by
// the alert editor's metric, configuration value and filter field. A select of the platform's
// fields ("Campaign name"), the id kept as the value; when the platform cannot list its fields
// without a credential, a text input takes the id by hand. A value the list does not know (an old
// alert's field) stays selectable, marked unknown, so editing never silently drops it.
import type { ReactNode } from "react";

export type PickableField = { id: string; name: string };

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

export function FieldPicker({ name, label, fields, value, error, placeholder = "Choose a field", children }: { name: string; label: string; fields: readonly PickableField[]; value?: string; error?: string; placeholder?: string; children?: ReactNode }) {
  const described = error ? `${name}-error` : undefined;
  const unknown = value && !fields.some((f) => f.id === value) ? value : null;
  return (
    <div className="block min-w-0 text-sm">
      <label htmlFor={name} className="text-slate-700">{label}</label>
      {fields.length === 0 ? (
        <input id={name} name={name} defaultValue={value} placeholder="field id" className={input} aria-invalid={error ? true : undefined} aria-describedby={described} />
      ) : (
        <select id={name} name={name} defaultValue={value ?? ""} className={input} aria-invalid={error ? true : undefined} aria-describedby={described}>
          <option value="">{placeholder}</option>
          {unknown ? <option value={unknown}>{unknown} (unknown)</option> : null}
          {fields.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      )}
      {children}
      <p id={`${name}-error`} className="min-h-[1rem] text-xs text-red-600">
        {error ?? ""}
      </p>
    </div>
  );
}
