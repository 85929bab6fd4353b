import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "./forms";
import type { ReactNode } from "react";

/**
 * A confirmation step that works without JavaScript: the page renders it when the URL asks for
 * it (?confirm=...), its button posts the real action, Cancel is a link back.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelHref,
  fields,
  action,
  tone = "danger",
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelHref: string;
  fields: Record<string, string>;
  action?: string;
  tone?: "danger" | "primary";
}) {
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="confirm-title" className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <h2 id="confirm-title" className="text-lg font-semibold">{title}</h2>
        <div className="mt-2 text-sm text-slate-600">{children}</div>
        <Form method="post" action={action} className="mt-5 flex justify-end gap-2">
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <Link to={cancelHref} className="rounded-md px-4 py-2 text-sm text-slate-600 hover:bg-slate-100">Cancel</Link>
          <SubmitButton variant={tone === "danger" ? "danger" : "primary"}>{confirmLabel}</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
