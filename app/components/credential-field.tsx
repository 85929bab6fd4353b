// One field of a platform's credential connection form (spec 3 §2.7), shared by the signed-in
// credential forms and the client connect link's page (decision 0932).
import type { FormField } from "~/utils/credential-form-schema";

export const credentialInputClass = "mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500";

export function CredentialField({ field, meta }: { field: FormField; meta: { id: string; errors?: string[]; initialValue?: unknown } }) {
  const errorId = meta.errors?.length ? `${meta.id}-error` : undefined;
  const common = {
    id: meta.id,
    name: field.name,
    required: field.required,
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": errorId,
    className: `${credentialInputClass} ${errorId ? "border-red-400" : "border-slate-300"}`,
  };
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : field.default;
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-700">
        {field.label}
      </label>
      {field.type === "select" ? (
        <select {...common} defaultValue={initial ?? ""}>
          {field.choices?.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : field.type === "textarea" ? (
        <textarea {...common} rows={4} defaultValue={initial} placeholder={field.placeholder} />
      ) : (
        <input
          {...common}
          type={field.type === "password" ? "password" : field.type === "url" ? "url" : "text"}
          defaultValue={field.type === "password" ? undefined : initial}
          placeholder={field.placeholder}
          autoComplete={field.type === "password" ? "off" : undefined}
        />
      )}
      {field.help ? <p className="mt-1 text-xs text-slate-500">{field.help}</p> : null}
      <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600" id={errorId}>
        {meta.errors?.length ? meta.errors.join(" ") : null}
      </div>
    </div>
  );
}

