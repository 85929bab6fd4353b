// Pieces of the wizards (getting started, alert onboarding): the progress stepper (each step is
// complete, current or upcoming; the current one carries aria-current="step") and the cards of the
// company's sources to pick one from.
import { Link } from "@remix-run/react";

export type StepStatus = "complete" | "current" | "upcoming";

export function stepStatus(index: number, current: number): StepStatus {
  return index < current ? "complete" : index === current ? "current" : "upcoming";
}

export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="mb-6 flex gap-6 text-sm" aria-label="Progress">
      {steps.map((label, i) => {
        const status = stepStatus(i, current);
        return (
          <li key={label} data-status={status} aria-current={status === "current" ? "step" : undefined} className={`flex items-center gap-2 ${status === "upcoming" ? "text-slate-500" : status === "current" ? "font-semibold text-brand-700" : "text-green-700"}`}>
            <span className={`flex h-6 w-6 items-center justify-center rounded-full text-xs ${status === "complete" ? "bg-green-600 text-white" : status === "current" ? "bg-brand-600 text-white" : "bg-slate-200"}`}>{status === "complete" ? "✓" : i + 1}</span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

export type SourceCard = { id: number; name: string; platformName: string; icon: string; accounts: number };

/** One card per source, each a link to `?source={id}` (a GET: works without JavaScript). */
export function SourceCards({ sources, columns = "lg:grid-cols-4" }: { sources: SourceCard[]; columns?: string }) {
  return (
    <ul className={`grid grid-cols-1 gap-3 sm:grid-cols-2 ${columns}`}>
      {sources.map((s) => (
        <li key={s.id}>
          <Link to={`?source=${s.id}`} className="block rounded-lg border border-slate-200 p-4 hover:border-brand-400 hover:bg-brand-50" data-testid="source-card">
            <img src={s.icon} alt="" className="mb-2 h-8 w-8" />
            <span className="block font-medium">{s.name}</span>
            <span className="block text-xs text-slate-500">{s.platformName}</span>
            <span className="mt-1 block text-xs text-slate-600">{s.accounts} accounts available.</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
