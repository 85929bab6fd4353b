// The four-step job wizard (spec 2 §2 Job creation): basic information, accounts, fields (report,
// multi-select, renames, preview or skip), deployment. Each step posts the values gathered so far in
// a hidden `state`; the server validates the step and renders the next one, so it works without
// JavaScript; the last step creates the job with its Temporal Schedule and opens its page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { accountChoices, createJobWithSchedule, deploymentProblems, fieldChoices, JobFlowError, previewRows, streamDetail, type NewJob } from "~/services/data-streams.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { describeDestination } from "../../engine/destinations/catalogue.js";
import {
  AccountsStepSchema,
  BasicStepSchema,
  DEFAULT_RECURRENCY,
  DeploymentStepSchema,
  FieldsStepSchema,
  FREQUENCY_PRESETS,
  INITIALIZATION_OPTIONS,
  JOB_MESSAGES,
  RUN_DATE_OPTIONS,
  WIZARD_STEPS,
  type WizardState,
  type WizardStep,
} from "~/utils/jobs";
import { SubmitButton } from "~/components/forms";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta: MetaFunction = () => [{ title: "New job · Signalpost" }];

const StateSchema = z
  .object({
    name: z.string().optional(),
    mode: z.enum(["specific", "source"]).optional(),
    dataSourceIds: z.array(z.number().int()).optional(),
    networkAuthorizationId: z.number().int().optional(),
    report: z.string().optional(),
    fields: z.array(z.string()).optional(),
    renames: z.record(z.string(), z.string()).optional(),
  })
  .catch({});

type Preview = { rows: Record<string, unknown>[]; columns: string[] } | { error: string } | null;
type StepData = { step: WizardStep; state: WizardState; errors: Record<string, string[]>; preview?: Preview; previewOk?: boolean; values?: Record<string, unknown> };

function streamIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
}

async function context(companyId: number, streamId: number, report: string | undefined) {
  const stream = await streamDetail(companyId, streamId);
  if (!stream) throw new Response("Not found", { status: 404 });
  const [sources, fieldInfo] = await Promise.all([accountChoices(companyId, stream.platform), fieldChoices(stream.platform, report)]);
  const destination = describeDestination(stream.destination.type);
  return {
    stream: { id: stream.id, name: stream.name, platform: stream.platform, platformName: stream.platformName, destinationType: stream.destination.type },
    destinationKind: destination?.kind ?? "sql",
    partitionRule: destination?.partition ?? "multiple",
    sources,
    reports: fieldInfo.reports,
    defaultReport: fieldInfo.defaultReport,
    fields: fieldInfo.fields.map((f) => ({ id: f.id, name: f.name, type: f.type, fieldType: f.fieldType })),
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const streamId = streamIdOf(params.id);
  const report = new URL(request.url).searchParams.get("report") ?? undefined;
  return json(await context(company.id, streamId, report));
}

const issuesToErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string[]> = {};
  for (const i of issues) (errors[String(i.path[0] ?? "form")] ??= []).push(i.message);
  return errors;
};

function fieldsFrom(form: FormData) {
  const renames: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (k.startsWith("rename.") && typeof v === "string" && v.trim()) renames[k.slice(7)] = v.trim();
  return { fields: form.getAll("fields").map(String), report: (form.get("report") as string) || undefined, renames };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const streamId = streamIdOf(params.id);
  const form = await request.formData();
  let state: WizardState = {};
  try {
    state = StateSchema.parse(JSON.parse(String(form.get("state") ?? "{}")));
  } catch {
    state = {};
  }
  const step = String(form.get("step") ?? "basic") as WizardStep;
  const reply = (data: StepData, status = 200) => json(data, { status });

  if (step === "basic") {
    const r = BasicStepSchema.safeParse({ step, name: form.get("name") ?? "" });
    if (!r.success) return reply({ step, state, errors: issuesToErrors(r.error.issues) }, 400);
    return reply({ step: "accounts", state: { ...state, name: r.data.name }, errors: {} });
  }

  const ctx = await context(company.id, streamId, state.report);
  if (step === "accounts") {
    const mode = form.get("mode") === "source" ? "source" : "specific";
    const r = AccountsStepSchema.safeParse({
      step,
      mode,
      // Switching mode clears the other: only the chosen mode's inputs are read.
      dataSourceIds: mode === "specific" ? form.getAll("dataSourceIds").map(String) : [],
      networkAuthorizationId: mode === "source" ? (form.get("networkAuthorizationId") || undefined) : undefined,
    });
    if (!r.success) return reply({ step, state, errors: issuesToErrors(r.error.issues) }, 400);
    const owned = new Set(ctx.sources.flatMap((s) => s.accounts.map((a) => a.id)));
    if (r.data.dataSourceIds.some((id) => !owned.has(id)) || (r.data.networkAuthorizationId && !ctx.sources.some((s) => s.id === r.data.networkAuthorizationId)))
      return reply({ step, state, errors: { dataSourceIds: [JOB_MESSAGES.accounts] } }, 400);
    return reply({ step: "fields", state: { ...state, mode: r.data.mode, dataSourceIds: r.data.dataSourceIds, networkAuthorizationId: r.data.networkAuthorizationId }, errors: {} });
  }

  if (step === "fields") {
    const intent = String(form.get("intent") ?? "next");
    const picked = fieldsFrom(form);
    // Changing the report resets the field selection (spec 2 §4).
    if (picked.report !== state.report && intent === "change-report") return reply({ step, state: { ...state, report: picked.report, fields: [], renames: {} }, errors: {} });
    const next = { ...state, ...picked };
    const r = FieldsStepSchema.safeParse({ step, ...picked });
    if (!r.success) return reply({ step, state: next, errors: issuesToErrors(r.error.issues) }, 400);
    const known = new Set(ctx.fields.map((f) => f.id));
    const unknown = picked.fields.filter((f) => !known.has(f));
    if (unknown.length) return reply({ step, state: next, errors: { fields: [`Unknown fields: ${unknown.join(", ")}`] } }, 400);
    if (intent === "preview") {
      const accountId = Number(form.get("previewAccount"));
      const day = String(form.get("previewDate") ?? "");
      let preview: Preview;
      try {
        const rows = await previewRows(company.id, { platform: ctx.stream.platform, dataSourceId: accountId, fields: picked.fields, report: picked.report ?? ctx.defaultReport, day });
        preview = { rows, columns: picked.fields };
      } catch (error) {
        preview = { error: error instanceof Error ? error.message : String(error) };
      }
      const ok = preview !== null && "rows" in preview && preview.rows.length > 0;
      return reply({ step, state: next, errors: {}, preview, previewOk: ok });
    }
    // Save needs preview rows, or a confirmed skip.
    if (form.get("previewOk") !== "1" && form.get("skipPreview") !== "on")
      return reply({ step, state: next, errors: { preview: ["Preview your data, or confirm that you skip the preview."] } }, 400);
    return reply({ step: "deployment", state: { ...next, report: picked.report ?? ctx.defaultReport }, errors: {} });
  }

  // deployment
  const values = {
    step,
    recurrency: String(form.get("recurrency") === "custom" ? (form.get("customCron") ?? "") : (form.get("recurrency") ?? "")),
    date: String(form.get("date") ?? ""),
    startDate: (form.get("startDate") as string) || undefined,
    endDate: (form.get("endDate") as string) || undefined,
    initialFetch: form.get("initialFetch") === "on",
    dateInitialization: (form.get("dateInitialization") as string) || undefined,
    startDateInitialization: (form.get("startDateInitialization") as string) || undefined,
    endDateInitialization: (form.get("endDateInitialization") as string) || undefined,
    partitionFieldId: form.getAll("partitionFieldId").map(String),
    dataType: ((form.get("dataType") as string) || undefined) as "csv" | "json" | undefined,
    tableName: String(form.get("tableName") ?? ""),
    shouldRunAllEvenIfFailed: form.get("shouldRunAllEvenIfFailed") === "on",
  };
  const r = DeploymentStepSchema.safeParse(values);
  if (!r.success) return reply({ step, state, errors: issuesToErrors(r.error.issues), values }, 400);
  if (!state.name || !state.fields?.length || (!state.dataSourceIds?.length && !state.networkAuthorizationId))
    return reply({ step: "basic", state: {}, errors: { form: ["The earlier steps are incomplete: start again."] } }, 400);
  const job: NewJob = { ...r.data, name: state.name, mode: state.mode ?? "specific", dataSourceIds: state.dataSourceIds ?? [], networkAuthorizationId: state.networkAuthorizationId, report: state.report, fields: state.fields, renames: state.renames ?? {} };
  const problems = await deploymentProblems(company.id, streamId, job);
  if (Object.keys(problems).length) return reply({ step, state, errors: Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])), values }, 400);
  try {
    const jobId = await createJobWithSchedule(company.id, streamId, job);
    return redirectWithToast(`/data-connector/data-stream/${streamId}/jobs/${jobId}`, { type: "success", title: JOB_MESSAGES.createdTitle, description: JOB_MESSAGES.createdText });
  } catch (error) {
    if (!(error instanceof JobFlowError)) console.error("[jobs] create failed", error);
    return reply({ step, state, errors: { form: [`${JOB_MESSAGES.createFailedTitle} ${JOB_MESSAGES.createFailedText}`] }, values }, 500);
  }
}

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";
const Err = ({ e }: { e?: string[] }) => <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">{e?.join(" ")}</div>;

export default function NewJob() {
  const ctx = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as StepData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const step: WizardStep = data?.step ?? "basic";
  const state = data?.state ?? {};
  const errors = data?.errors ?? {};
  const index = WIZARD_STEPS.indexOf(step);
  const hidden = (
    <>
      <input type="hidden" name="state" value={JSON.stringify(state)} />
      <input type="hidden" name="step" value={step} />
    </>
  );
  const chosenAccounts = ctx.sources.flatMap((s) => s.accounts.filter((a) => (state.mode === "source" ? s.id === state.networkAuthorizationId : state.dataSourceIds?.includes(a.id))));
  const dateFields = ctx.fields.filter((f) => f.fieldType === "YEAR_MONTH_DAY" || f.fieldType === "DATE");
  const showPartition = ctx.destinationKind === "sql" && dateFields.length > 0;
  const v = (data?.values ?? {}) as Record<string, string | boolean | string[] | undefined>;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div>
      <PageHeader title={`New job · ${ctx.stream.name}`} />
      <div className="mb-4" aria-label="Progress">
        <div className="h-2 rounded bg-slate-200">
          <div className="h-2 rounded bg-brand-600" style={{ width: `${((index + 1) / WIZARD_STEPS.length) * 100}%` }} data-testid="wizard-progress" />
        </div>
        <ol className="mt-2 flex justify-between text-xs text-slate-600">
          {["Basic information", "Account", "Fields", "Deployment options"].map((label, i) => (
            <li key={label} className={i === index ? "font-semibold text-brand-700" : ""} aria-current={i === index ? "step" : undefined}>
              {label}
            </li>
          ))}
        </ol>
      </div>
      <div className="max-w-3xl rounded-lg bg-white p-6 shadow">
        {errors.form ? <p role="alert" className="mb-3 text-sm text-red-600">{errors.form.join(" ")}</p> : null}
        {step === "basic" ? (
          <Form method="post" className="space-y-3">
            {hidden}
            <label className="block text-sm font-medium text-slate-700" htmlFor="job-name">Name</label>
            <input id="job-name" name="name" defaultValue={state.name ?? ""} className={input} aria-invalid={errors.name ? true : undefined} />
            <Err e={errors.name} />
            <div className="flex justify-end"><SubmitButton busy={busy}>Next</SubmitButton></div>
          </Form>
        ) : null}
        {step === "accounts" ? (
          <Form method="post" className="space-y-3">
            {hidden}
            <fieldset>
              <legend className="text-sm font-medium">Specific accounts</legend>
              <label className="mt-1 flex items-center gap-2 text-sm"><input type="radio" name="mode" value="specific" defaultChecked={state.mode !== "source"} /> Choose specific accounts</label>
              <div className="ml-6 mt-1 space-y-1">
                {ctx.sources.map((s) => (
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
                {ctx.sources.map((s) => (
                  <option key={s.id} value={s.id}>{s.name}</option>
                ))}
              </select>
            </fieldset>
            <Err e={errors.dataSourceIds ?? errors.networkAuthorizationId} />
            <div className="flex justify-end"><SubmitButton busy={busy}>Next</SubmitButton></div>
          </Form>
        ) : null}
        {step === "fields" ? (
          <Form method="post" className="space-y-3">
            {hidden}
            {ctx.reports.length > 0 ? (
              <div className="flex items-end gap-2">
                <div className="flex-1">
                  <label htmlFor="report" className="block text-sm font-medium">Report</label>
                  <select id="report" name="report" defaultValue={state.report ?? ctx.defaultReport} className={input}>
                    {ctx.reports.map((r) => (
                      <option key={r.value} value={r.value}>{r.label}</option>
                    ))}
                  </select>
                </div>
                <button type="submit" name="intent" value="change-report" className="rounded-md border px-3 py-2 text-sm">Change report</button>
              </div>
            ) : null}
            <fieldset>
              <legend className="text-sm font-medium">Fields</legend>
              <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1">
                {ctx.fields.map((f) => (
                  <div key={f.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" id={`f-${f.id}`} name="fields" value={f.id} defaultChecked={state.fields?.includes(f.id)} />
                    <label htmlFor={`f-${f.id}`} className="w-40 truncate" title={f.id}>{f.name}</label>
                    <input name={`rename.${f.id}`} defaultValue={state.renames?.[f.id] ?? ""} placeholder={f.id} aria-label={`Rename ${f.name}`} className="w-32 rounded border border-slate-300 px-2 py-1 text-xs" />
                  </div>
                ))}
              </div>
            </fieldset>
            <Err e={errors.fields} />
            <div className="rounded-md border border-slate-200 p-3">
              <p className="text-sm font-medium">Preview your data</p>
              <div className="mt-2 flex items-end gap-2">
                <select name="previewAccount" aria-label="Account" className={`${input} w-auto`}>
                  {chosenAccounts.map((a) => (
                    <option key={a.id} value={a.id}>{a.name}</option>
                  ))}
                </select>
                <input type="date" name="previewDate" defaultValue={today} aria-label="Date" className={`${input} w-auto`} />
                <button type="submit" name="intent" value="preview" className="rounded-md border px-3 py-2 text-sm">Preview your data</button>
              </div>
              {data?.preview && "error" in data.preview ? <p className="mt-2 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-700">{data.preview.error}</p> : null}
              {data?.preview && "rows" in data.preview ? (
                data.preview.rows.length === 0 ? (
                  <p className="mt-2 text-sm text-amber-700" data-testid="preview-empty">{JOB_MESSAGES.noPreviewData}</p>
                ) : (
                  <div className="mt-2 overflow-x-auto">
                    <table className="text-xs" data-testid="preview-table">
                      <thead><tr>{data.preview.columns.map((c) => <th key={c} className="px-2 text-left">{state.renames?.[c] || c}</th>)}</tr></thead>
                      <tbody>
                        {data.preview.rows.map((r, i) => (
                          <tr key={i}>{data.preview && "columns" in data.preview ? data.preview.columns.map((c) => <td key={c} className="px-2">{String(r[c] ?? "")}</td>) : null}</tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )
              ) : null}
              <input type="hidden" name="previewOk" value={data?.previewOk ? "1" : ""} />
              <label className="mt-2 flex items-center gap-2 text-sm"><input type="checkbox" name="skipPreview" /> Skip the preview: I confirm these fields return data</label>
              <Err e={errors.preview} />
            </div>
            <div className="flex justify-end"><SubmitButton busy={busy} name="intent" value="next">Save</SubmitButton></div>
          </Form>
        ) : null}
        {step === "deployment" ? (
          <Form method="post" className="space-y-2">
            {hidden}
            <label htmlFor="recurrency" className="block text-sm font-medium">Frequency</label>
            <select id="recurrency" name="recurrency" defaultValue={(v.recurrency as string) ?? DEFAULT_RECURRENCY} className={input}>
              {FREQUENCY_PRESETS.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
              <option value="custom">Custom (cron)</option>
            </select>
            <input name="customCron" placeholder="minute hour day-of-month month day-of-week, e.g. 30 6 * * 1" className={input} aria-label="Custom cron" />
            <Err e={errors.recurrency} />
            <label htmlFor="date" className="block text-sm font-medium">Date</label>
            <select id="date" name="date" defaultValue={(v.date as string) ?? "LAST_7_DAYS"} className={input}>
              {RUN_DATE_OPTIONS.map((o) => <option key={o} value={o}>{o}</option>)}
            </select>
            <Err e={errors.date} />
            <div className="flex gap-2">
              <input type="date" name="startDate" aria-label="Start date" className={input} />
              <input type="date" name="endDate" aria-label="End date" className={input} />
            </div>
            <Err e={[...(errors.startDate ?? []), ...(errors.endDate ?? [])]} />
            <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="initialFetch" defaultChecked={Boolean(v.initialFetch)} /> Initial fetch (backfill the history)</label>
            <select name="dateInitialization" aria-label="Initialization period" defaultValue={(v.dateInitialization as string) ?? ""} className={input}>
              <option value="">Initialization period</option>
              {INITIALIZATION_OPTIONS.map((o) => <option key={o} value={o}>{o}</option>)}
            </select>
            <div className="flex gap-2">
              <input type="date" name="startDateInitialization" aria-label="Initialization start" className={input} />
              <input type="date" name="endDateInitialization" aria-label="Initialization end" className={input} />
            </div>
            <Err e={[...(errors.dateInitialization ?? []), ...(errors.startDateInitialization ?? []), ...(errors.endDateInitialization ?? [])]} />
            {showPartition ? (
              <fieldset>
                <legend className="text-sm font-medium">Partition</legend>
                {dateFields.map((f) => (
                  <label key={f.id} className="flex items-center gap-2 text-sm">
                    <input type={ctx.partitionRule === "single" ? "radio" : "checkbox"} name="partitionFieldId" value={f.id} /> {f.name}
                  </label>
                ))}
                <Err e={errors.partitionFieldId} />
              </fieldset>
            ) : null}
            {ctx.destinationKind === "storage" ? (
              <>
                <label htmlFor="dataType" className="block text-sm font-medium">Data format</label>
                <select id="dataType" name="dataType" defaultValue="csv" className={input}>
                  <option value="csv">csv</option>
                  <option value="json">json</option>
                </select>
                <Err e={errors.dataType} />
              </>
            ) : null}
            <label htmlFor="tableName" className="block text-sm font-medium">{ctx.destinationKind === "storage" ? "File name" : "Destination table name"}</label>
            <input id="tableName" name="tableName" defaultValue={(v.tableName as string) ?? ""} className={input} />
            <Err e={errors.tableName} />
            <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="shouldRunAllEvenIfFailed" /> Run every account even if one fails</label>
            <div className="flex justify-end"><SubmitButton busy={busy}>Save</SubmitButton></div>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
