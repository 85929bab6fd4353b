import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import type { SerializeFrom } from "@remix-run/node";
import { z } from "zod";
import { ApiKeyField, CopyButton } from "~/components/api-key";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { FieldPicker } from "~/components/field-picker";
import { Field, SubmitButton } from "~/components/forms";
import { Spinner } from "~/components/spinner";
import { DateTime } from "~/components/time";
import { useHydrated } from "~/utils/use-hydrated";
import { DATE_RANGE_LABELS, DATE_RANGES, FILTER_TYPE_LABELS, FILTER_TYPES, QUERY_FORMATS } from "~/utils/query-url";
import { BLENDED_PLATFORM_NAME } from "../../engine/browser.js";
import { formatNumber } from "../../lib/format.js";
import type { loadQueryBuilderPage } from "~/services/query-builder-page.server";

/** Same rules as the server's SaveQuerySchema (kept here so the browser bundle has no server import). */
const SaveSchema = z.object({
  intent: z.literal("save"),
  name: z.string({ error: "You need to set a name to the query." }).trim().min(1, "You need to set a name to the query.").max(120, "Use at most 120 characters"),
  state: z.string().default(""),
  keep_preview: z.literal("1").optional(),
});

type Data = SerializeFrom<typeof loadQueryBuilderPage>;

const SECTION_TITLES = {
  sources: "Sources",
  accounts: "Select account(s)",
  report: "Select report",
  metrics: "Metrics",
  dimensions: "Dimensions",
  date: "Date range",
  filters: "Filters",
  options: "Options",
} as const;
type SectionId = keyof typeof SECTION_TITLES;
const ORDER = Object.keys(SECTION_TITLES) as SectionId[];

const FORMAT_LABELS = { json: "JSON", csv: "CSV", tableau: "Tableau", powerbi: "PowerBI" } as const;

export const PLACEHOLDER = "Please input all the required field on the left side";

/** A step of the accordion; closed, its summary line says what was chosen there (issue 19). */
function Section({ id, current, title, error, children, nextDisabled, chosen }: { id: SectionId; current: SectionId; title: string; error?: string; children: ReactNode; nextDisabled?: boolean; chosen?: string }) {
  const index = ORDER.indexOf(id);
  const next = ORDER[index + 1];
  return (
    <details open={current === id} className="group rounded-md border border-slate-200 bg-white" data-section={id}>
      <summary className="flex cursor-pointer items-center justify-between px-4 py-3 text-sm font-medium text-slate-800">
        <span className="min-w-0">
          {title}
          {chosen && current !== id ? <span className="block truncate text-xs font-normal text-slate-600" data-testid={`chosen-${id}`}>{chosen}</span> : null}
        </span>
        {error && ORDER.indexOf(current) > index ? <span className="text-xs font-normal text-red-600">{error}</span> : null}
      </summary>
      <div className="space-y-3 border-t border-slate-100 px-4 py-3">
        {children}
        <div className="flex justify-end">
          <button
            type="submit"
            name="goto"
            value={next ?? id}
            disabled={nextDisabled}
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50"
          >
            {next ? "Next" : "Done"}
          </button>
        </div>
      </div>
    </details>
  );
}

function CheckList({ name, items, selected, empty }: { name: string; items: { id: string; name: string; description?: string; disabled?: boolean; note?: string }[]; selected: string[]; empty: string }) {
  const [filter, setFilter] = useState("");
  const hydrated = useHydrated();
  if (items.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  const shown = filter ? items.filter((i) => `${i.name} ${i.id}`.toLowerCase().includes(filter.toLowerCase())) : items;
  return (
    <div>
      {hydrated && items.length > 8 ? (
        <input type="search" aria-label={`Search ${name}s`} placeholder="Search" value={filter} onChange={(e) => setFilter(e.target.value)} className="mb-2 w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
      ) : null}
      <ul className="max-h-64 space-y-1 overflow-auto">
        {items.map((item) => (
          <li key={item.id} hidden={!shown.includes(item)}>
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input type="checkbox" name={name} value={item.id} defaultChecked={selected.includes(item.id)} disabled={item.disabled} className="mt-0.5 h-4 w-4" />
              <span>
                {item.name} <span className="text-xs text-slate-500">{item.id}</span>
                {item.note ? <span className="block text-xs text-red-600">{item.note}</span> : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A preview cell: numbers grouped and rounded as everywhere else (lib/format.ts), the rest as it came. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "number" ? formatNumber(value, { maximumFractionDigits: 2 }) : String(value);
}

function PreviewPane({ data, busy }: { data: Data; busy: boolean }) {
  if (busy) return <div className="flex h-40 items-center justify-center"><Spinner label="Loading the preview" /></div>;
  const preview = data.preview;
  if (!preview) {
    return <EmptyState title={PLACEHOLDER} />;
  }
  if (preview.kind === "error") {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-semibold">{preview.message}</p>
        <p className="mt-1 text-xs">Type: {preview.type}</p>
      </div>
    );
  }
  if (preview.rows.length === 0) return <EmptyState title="No data for this query and date range." />;
  return (
    <div className="overflow-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-xs" data-testid="preview-table">
        <thead className="bg-slate-50 text-slate-600">
          <tr>{preview.columns.map((c) => <th key={c.id} className="whitespace-nowrap px-3 py-2 font-medium">{c.name}</th>)}</tr>
        </thead>
        <tbody>
          {preview.rows.map((row, i) => (
            <tr key={i} className="border-t border-slate-100">
              {preview.columns.map((c) => <td key={c.id} className="whitespace-nowrap px-3 py-1.5">{cellText(row[c.id])}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="px-3 py-2 text-xs text-slate-500">First {preview.rows.length} rows.</p>
    </div>
  );
}

function SaveDialog({ data, closeHref }: { data: Data; closeHref: string }) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "save-query",
    lastResult: actionData?.result,
    defaultValue: { name: data.editing?.name ?? "" },
    constraint: getZodConstraint(SaveSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaveSchema }),
    shouldValidate: "onInput",
  });
  const [name, setName] = useState(data.editing?.name ?? "");
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="save-title" className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <h2 id="save-title" className="text-lg font-semibold">Save the query</h2>
        <Form method="post" {...getFormProps(form)} className="mt-3">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="state" value={data.search} />
          {data.previewAsked ? <input type="hidden" name="keep_preview" value="1" /> : null}
          {form.errors?.length ? <p className="mb-2 text-sm text-red-600">{form.errors.join(" ")}</p> : null}
          <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), onInput: (e) => setName(e.currentTarget.value), autoFocus: true }} />
          <div className="mt-2 flex justify-end gap-2">
            <Link to={closeHref} className="rounded-md px-4 py-2 text-sm text-slate-600 hover:bg-slate-100">Cancel</Link>
            <SubmitButton pendingLabel="Saving…" disabled={hydrated && name.trim() === ""}>Save</SubmitButton>
          </div>
        </Form>
      </div>
    </div>
  );
}

function listed(names: string[]): string | undefined {
  if (names.length === 0) return undefined;
  return names.length <= 3 ? names.join(", ") : `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
}

/** What each closed step shows as its choice. */
function chosenSummaries(view: Data["view"], state: Data["view"]["state"]): Partial<Record<SectionId, string>> {
  const pick = (fields: { id: string; name: string }[], ids: string[]) => listed(ids.map((id) => fields.find((f) => f.id === id)?.name ?? id));
  const source = state.blended ? BLENDED_PLATFORM_NAME : view.sources.find((s) => String(s.id) === view.sourceValue)?.name;
  const date = state.date ? DATE_RANGE_LABELS[state.date] : undefined;
  return {
    sources: source,
    accounts: pick(view.accounts.map((a) => ({ id: a.accountId, name: a.name })), state.accounts),
    report: view.reportField?.values.find((v) => v.value === state.report)?.label,
    metrics: pick(view.metrics, state.metrics),
    dimensions: pick(view.dimensions, state.dimensions),
    date: date && state.date === "CUSTOM" && state.start && state.end ? `${date}: ${state.start} to ${state.end}` : date && state.date === "SINCE" && state.since ? `${date} ${state.since}` : date,
    filters: state.filters.length ? `${state.filters.length} filter${state.filters.length > 1 ? "s" : ""}` : undefined,
  };
}

export function QueryBuilderPage({ basePath }: { basePath: string }) {
  const data = useLoaderData<typeof loadQueryBuilderPage>();
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { view } = data;
  const state = view.state;
  const [date, setDate] = useState(state.date);
  const [start, setStart] = useState(state.date === "SINCE" ? state.since : state.start);
  const [end, setEnd] = useState(state.end);
  const refreshing = navigation.state === "submitting" && navigation.formData?.get("intent") === "refresh-data";
  const previewBusy = navigation.state === "loading" && navigation.location?.pathname === location.pathname && new URLSearchParams(navigation.location.search).get("preview") === "1";
  // The preview stays on screen behind the Save dialog and after it (issue 19).
  const here = `${basePath}?${data.search}${data.previewAsked ? "&preview=1" : ""}`;
  const closeHref = here;
  const errors = view.errors as Record<string, string | undefined>;
  const sourceError = errors.source;
  const dateNextDisabled = hydrated && (date === "CUSTOM" ? !start || !end : date === "SINCE" ? !start : !date);
  const autoSubmit = () => formRef.current && submit(formRef.current, { replace: true, preventScrollReset: true });
  const chosen = chosenSummaries(view, state);

  return (
    <div>
      <PageHeader title={data.editing ? `Query: ${data.editing.name}` : "Query builder"} />
      <div className="grid gap-6 lg:grid-cols-[minmax(320px,420px)_1fr]">
        <div>
          <div role="tablist" className="mb-3 flex gap-2 border-b border-slate-200">
            <Link role="tab" aria-selected={data.tab === "query"} to={here} className={`px-3 py-2 text-sm ${data.tab === "query" ? "border-b-2 border-brand-600 font-medium text-brand-700" : "text-slate-600"}`}>Query</Link>
            {data.editing ? null : (
              <Link role="tab" aria-selected={data.tab === "saved"} to={`${basePath}?tab=saved${state.format !== "json" ? `&format=${state.format}` : ""}`} className={`px-3 py-2 text-sm ${data.tab === "saved" ? "border-b-2 border-brand-600 font-medium text-brand-700" : "text-slate-600"}`}>Saved</Link>
            )}
          </div>
          {data.tab === "saved" ? (
            <div>
              {data.saved.length === 0 ? (
                <EmptyState title="You do not have any query saved yet." />
              ) : (
                <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
                  {data.saved.map((q) => (
                    <li key={q.id} className="flex items-center justify-between gap-2 px-4 py-3 text-sm">
                      <span>
                        <span className="font-medium text-slate-800">{q.name}</span>
                        <span className="block text-xs text-slate-500">{view.sources.find((s) => s.platform === q.platform)?.platformName ?? q.platform} · saved <DateTime value={q.createdAt} /></span>
                      </span>
                      <span className="flex gap-2">
                        <Link to={`/data-connector/api/${q.id}`} className="rounded-md border border-slate-300 px-3 py-1 text-xs hover:bg-slate-50">Load</Link>
                        <Link to={`${basePath}?tab=saved&delete=${q.id}`} className="rounded-md border border-red-200 px-3 py-1 text-xs text-red-700 hover:bg-red-50">Delete</Link>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {data.confirmDelete ? (
                <ConfirmDialog title="Delete the query?" confirmLabel="Delete" cancelHref={`${basePath}?tab=saved`} fields={{ intent: "delete", id: String(data.confirmDelete.id) }}>
                  &quot;{data.confirmDelete.name}&quot; will be deleted. Query URLs already copied keep working: they do not depend on the saved query.
                </ConfirmDialog>
              ) : null}
            </div>
          ) : (
            <Form method="get" ref={formRef} action={basePath} className="space-y-2" id="query-builder">
              <input type="hidden" name="step" value={state.step} />
              {/* The form's default button (the first one): Enter in a field submits "stay on this step",
                  not the first section's Next, which reopened "Select account(s)" (issue 19). */}
              <button type="submit" name="goto" value={state.step} tabIndex={-1} aria-hidden="true" className="sr-only">Apply</button>
              <input type="hidden" name="prev_source" value={view.sourceValue} />
              <label className="block text-sm font-medium text-slate-700" htmlFor="format">Format</label>
              <select id="format" name="format" defaultValue={state.format} onChange={hydrated ? autoSubmit : undefined} className="mb-2 w-full rounded-md border border-slate-300 px-2 py-2 text-sm">
                {QUERY_FORMATS.map((f) => <option key={f} value={f}>{FORMAT_LABELS[f]}</option>)}
              </select>

              <Section id="sources" chosen={chosen.sources} current={state.step} title={SECTION_TITLES.sources} error={sourceError}>
                {view.sources.length === 0 ? (
                  <p className="text-sm text-slate-600">You have no source yet. <Link to="/data-connector/sources/new" className="text-brand-700 underline">Add a source</Link> first.</p>
                ) : (
                  <select name="source" aria-label="Source" defaultValue={view.sourceValue} onChange={hydrated ? autoSubmit : undefined} className="w-full rounded-md border border-slate-300 px-2 py-2 text-sm">
                    <option value="">Choose a source</option>
                    <option value="blended">{BLENDED_PLATFORM_NAME} (several ads platforms in one query)</option>
                    {view.sources.map((s) => <option key={s.id} value={s.id}>{s.name} ({s.platformName})</option>)}
                  </select>
                )}
                {state.blended ? (
                  <p className="text-xs text-slate-500">
                    One query over the accounts of your ads platforms, with the same fields for all of them: each row says its platform, account, currency and time zone.
                  </p>
                ) : null}
                {view.platformError ? <p className="text-sm text-red-600">{view.platformError}</p> : null}
              </Section>

              <Section id="accounts" chosen={chosen.accounts} current={state.step} title={SECTION_TITLES.accounts} error={errors.accounts}>
                <CheckList
                  name="account"
                  items={view.accounts.map((a) => ({ id: a.accountId, name: a.name, disabled: a.blocked, note: a.blocked ? "This account is blocked. You need to unblock it to fetch data." : undefined }))}
                  selected={state.accounts}
                  empty={state.blended ? "No account of an ads platform is activated: activate accounts in Sources." : state.authorizationId ? "No account of this source is activated: activate accounts in Sources." : "Choose a source first."}
                />
              </Section>

              <Section id="report" chosen={chosen.report} current={state.step} title={SECTION_TITLES.report}>
                {view.reportField ? (
                  <select name="report" aria-label="Report" defaultValue={state.report ?? ""} onChange={hydrated ? autoSubmit : undefined} className="w-full rounded-md border border-slate-300 px-2 py-2 text-sm">
                    {view.reportField.values.map((v) => <option key={v.value} value={v.value}>{v.label}</option>)}
                  </select>
                ) : (
                  <p className="text-sm text-slate-500">{state.blended ? "Each platform's report is chosen for the fields you ask for." : state.authorizationId ? "This source has a single report." : "Choose a source first."}</p>
                )}
              </Section>

              <Section id="metrics" chosen={chosen.metrics} current={state.step} title={SECTION_TITLES.metrics} error={errors.fields}>
                <FieldPicker label="Metrics" name="metric" fields={view.metrics} selected={state.metrics} search={{ name: "q_metric", value: data.fieldSearch.metric }} searchButton={{ name: "goto", value: "metrics" }} onSelectionChange={hydrated ? autoSubmit : undefined} emptyText="Choose a source first." />
              </Section>

              <Section id="dimensions" chosen={chosen.dimensions} current={state.step} title={SECTION_TITLES.dimensions} error={errors.fields}>
                <FieldPicker label="Dimensions" name="dimension" fields={view.dimensions} selected={state.dimensions} search={{ name: "q_dimension", value: data.fieldSearch.dimension }} searchButton={{ name: "goto", value: "dimensions" }} onSelectionChange={hydrated ? autoSubmit : undefined} emptyText="Choose a source first." />
              </Section>

              <Section id="date" chosen={chosen.date} current={state.step} title={SECTION_TITLES.date} error={errors.date ?? errors.start ?? errors.end} nextDisabled={dateNextDisabled}>
                <select name="date" aria-label="Date range" value={date} onChange={(e) => setDate(e.target.value as typeof date)} className="w-full rounded-md border border-slate-300 px-2 py-2 text-sm">
                  <option value="">Choose a date range</option>
                  {DATE_RANGES.map((d) => <option key={d} value={d}>{DATE_RANGE_LABELS[d]}</option>)}
                </select>
                {date === "CUSTOM" || (!hydrated && state.date === "CUSTOM") ? (
                  <div className="grid grid-cols-2 gap-2">
                    <label className="text-sm">Start date<input type="date" name="start" value={start} onChange={(e) => setStart(e.target.value)} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1" /></label>
                    <label className="text-sm">End date<input type="date" name="end" value={end} min={start || undefined} disabled={hydrated && !start} onChange={(e) => setEnd(e.target.value)} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1 disabled:bg-slate-100" /></label>
                    <p className="col-span-2 min-h-[1rem] text-xs text-red-600">{ORDER.indexOf(state.step) > ORDER.indexOf("date") ? (errors.start ?? errors.end ?? "") : ""}</p>
                  </div>
                ) : null}
                {date === "SINCE" || (!hydrated && state.date === "SINCE") ? (
                  <label className="block text-sm">Start date<input type="date" name="since" value={start} onChange={(e) => setStart(e.target.value)} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1" /></label>
                ) : null}
                {!hydrated && state.date !== "CUSTOM" && state.date !== "SINCE" ? (
                  <p className="text-xs text-slate-500">For Custom or Since, choose it and press Next to enter the dates.</p>
                ) : null}
              </Section>

              <Section id="filters" chosen={chosen.filters} current={state.step} title={SECTION_TITLES.filters} error={errors.filters}>
                {[...state.filters, { field: "", type: "equals" as const, value: "" }].map((f, i) => (
                  <div key={`${i}-${f.field}`} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-center gap-1" data-testid="filter-row">
                    <select name="filter_field" aria-label={`Filter ${i + 1} field`} defaultValue={f.field} className="w-full min-w-0 rounded-md border border-slate-300 px-1 py-1 text-xs">
                      <option value="">{i === state.filters.length ? "Add a filter…" : "—"}</option>
                      {[...view.dimensions, ...view.metrics].map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
                    </select>
                    <select name="filter_type" aria-label={`Filter ${i + 1} type`} defaultValue={f.type} className="w-full min-w-0 rounded-md border border-slate-300 px-1 py-1 text-xs">
                      {FILTER_TYPES.map((t) => <option key={t} value={t}>{FILTER_TYPE_LABELS[t]}</option>)}
                    </select>
                    <input name="filter_value" aria-label={`Filter ${i + 1} value`} defaultValue={f.value} placeholder="value" className="w-full min-w-0 rounded-md border border-slate-300 px-1 py-1 text-xs" />
                    {i < state.filters.length ? (
                      <button type="submit" name="remove_filter" value={i} aria-label={`Remove filter ${i + 1}`} className="justify-self-start rounded-md px-2 py-1 text-xs text-red-700 hover:bg-red-50">✕ Remove</button>
                    ) : (
                      <button type="submit" name="goto" value="filters" className="justify-self-start rounded-md border border-brand-600 px-2 py-1 text-xs text-brand-700 hover:bg-brand-50">Add</button>
                    )}
                  </div>
                ))}
                <p className="text-xs text-slate-500">&quot;is not empty&quot; needs no value.</p>
              </Section>

              <Section id="options" current={state.step} title={SECTION_TITLES.options}>
                {view.optionFields.map((o) =>
                  o.type === "text" ? (
                    <label key={o.id} className="block text-sm">
                      {o.name}
                      <textarea name={`opt_${o.id}`} defaultValue={String(state.options[o.id] ?? "")} rows={4} maxLength={10_000} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1 font-mono text-xs" />
                      <span className="block text-xs text-slate-500">{o.helpText}</span>
                    </label>
                  ) : o.type === "checkbox" ? (
                    <label key={o.id} className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name={`opt_${o.id}`} value="true" defaultChecked={String(state.options[o.id] ?? o.default) === "true"} /> {o.name}
                    </label>
                  ) : (
                    <label key={o.id} className="block text-sm">
                      {o.name}
                      <select name={`opt_${o.id}`} multiple={o.allowedMultiple} defaultValue={(state.options[o.id] as string | string[] | undefined) ?? (typeof o.default === "string" ? o.default : undefined)} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1">
                        {o.values.map((v) => <option key={v.value} value={v.value}>{v.label}</option>)}
                      </select>
                    </label>
                  ),
                )}
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="opt_combine_data" value="true" defaultChecked={state.options.combine_data === "true"} /> Combine the data of the accounts
                </label>
              </Section>

              <div className="flex flex-wrap gap-2 pt-2">
                <SubmitButton name="preview" value="1" variant="secondary" pendingLabel="Loading the preview…" data-testid="query-preview">Preview</SubmitButton>
                {view.valid ? (
                  <Link to={`${here}&save=1`} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Save the query</Link>
                ) : (
                  <button type="button" disabled className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white opacity-50">Save the query</button>
                )}
              </div>
            </Form>
          )}
        </div>

        <div className="space-y-4">
          <div className="rounded-lg bg-white p-4 shadow-sm">
            <label htmlFor="query-url" className="block text-sm font-medium text-slate-700">URL</label>
            <div className="mt-1 flex gap-2">
              <input id="query-url" readOnly value={data.queryUrl ?? ""} placeholder="The URL appears once the query is valid." className="block w-full rounded-md border border-slate-300 bg-slate-100 px-3 py-2 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              {data.queryUrl ? <CopyButton text={data.queryUrl} /> : null}
            </div>
            {data.hideApiKey ? null : <div className="mt-3"><ApiKeyField apiKey={view.apiKey} /></div>}
            {view.valid ? (
              <Form method="post" className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
                <input type="hidden" name="intent" value="refresh-data" />
                <input type="hidden" name="state" value={data.search} />
                <button type="submit" disabled={refreshing} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50">
                  {refreshing ? "Clearing…" : "Refresh data"}
                </button>
                <p className="flex-1 text-xs text-slate-500">
                  Days the platform can no longer revise are served from stored data. Refresh data clears what is stored for the chosen accounts; add
                  <code className="mx-1">nocache=1</code>to the URL to read every day from the platform for one call.
                </p>
              </Form>
            ) : null}
          </div>
          <PreviewPane data={data} busy={previewBusy} />
        </div>
      </div>
      {data.saveOpen && view.valid ? <SaveDialog data={data} closeHref={closeHref} /> : null}
    </div>
  );
}
