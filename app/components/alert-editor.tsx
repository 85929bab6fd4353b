// The alert editor (spec 1 §2.6): a plain form that saves and previews without JavaScript; with
// JavaScript the preview runs 1,000 ms after the last change once the form validates, and Save
// is enabled only when the whole alert, name included, validates.
import { Form, useActionData, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { AGGREGATION_LABELS, AGGREGATION_OPERATORS, COMPARISON_LABELS, COMPARISONS, DURING_LABELS, DURING_WINDOWS, FILTER_OPERATORS, KPI_OPERATOR_LABELS, KPI_OPERATORS, PACING_PERIOD_LABELS, PACING_PERIODS, type EntityResult } from "../../engine/browser.js";
import { alertSummary, validateAlertForm, type AlertKind } from "~/utils/alert-form";
import { useHydrated } from "~/utils/use-hydrated";
import { PacingChart, SeriesChart } from "./alert-charts";
import { ResultExplanation, resultChart, ResultStatus } from "./alert-result";
import { FieldPicker, FieldSelect } from "./field-picker";
import { useFilterValueSuggestions } from "./filter-value-suggestions";
import { Spinner } from "./spinner";

export const PREVIEW_DEBOUNCE_MS = 1000;

/** The form's values as FormData (the first render's summary, before the form exists). */
function formDataOf(values: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}
export const MENTION_LIMIT = 10;

export type EditorData = {
  clientId: number;
  platform: string;
  kind: AlertKind;
  mode: "threshold" | "trend";
  route: "default" | "pacing" | "edit";
  alertId: number | null;
  options: { supported: boolean; accounts: { id: number; name: string; accountId: string }[]; levels: string[]; metrics: { id: string; name: string; description?: string; category?: string; currency?: boolean }[]; configFields: { id: string; name: string }[]; filterFields: { id: string; name: string }[] };
  values: Record<string, string>;
  /** The account's currency, for money in the preview and the summary. */
  currency?: string | null;
  /** Editing a company template (from the templates page): Save goes back there. */
  template?: boolean;
};
type ActionData = { values: Record<string, string>; errors: Record<string, string>; preview: { ok: true; timezone: string; results: EntityResult[] } | { ok: false; message: string } | null; fieldSearch?: string };

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

function ErrorText({ id, message }: { id: string; message?: string }) {
  return (
    <p id={`${id}-error`} className="min-h-[1rem] text-xs text-red-600">
      {message ?? ""}
    </p>
  );
}

function Select({ name, label, value, options, error }: { name: string; label: string; value?: string; options: { value: string; label: string }[]; error?: string }) {
  return (
    <div className="block text-sm">
      <label htmlFor={name} className="text-slate-700">{label}</label>
      <select id={name} name={name} defaultValue={value} className={input} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={name} message={error} />
    </div>
  );
}

function Text({ name, label, value, error, type = "text", placeholder, list, min, step, extra, children }: { name: string; label: string; value?: string; error?: string; type?: string; placeholder?: string; list?: string; min?: number; step?: number; extra?: InputHTMLAttributes<HTMLInputElement>; children?: ReactNode }) {
  return (
    <div className="block text-sm">
      <label htmlFor={name} className="text-slate-700">{label}</label>
      <input id={name} name={name} type={type} defaultValue={value} placeholder={placeholder} list={list} min={min} step={step} className={input} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined} {...extra} />
      {children}
      <ErrorText id={name} message={error} />
    </div>
  );
}

/** A filter's value: suggestions of the field's values on the chosen account as you type (with JavaScript). */
function FilterValue({ clientId, index, value, error }: { clientId: number; index: number; value?: string; error?: string }) {
  const { inputProps, datalist } = useFilterValueSuggestions(clientId, index);
  return (
    <Text name={`filters[${index}].value`} label="Filter value" value={value} placeholder="a, b" error={error} extra={inputProps}>
      {datalist}
    </Text>
  );
}

/** Pacing previews chart the first entities, each named. */
const PACING_CHARTS = 4;

function Preview({ kind, preview, busy, currency }: { kind: AlertKind; preview: ActionData["preview"]; busy: boolean; currency?: string | null }) {
  if (busy) return <Spinner label="Loading the preview" />;
  if (!preview) {
    return (
      <div className="flex h-64 flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 text-center text-sm text-slate-500" data-testid="preview-empty">
        <svg width="64" height="48" viewBox="0 0 64 48" aria-hidden="true">
          <polyline points="2,40 16,28 28,34 42,12 62,20" fill="none" stroke="#94a3b8" strokeWidth="3" />
        </svg>
        <p className="mt-2">Fill in the alert to see a preview on the account's data.</p>
      </div>
    );
  }
  if (!preview.ok) return <p role="alert" className="text-sm text-red-700">Not available: {preview.message}</p>;
  const results = preview.results;
  if (results.length === 0) return <p className="text-sm text-slate-500">No matching entity: nothing of this account matches the level and filters.</p>;
  const anomalies = results.filter((r) => r.status === "ANOMALY").length;
  // Anomalies first: the chart shows what the alert would report.
  const ordered = [...results].sort((a, b) => Number(b.status === "ANOMALY") - Number(a.status === "ANOMALY"));
  const charted = ordered.slice(0, 8);
  const single = charted.length === 1 ? resultChart(charted[0]) : null;
  return (
    <div data-testid="preview" className="min-w-0">
      <p className="mb-2 text-sm text-slate-600">
        {anomalies} in anomaly on {results.length} analysed (times in {preview.timezone})
      </p>
      {kind === "metric" ? (
        <SeriesChart
          caption="Preview of the alert's metric"
          unit={resultChart(charted[0]).unit}
          lines={single?.lines}
          provisionalFrom={charted[0].provisionalFrom}
          series={charted.map((r) => {
            const [metric] = Object.keys(r.series ?? {});
            return { id: r.identifierName, data: (r.series?.[metric] ?? []).map((p) => ({ x: p.time, y: p.value, ...(p.anomaly ? { anomaly: true } : {}) })) };
          })}
        />
      ) : null}
      {kind === "pacing" ? (
        <div className="grid gap-4">
          {ordered
            .filter((r) => r.pacing)
            .slice(0, PACING_CHARTS)
            .map((r) => (
              <PacingChart key={JSON.stringify(r.identification)} {...r.pacing!} name={r.identifierName} unit={currency} />
            ))}
        </div>
      ) : null}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-xs uppercase text-slate-500">
            <tr>
              <th className="pr-2">Name</th>
              <th className="pr-2">Value against the condition</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {ordered.map((r) => (
              <tr key={JSON.stringify(r.identification)} className="border-t border-slate-100 align-top">
                <td className="py-1 pr-2">{r.identifierName}</td>
                <td className="py-1 pr-2">
                  <ResultExplanation result={r} />
                </td>
                <td className="py-1">
                  <ResultStatus result={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function AlertEditor({ data }: { data: EditorData }) {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [canSave, setCanSave] = useState(true);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const values = actionData?.values ?? data.values;
  const names = (id: string) => data.options.metrics.find((m) => m.id === id)?.name ?? data.options.filterFields.find((f) => f.id === id)?.name ?? data.options.configFields.find((f) => f.id === id)?.name ?? id;
  const unitOf = (id: string) => (data.options.metrics.find((m) => m.id === id)?.currency ? data.currency : undefined);
  const summaryOf = (form: FormData) => alertSummary(form, data.kind, data.platform, data.options.accounts, { name: names, unitOf });
  const [summary, setSummary] = useState<string | null>(() => summaryOf(formDataOf(values)));
  const errors = { ...(actionData?.errors ?? {}), ...clientErrors };
  const preview = fetcher.data?.preview ?? actionData?.preview ?? null;
  const { kind, options } = data;
  const base = `/clients/${data.clientId}/alerts`;
  const location = useLocation();
  // Post back to this very URL (kind and mode live in its query) so a 400 re-renders the same form.
  const path = data.route === "edit" ? `${base}/edit/${data.alertId}` : data.route === "pacing" ? `${base}/create/pacing` : `${base}/create/default`;
  const self = `${path}${location.search}`;

  const onChange = () => {
    const form = formRef.current;
    if (!form) return;
    const fd = new FormData(form);
    setSummary(summaryOf(fd));
    setCanSave(validateAlertForm(fd, kind, data.platform, options.accounts, true).ok);
    clearTimeout(timer.current);
    const check = validateAlertForm(fd, kind, data.platform, options.accounts, false);
    setClientErrors({});
    if (!check.ok) return;
    timer.current = setTimeout(() => {
      fd.set("intent", "preview");
      // Preview failures are not retried (spec 1 §4): the next change asks again.
      fetcher.submit(fd, { method: "post", action: self });
    }, PREVIEW_DEBOUNCE_MS);
  };
  useEffect(() => {
    if (hydrated) onChange();
    return () => clearTimeout(timer.current);
    // Run once after hydration with the initial values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  if (!options.supported) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
        <p className="text-lg font-semibold">Coming soon</p>
        <p className="text-sm text-slate-500">This feature is not available yet for this platform.</p>
      </div>
    );
  }
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const calcRows = Math.max(1, ...Object.keys(values).filter((k) => k.startsWith("calc[")).map((k) => Number(/\[(\d+)\]/.exec(k)![1]) + 2));
  const filterRows = Math.max(1, ...Object.keys(values).filter((k) => k.startsWith("filters[")).map((k) => Number(/\[(\d+)\]/.exec(k)![1]) + 2));
  const metricOptions = [...options.metrics, ...Array.from({ length: calcRows }, (_, i) => values[`calc[${i}].name`]).filter(Boolean).map((n) => ({ id: n, name: `${n} (calculated)`, category: "Calculated fields" }))];
  // Switching kind or mode is a GET of the editor with the form's values, so the name, account,
  // level and filters (and the metric between threshold and trend) carry over, with or without
  // JavaScript (editorLoader keeps them).
  const kindAction = (k: AlertKind) => (data.route === "edit" ? undefined : k === "pacing" ? `${base}/create/pacing` : `${base}/create/default`);

  return (
    <Form method="post" action={self} ref={formRef} onChange={onChange} onSubmit={() => clearTimeout(timer.current)} noValidate className="space-y-4" key={`${kind}-${data.mode}-${location.search}`}>
      {data.template ? <input type="hidden" name="template" value="1" /> : null}
      {data.template ? <p className="text-sm text-slate-600">Editing a company template: saving changes it on every account it is activated on.</p> : null}
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="title" className="sr-only">Alert name</label>
          <input id="title" name="title" defaultValue={values.title} placeholder="Input a name for your alert" className={input} aria-invalid={errors.title ? true : undefined} aria-describedby="title-error" />
          <ErrorText id="title" message={errors.title} />
        </div>
        <button type="submit" name="intent" value="preview" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
          Preview
        </button>
        <button type="submit" name="intent" value="save" disabled={(hydrated && !canSave) || saving} className="rounded-md bg-brand-600 px-4 py-1.5 text-sm font-medium text-white disabled:opacity-50">
          {saving ? "Please wait…" : "Save"}
        </button>
      </div>
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="alert-summary" aria-live="polite">
        {summary ?? "Fill in the condition to read the alert as one sentence."}
      </p>
      {errors.form ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">An error occurred</p>
          <p>{errors.form}</p>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <nav className="flex gap-2 border-b border-slate-200 text-sm" aria-label="Networks">
            <span className="border-b-2 border-brand-600 px-2 pb-1 font-medium">{data.platform}</span>
          </nav>
          <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-sm font-semibold">Account and level</legend>
            <Select name="dataSourceId" label="Account" value={values.dataSourceId} options={options.accounts.map((a) => ({ value: String(a.id), label: a.name }))} error={errors.dataSourceId} />
            <Select name="level" label="Level" value={values.level} options={options.levels.map((l) => ({ value: l, label: l.charAt(0) + l.slice(1).toLowerCase() }))} error={errors.level} />
            <details open={filterRows > 1} className="text-sm">
              <summary className="cursor-pointer text-brand-700">Add Filter</summary>
              {Array.from({ length: filterRows }, (_, i) => (
                <div key={i} className="mt-2 grid gap-2 sm:grid-cols-3">
                  <FieldSelect name={`filters[${i}].field`} label="Filter field" fields={options.filterFields} value={values[`filters[${i}].field`]} error={errors[`filters[${i}].field`]} />
                  <Select name={`filters[${i}].operator`} label="Filter operator" value={values[`filters[${i}].operator`] ?? "equals"} options={FILTER_OPERATORS.map((o) => ({ value: o, label: o.replace("_", " ") }))} error={errors[`filters[${i}].operator`]} />
                  <FilterValue clientId={data.clientId} index={i} value={values[`filters[${i}].value`]} error={errors[`filters[${i}].value`]} />
                </div>
              ))}
            </details>
          </fieldset>
          <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-sm font-semibold">Detection Method</legend>
            <div className="mb-3 flex gap-2 text-sm" role="tablist">
              {(["metric", "kpi", "pacing"] as const).map((k) => {
                const label = k === "metric" ? "Metrics" : k === "kpi" ? "Configuration" : "Pacing";
                const action = kindAction(k);
                return k === kind ? (
                  <span key={k} role="tab" aria-selected="true" className="rounded bg-brand-600 px-2 py-1 text-white">{label}</span>
                ) : action ? (
                  <button key={k} type="submit" role="tab" aria-selected="false" formMethod="get" formAction={action} formNoValidate name="kind" value={k} className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100">
                    {label}
                  </button>
                ) : null;
              })}
            </div>
            {kind === "metric" ? (
              <div className="space-y-2">
                <input type="hidden" name="alertType" value={data.mode} />
                <div className="flex gap-2 text-xs">
                  {(["threshold", "trend"] as const).map((m) =>
                    m === data.mode ? (
                      <span key={m} className="rounded-full bg-slate-800 px-2 py-0.5 text-white">{m === "threshold" ? "Threshold" : "Trend"}</span>
                    ) : (
                      <button key={m} type="submit" formMethod="get" formAction={path} formNoValidate name="mode" value={m} className="rounded-full border border-slate-300 px-2 py-0.5">
                        {m === "threshold" ? "Threshold" : "Trend"}
                      </button>
                    ),
                  )}
                </div>
                <div className="grid gap-2 sm:grid-cols-2">
                  <Select name="operator" label="Aggregation" value={values.operator} options={AGGREGATION_OPERATORS.map((o) => ({ value: o, label: AGGREGATION_LABELS[o] }))} error={errors.operator} />
                  <div className="text-sm sm:col-span-2">
                    {metricOptions.length > 0 ? (
                      <>
                        <p className="text-slate-700">Metric</p>
                        <FieldPicker label="Metrics" name="metric" multiple={false} fields={metricOptions} selected={values.metric ? [values.metric] : []} search={{ name: "metric_q", value: actionData?.fieldSearch }} searchButton={{ name: "intent", value: "search" }} />
                        <ErrorText id="metric" message={errors.metric} />
                      </>
                    ) : (
                      // A platform that lists no field without a credential: the metric's id typed by hand.
                      <FieldSelect name="metric" label="Metric" fields={metricOptions} value={values.metric} error={errors.metric} />
                    )}
                  </div>
                  {data.mode === "threshold" ? (
                    <>
                      <Select name="thresholdType" label="Condition" value={values.thresholdType} options={COMPARISONS.map((c) => ({ value: c, label: COMPARISON_LABELS[c] }))} error={errors.thresholdType} />
                      <Text name="thresholdValue" label="Value" type="number" min={0} step={0.1} value={values.thresholdValue} error={errors.thresholdValue} />
                      <Select name="during" label="During" value={values.during} options={DURING_WINDOWS.map((d) => ({ value: d, label: DURING_LABELS[d] }))} error={errors.during} />
                    </>
                  ) : (
                    <>
                      <Select name="trendType" label="Change" value={values.trendType} options={COMPARISONS.map((c) => ({ value: c, label: c === "above" ? "Increase of more than" : c === "below" ? "Decrease of more than" : "Change of" }))} error={errors.trendType} />
                      <Text name="trendValue" label="Percent" type="number" min={0} step={0.1} value={values.trendValue} error={errors.trendValue} />
                      <Select name="duringTime1" label="During" value={values.duringTime1} options={DURING_WINDOWS.map((d) => ({ value: d, label: DURING_LABELS[d] }))} error={errors.duringTime1} />
                      <Select name="duringTime2" label="Compared with" value={values.duringTime2} options={DURING_WINDOWS.map((d) => ({ value: d, label: DURING_LABELS[d] }))} error={errors.duringTime2} />
                    </>
                  )}
                </div>
                <details open={calcRows > 1} className="text-sm">
                  <summary className="cursor-pointer text-brand-700">Calculated fields</summary>
                  <p className="text-xs text-slate-500">Mention metrics in braces, e.g. {"{cost} / {conversions}"}.</p>
                  {Array.from({ length: calcRows }, (_, i) => (
                    <div key={i} className="mt-2 grid gap-2 sm:grid-cols-2">
                      <Text name={`calc[${i}].name`} label="Field name" value={values[`calc[${i}].name`]} error={errors[`calc[${i}].name`]} />
                      <Text name={`calc[${i}].field`} label="Formula" value={values[`calc[${i}].field`]} list="metric-mentions" error={errors[`calc[${i}].field`]} />
                    </div>
                  ))}
                  <datalist id="metric-mentions">
                    {options.metrics.slice(0, MENTION_LIMIT).map((m) => (
                      <option key={m.id} value={`{${m.id}}`}>{m.name}</option>
                    ))}
                  </datalist>
                </details>
              </div>
            ) : kind === "kpi" ? (
              <div className="grid gap-2 sm:grid-cols-3">
                <FieldSelect name="kpi" label="Configuration value" fields={options.configFields} value={values.kpi} error={errors.kpi} placeholder="Select a value" />
                <Select name="kpiOperator" label="Condition" value={values.kpiOperator} options={KPI_OPERATORS.map((o) => ({ value: o, label: KPI_OPERATOR_LABELS[o] }))} error={errors.kpiOperator} />
                <Text name="kpiValue" label="Value (for equals and does not equal)" value={values.kpiValue} error={errors.kpiValue} />
              </div>
            ) : (
              <div className="grid gap-2 sm:grid-cols-3">
                <Select name="period" label="Period" value={values.period} options={PACING_PERIODS.map((p) => ({ value: p, label: PACING_PERIOD_LABELS[p] }))} error={errors.period} />
                <Text name="above" label="Alert above (budget)" type="number" min={0} step={0.1} value={values.above} error={errors.above} />
                <Text name="below" label="Alert below" type="number" min={0} step={0.1} value={values.below} error={errors.below} />
              </div>
            )}
          </fieldset>
        </div>
        <div aria-live="polite" className="min-w-0">
          <h2 className="mb-2 text-sm font-semibold">Preview</h2>
          <Preview kind={kind} currency={data.currency} preview={preview} busy={fetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "preview")} />
        </div>
      </div>
    </Form>
  );
}
