import type { InputHTMLAttributes, ReactNode } from "react";

/** Label, input and an error slot of fixed height (so layout does not jump when errors appear). */
export function Field({
  label,
  errors,
  inputProps,
  help,
}: {
  label: ReactNode;
  errors?: string[] | null;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  help?: ReactNode;
}) {
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  return (
    <div>
      <label htmlFor={inputProps.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...inputProps}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 ${errorId ? "border-red-400" : "border-slate-300"} ${inputProps.readOnly ? "bg-slate-100" : "bg-white"}`}
      />
      {help ? <p className="mt-1 text-xs text-slate-500">{help}</p> : null}
      <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600" id={errorId}>
        {errors?.length ? errors.join(" ") : null}
      </div>
    </div>
  );
}

export function Banner({ tone, title, children }: { tone: "error" | "success" | "info"; title: string; children?: ReactNode }) {
  const colours = { error: "border-red-200 bg-red-50 text-red-800", success: "border-green-200 bg-green-50 text-green-800", info: "border-brand-100 bg-brand-50 text-brand-700" }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border p-3 text-sm ${colours}`}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

export function SubmitButton({ children, busy, disabled, className = "", ...rest }: { children: ReactNode; busy?: boolean; disabled?: boolean; className?: string; name?: string; value?: string }) {
  return (
    <button
      type="submit"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...rest}
    >
      {busy ? "Please wait…" : children}
    </button>
  );
}
