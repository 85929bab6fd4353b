// The template picker (spec 1 §2.5): search, one toggle per template (optimistic, spinner while
// busy, repeated clicks ignored), "Or start from scratch". Without JavaScript the search is a GET
// form and each toggle a POST form.
import { Form, Link, useFetcher } from "@remix-run/react";
import { useHydrated } from "~/utils/use-hydrated";
import { Spinner } from "./spinner";

export type PickerTemplate = { id: number; title: string; description?: string | null; type: string; usedByCurrentDataSource: boolean };
/** The starter library's automatic checks: always on, listed with a link to their page. */
export type PickerCheck = { title: string; description: string; href: string };

/** One template's switch: posts to the current route's action (intent toggle-template). */
export function TemplateToggle({ t }: { t: PickerTemplate }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const on = busy ? fetcher.formData?.get("on") === "1" : t.usedByCurrentDataSource;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="toggle-template" />
      <input type="hidden" name="sentryId" value={t.id} />
      <input type="hidden" name="on" value={on ? "0" : "1"} />
      {/* Posted by a fetcher: the action answers in place; without it, a redirect back with the toast. */}
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
      {busy ? <Spinner label="Saving" className="h-4 w-4" /> : null}
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-label={`${on ? "Deactivate" : "Activate"} ${t.title}`}
        onClick={(e) => {
          if (busy) e.preventDefault();
        }}
        className={`relative h-6 w-11 rounded-full transition ${on ? "bg-brand-600" : "bg-slate-300"}`}
      >
        <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition ${on ? "left-5" : "left-0.5"}`} />
      </button>
    </fetcher.Form>
  );
}

/** Search box and one toggle per template; `hidden` keeps the page's own URL state in the search. */
export function TemplateList({ templates, search, hidden, checks = [] }: { templates: PickerTemplate[]; search: string; hidden: Record<string, string>; checks?: PickerCheck[] }) {
  return (
    <>
      <Form method="get" className="mb-3">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="sr-only" htmlFor="template-search">Search for a template</label>
        <input id="template-search" name="q" defaultValue={search} placeholder="Search for a template" className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </Form>
      {templates.length === 0 && checks.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">No template</p>
      ) : (
        <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
          {templates.map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="template-row">
              <span className="min-w-0">
                <span className="block font-medium text-slate-800">{t.title}</span>
                {t.description ? <span className="block text-xs text-slate-500">{t.description}</span> : null}
              </span>
              <TemplateToggle t={t} />
            </li>
          ))}
          {checks.map((c) => (
            <li key={c.title} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="check-row">
              <span className="min-w-0">
                <span className="block font-medium text-slate-800">{c.title}</span>
                <span className="block text-xs text-slate-500">{c.description}</span>
              </span>
              <Link to={c.href} className="shrink-0 text-xs text-brand-700 hover:underline">Always on · view</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function TemplatePicker({ templates, checks, search, closeHref, scratchHref }: { templates: PickerTemplate[]; checks?: PickerCheck[]; search: string; closeHref: string; scratchHref: string }) {
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="picker-title" className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
      <div className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="picker-title" className="text-lg font-semibold">Create an alert</h2>
          <Link to={closeHref} className="text-sm text-slate-500 hover:underline">Close</Link>
        </div>
        <TemplateList templates={templates} checks={checks} search={search} hidden={{ picker: "1" }} />
        <Link to={scratchHref} className="mt-4 block text-sm text-brand-700 hover:underline">Or start from scratch</Link>
      </div>
    </div>
  );
}
