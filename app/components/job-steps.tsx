// The inputs of the job form, one component per wizard step (spec 2 §2 Job creation). The wizard
// (jobs.new) shows them one step at a time; the edit screen (jobs.$jobId.edit) shows them all in
// one form. Both post the same input names, read by ~/utils/jobs readAccountsInput,
// readFieldsInput and readDeploymentInput, and validated by the same step schemas.
import { useSubmit } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { FieldPicker } from "~/components/field-picker";
import { useHydrated } from "~/utils/use-hydrated";
import { datePresetLabel, frequencyInWords } from "~/utils/labels";
import { useTimeZone } from "~/components/time";
import { FREQUENCY_PRESETS, frequencyChoice, INITIALIZATION_OPTIONS, partitionableFields, RUN_DATE_OPTIONS, type WizardState } from "~/utils/jobs";

export const jobInputClass = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";
const input = jobInputClass;

export type JobErrors = Record<string, string[] | undefined>;
export type SourceChoice = { id: number; name: string; accounts: { id: number; name: string; accountId: string; blocked: boolean }[] };
export type FieldChoice = { id: string; name: string; type: string; fieldType: string; description?: string; category?: string; reason?: string };
export type DeploymentValues = Partial<{
  recurrency: string;
  date: string;
  startDate: string;
  endDate: string;
  initialFetch: boolean;
  dateInitialization: string;
  startDateInitialization: string;
  endDateInitialization: string;
  partitionFieldId: string[];
  dataType: string;
  tableName: string;
  shouldRunAllEvenIfFailed: boolean;
}>;

/** An error slot of fixed height, so the layout does not jump when messages appear. */
export const ErrorSlot = ({ e, id }: { e?: string[]; id?: string }) => (
  <div id={id} className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">
    {e?.join(" ")}
  </div>
);

export function JobNameInput({ defaultValue, errors }: { defaultValue?: string; errors?: string[] }) {
  return (
    <div>
      <label className="block text-sm font-medium text-slate-700" htmlFor="job-name">Name</label>
      <input id="job-name" name="name" defaultValue={defaultValue ?? ""} className={input} aria-invalid={errors ? true : undefined} />
      <ErrorSlot e={errors} />
    </div>
  );
}

export function AccountsInputs({ sources, state, errors }: { sources: SourceChoice[]; state: WizardState; errors: JobErrors }) {
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium">Specific accounts</legend>
        <label className="mt-1 flex items-center gap-2 text-sm"><input type="radio" name="mode" value="specific" defaultChecked={state.mode !== "source"} /> Choose specific accounts</label>
        <div className="ml-6 mt-1 space-y-1">
          {sources.map((s) => (
            <div key={s.id}>
              <p className="text-xs text-slate-500">{s.name}</p>
              {s.accounts.map((a) => (
                <label key={a.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="dataSourceIds" value={a.id} defaultChecked={state.dataSourceIds?.includes(a.id)} /> {a.name} <span className="text-xs text-slate-500">{a.accountId}{a.blocked ? " · blocked" : ""}</span>
                </label>
              ))}
            </div>
          ))}
        </div>
        <label className="mt-3 flex items-center gap-2 text-sm"><input type="radio" name="mode" value="source" defaultChecked={state.mode === "source"} /> All accounts of one source</label>
        <select name="networkAuthorizationId" defaultValue={state.networkAuthorizationId ?? ""} className={`${input} ml-6 w-auto`} aria-label="Source">
          <option value="">Choose a source</option>
          {sources.map((s) => (
            <option key={s.id} value={s.id}>{s.name}</option>
          ))}
        </select>
      </fieldset>
      <ErrorSlot e={errors.dataSourceIds ?? errors.networkAuthorizationId} />
    </>
  );
}

/**
 * With JavaScript, a changed field selection posts the form again with intent=refresh, so the
 * server answers with what the platform now refuses. Put `formRef` on the form holding the fields.
 */
export function useFieldRefresh() {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const refresh = () => {
    if (!formRef.current) return;
    const body = new FormData(formRef.current);
    body.set("intent", "refresh");
    submit(body, { method: "post", preventScrollReset: true });
  };
  return { formRef, onSelectionChange: hydrated ? refresh : undefined };
}

/**
 * Report selector (changing it resets the selection), the field picker with a rename box for each
 * chosen field, then `children` (the wizard's preview). Without JavaScript the picker's Search
 * button posts intent=search and the action answers the same step, filtered; with it the page
 * posts intent=refresh on each change (`onSelectionChange`) to grey what the platform refuses.
 */
export function FieldsInputs({
  reports,
  defaultReport,
  fields,
  state,
  errors,
  search,
  onSelectionChange,
  children,
}: {
  reports: { value: string; label: string }[];
  defaultReport?: string;
  fields: FieldChoice[];
  state: WizardState;
  errors: JobErrors;
  search?: string;
  onSelectionChange?: (ids: string[]) => void;
  children?: ReactNode;
}) {
  return (
    <>
      {reports.length > 0 ? (
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor="report" className="block text-sm font-medium">Report</label>
            <select id="report" name="report" defaultValue={state.report ?? defaultReport} className={input}>
              {reports.map((r) => (
                <option key={r.value} value={r.value}>{r.label}</option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="change-report" className="rounded-md border px-3 py-2 text-sm">Change report</button>
        </div>
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium">Fields</legend>
        <FieldPicker
          label="Fields"
          name="fields"
          idPrefix="f"
          fields={fields}
          selected={state.fields ?? []}
          search={{ name: "field_q", value: search }}
          searchButton={{ name: "intent", value: "search" }}
          onSelectionChange={onSelectionChange}
          renderExtra={(f) => (
            <input name={`rename.${f.id}`} defaultValue={state.renames?.[f.id] ?? ""} placeholder={`Column name (default ${f.id})`} aria-label={`Rename ${f.name}`} className="w-64 rounded border border-slate-300 px-2 py-1 text-xs" />
          )}
        />
      </fieldset>
      <ErrorSlot e={[...(errors.report ?? []), ...(errors.fields ?? [])]} />
      {children}
    </>
  );
}

/** Inputs that apply only to one choice: shown for it with JavaScript; without, always, with a note saying when they count. */
function WhenChosen({ shown, hydrated, note, children }: { shown: boolean; hydrated: boolean; note: string; children: ReactNode }) {
  if (hydrated && !shown) return null;
  return (
    <div className="ml-1 border-l-2 border-slate-200 pl-3">
      {hydrated ? null : <p className="text-xs text-slate-500">{note}</p>}
      {children}
    </div>
  );
}

function DateInput({ name, label, defaultValue, errors }: { name: string; label: string; defaultValue?: string; errors?: string[] }) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm">{label}</label>
      <input type="date" id={name} name={name} defaultValue={defaultValue ?? ""} className={input} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${name}-error` : undefined} />
      <ErrorSlot e={errors} id={`${name}-error`} />
    </div>
  );
}

/**
 * The deployment step (issue 19): grouped as when the job runs, which days each run reads, the
 * history to fetch once and where the rows go; the dates of a custom choice appear with it (with
 * JavaScript; without, they stay, saying when they count). Every input has its label.
 */
export function DeploymentInputs({
  values,
  errors,
  destinationKind,
  partitionRule,
  dateFields,
}: {
  values: DeploymentValues;
  errors: JobErrors;
  destinationKind: string;
  partitionRule: string;
  /** The fields a SQL table may be partitioned by (dates). */
  dateFields: FieldChoice[];
}) {
  const frequency = frequencyChoice(values.recurrency);
  const hydrated = useHydrated();
  const timeZone = useTimeZone();
  const [preset, setPreset] = useState(frequency.preset);
  const [date, setDate] = useState(values.date ?? "LAST_7_DAYS");
  const [initialFetch, setInitialFetch] = useState(Boolean(values.initialFetch));
  const [initPeriod, setInitPeriod] = useState(values.dateInitialization ?? "");
  const showPartition = destinationKind === "sql" && dateFields.length > 0;
  return (
    <>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">When it runs</legend>
        <label htmlFor="recurrency" className="block text-sm font-medium">Frequency</label>
        <select id="recurrency" name="recurrency" defaultValue={frequency.preset} onChange={(e) => setPreset(e.target.value)} className={input} aria-describedby="recurrency-words">
          {FREQUENCY_PRESETS.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
          <option value="custom">Custom (cron)</option>
        </select>
        <p id="recurrency-words" className="text-xs text-slate-600" data-testid="frequency-words">
          {preset === "custom" ? "Runs on the cron schedule below, in UTC." : frequencyInWords(preset, timeZone)}
        </p>
        <WhenChosen shown={preset === "custom"} hydrated={hydrated} note="Only used when Frequency is Custom (cron).">
          <label htmlFor="customCron" className="block text-sm">Custom cron</label>
          <input id="customCron" name="customCron" defaultValue={frequency.customCron} placeholder="minute hour day-of-month month day-of-week, e.g. 30 6 * * 1" className={input} aria-invalid={errors.recurrency ? true : undefined} aria-describedby="recurrency-error" />
        </WhenChosen>
        <ErrorSlot e={errors.recurrency} id="recurrency-error" />
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Days each run reads</legend>
        <label htmlFor="date" className="block text-sm font-medium">Date</label>
        <select id="date" name="date" defaultValue={values.date ?? "LAST_7_DAYS"} onChange={(e) => setDate(e.target.value)} className={input}>
          {RUN_DATE_OPTIONS.map((o) => <option key={o} value={o}>{datePresetLabel(o)}</option>)}
        </select>
        <ErrorSlot e={errors.date} />
        <WhenChosen shown={date === "CUSTOM"} hydrated={hydrated} note="Only used when Date is Custom dates.">
          <div className="grid gap-2 sm:grid-cols-2">
            <DateInput name="startDate" label="Start date" defaultValue={values.startDate} errors={errors.startDate} />
            <DateInput name="endDate" label="End date" defaultValue={values.endDate} errors={errors.endDate} />
          </div>
        </WhenChosen>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">History</legend>
        <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="initialFetch" defaultChecked={Boolean(values.initialFetch)} onChange={(e) => setInitialFetch(e.target.checked)} /> Initial fetch (backfill the history once)</label>
        <WhenChosen shown={initialFetch} hydrated={hydrated} note="Only used when Initial fetch is ticked.">
          <label htmlFor="dateInitialization" className="block text-sm">Initialization period</label>
          <select id="dateInitialization" name="dateInitialization" defaultValue={values.dateInitialization ?? ""} onChange={(e) => setInitPeriod(e.target.value)} className={input}>
            <option value="">Choose a period</option>
            {INITIALIZATION_OPTIONS.map((o) => <option key={o} value={o}>{datePresetLabel(o)}</option>)}
          </select>
          <ErrorSlot e={errors.dateInitialization} />
          <WhenChosen shown={initPeriod === "CUSTOM" || initPeriod === "SINCE"} hydrated={hydrated} note="Only used for Custom dates or Since a date.">
            <div className="grid gap-2 sm:grid-cols-2">
              <DateInput name="startDateInitialization" label="Initialization start" defaultValue={values.startDateInitialization} errors={errors.startDateInitialization} />
              {!hydrated || initPeriod === "CUSTOM" ? <DateInput name="endDateInitialization" label="Initialization end" defaultValue={values.endDateInitialization} errors={errors.endDateInitialization} /> : null}
            </div>
          </WhenChosen>
        </WhenChosen>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Where the rows go</legend>
        {showPartition ? (
          <fieldset>
            <legend className="text-sm font-medium">Partition</legend>
            {dateFields.map((f) => (
              <label key={f.id} className="flex items-center gap-2 text-sm">
                <input type={partitionRule === "single" ? "radio" : "checkbox"} name="partitionFieldId" value={f.id} defaultChecked={values.partitionFieldId?.includes(f.id)} /> {f.name}
              </label>
            ))}
            <ErrorSlot e={errors.partitionFieldId} />
          </fieldset>
        ) : null}
        {destinationKind === "storage" ? (
          <>
            <label htmlFor="dataType" className="block text-sm font-medium">Data format</label>
            <select id="dataType" name="dataType" defaultValue={values.dataType ?? "csv"} className={input}>
              <option value="csv">CSV</option>
              <option value="json">JSON</option>
            </select>
            <ErrorSlot e={errors.dataType} />
          </>
        ) : null}
        <label htmlFor="tableName" className="block text-sm font-medium">{destinationKind === "storage" ? "File name" : "Destination table name"}</label>
        <input id="tableName" name="tableName" defaultValue={values.tableName ?? ""} className={input} aria-invalid={errors.tableName ? true : undefined} aria-describedby="tableName-error" />
        <ErrorSlot e={errors.tableName} id="tableName-error" />
        <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="shouldRunAllEvenIfFailed" defaultChecked={Boolean(values.shouldRunAllEvenIfFailed)} /> Run every account even if one fails</label>
      </fieldset>
    </>
  );
}

export { partitionableFields };
