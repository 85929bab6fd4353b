import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";

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

/**
 * Whether the navigation under way is the submission of `button`: same form action and method,
 * and the same values for the button's own name and the form's hidden inputs (the intent of
 * forms that share an action). Read from the DOM at render, after the submission started.
 */
function isSubmissionOf(button: HTMLButtonElement | null, navigation: ReturnType<typeof useNavigation>): boolean {
  const form = button?.form;
  if (!form || navigation.state === "idle" || !navigation.formData || !navigation.formAction) return false;
  const action = new URL(form.action, window.location.href);
  const navAction = new URL(navigation.formAction, window.location.href);
  if (action.pathname !== navAction.pathname) return false;
  if ((form.method || "get").toLowerCase() !== (navigation.formMethod ?? "").toLowerCase()) return false;
  const expected: [string, string][] = [];
  if (button.name) expected.push([button.name, button.value]);
  for (const input of Array.from(form.querySelectorAll<HTMLInputElement>("input[type=hidden][name]"))) expected.push([input.name, input.value]);
  return expected.every(([name, value]) => navigation.formData!.getAll(name).includes(value));
}

/**
 * The one submit button (issue 19): while its own submission is under way it is disabled, says
 * `pendingLabel` and ignores further clicks, so a slow action (a destination check, a preview,
 * Run Now, Save) cannot be sent twice. It finds its submission itself (isSubmissionOf); pass
 * `busy` for a fetcher's. Without JavaScript it is a plain submit button.
 */
export function SubmitButton({
  children,
  busy,
  pendingLabel = "Please wait…",
  disabled,
  className = "",
  variant = "primary",
  ...rest
}: {
  children: ReactNode;
  busy?: boolean;
  pendingLabel?: string;
  disabled?: boolean;
  className?: string;
  variant?: "primary" | "secondary" | "danger";
  name?: string;
  value?: string;
  form?: string;
  "data-testid"?: string;
}) {
  const navigation = useNavigation();
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const sent = useRef(false);
  const pending = busy ?? isSubmissionOf(button, navigation);
  const pendingNow = useRef(pending);
  useEffect(() => {
    pendingNow.current = pending;
    if (!pending) sent.current = false;
  }, [pending]);
  useEffect(() => {
    const form = button?.form;
    if (!button || !form) return;
    // Runs before Remix's own submit handler, which skips a submission whose default is prevented.
    const guard = (event: SubmitEvent) => {
      if (event.submitter !== button) return;
      if (sent.current) return event.preventDefault();
      sent.current = true;
      // A submission that never became this button's pending navigation (refused before it left) must not lock it.
      window.setTimeout(() => {
        if (!pendingNow.current) sent.current = false;
      }, 1_000);
    };
    // A submission refused in the page (client validation) must not lock the button while the
    // person corrects the form: any edit allows the next submit; a second click alone does not.
    const edited = () => {
      if (!pendingNow.current) sent.current = false;
    };
    form.addEventListener("submit", guard);
    form.addEventListener("input", edited);
    form.addEventListener("change", edited);
    return () => {
      form.removeEventListener("submit", guard);
      form.removeEventListener("input", edited);
      form.removeEventListener("change", edited);
    };
  }, [button]);
  const colours = {
    primary: "bg-brand-600 text-white hover:bg-brand-700",
    secondary: "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
    danger: "bg-red-600 text-white hover:bg-red-700",
  }[variant];
  return (
    <button
      ref={setButton}
      type="submit"
      disabled={disabled || pending}
      aria-disabled={disabled || pending || undefined}
      data-pending={pending || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60 ${colours} ${className}`}
      {...rest}
    >
      {pending ? (
        <>
          <span aria-hidden className="inline-block h-4 w-4 rounded-full border-2 border-current border-t-transparent" style={{ animation: "spin 0.8s linear infinite" }} />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
