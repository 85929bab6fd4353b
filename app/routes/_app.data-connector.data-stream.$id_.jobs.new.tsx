// The four-step job wizard (spec 2 §2 Job creation): basic information, accounts, fields (report,
// multi-select, renames, preview or skip), deployment. Each step posts the values gathered so far in
// a hidden `state`; the server validates the step and renders the next one, so it works without
// JavaScript; the last step creates the job with its Temporal Schedule and opens its page.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { accountProblems, createJobWithSchedule, fieldProblems, jobFieldIncompatibilities, JobFlowError, jobFormContext, JobInputError, jobProblems, previewRows, type NewJob } from "~/services/data-streams.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import {
  AccountsStepSchema,
  BasicStepSchema,
  DeploymentStepSchema,
  FieldsStepSchema,
  issuesToErrors,
  JOB_MESSAGES,
  JobInputsSchema,
  readAccountsInput,
  readDeploymentInput,
  readFieldsInput,
  readRenames,
  WIZARD_STEPS,
  type WizardState,
  type WizardStep,
} from "~/utils/jobs";
import { SubmitButton } from "~/components/forms";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { AccountsInputs, DeploymentInputs, ErrorSlot, FieldsInputs, jobInputClass as input, JobNameInput, partitionableFields, useFieldRefresh, type FieldChoice } from "~/components/job-steps";
import { readForm, requireId } from "~/services/request-input.server";
import { idField } from "../../lib/ids.js";
import { searchTerm, withReasons } from "~/utils/field-picker";

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

/** A wizard post: the step's inputs, which step and button, the hidden state and the preview's choices. */
const WizardPostSchema = JobInputsSchema.extend({
  step: z.enum(WIZARD_STEPS, { error: "This step of the wizard does not exist." }).default("basic"),
  intent: z.enum(["next", "change-report", "search", "refresh", "preview"], { error: "Unknown action" }).default("next"),
  state: z.string().optional(),
  previewAccount: idField("Account not found").optional(),
  previewDate: z.string().optional(),
  previewOk: z.string().optional(),
  skipPreview: z.string().optional(),
});

type Preview = { rows: Record<string, unknown>[]; columns: string[] } | { error: string } | null;
type StepData = {
  step: WizardStep;
  state: WizardState;
  errors: Record<string, string[]>;
  preview?: Preview;
  previewOk?: boolean;
  values?: Record<string, unknown>;
  /** The chosen report's fields, with what the platform refuses for the selection. */
  fieldChoices?: FieldChoice[];
  /** The field picker's search (submitted without JavaScript). */
  fieldSearch?: string;
};

const fieldErrors = (problems: Record<string, string>) => Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]]));

/** The deployment step shows its own fields' errors in place; the earlier steps' (hidden state) above the form. */
const DEPLOYMENT_FIELDS = new Set(["recurrency", "date", "startDate", "endDate", "dateInitialization", "startDateInitialization", "endDateInitialization", "partitionFieldId", "dataType", "tableName"]);
function deploymentErrors(problems: Record<string, string>): Record<string, string[]> {
  const errors = fieldErrors(Object.fromEntries(Object.entries(problems).filter(([k]) => DEPLOYMENT_FIELDS.has(k))));
  const earlier = Object.entries(problems).filter(([k]) => !DEPLOYMENT_FIELDS.has(k)).map(([, v]) => v);
  if (earlier.length) errors.form = [`${JOB_MESSAGES.earlierStepsChanged} ${earlier.join(" ")}`];
  return errors;
}


export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const streamId = requireId(params.id);
  const report = new URL(request.url).searchParams.get("report") ?? undefined;
  return json(await jobFormContext(company.id, streamId, report));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const streamId = requireId(params.id);
  const form = await readForm(request);
  const reply = (data: StepData, status = 200) => json(data, { status });
  const submission = parseWithZod(form, { schema: WizardPostSchema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(Object.entries(submission.error ?? {}).flatMap(([k, v]) => (v?.length ? [[k, v]] : [])));
    return reply({ step: WIZARD_STEPS.find((s) => s === submission.payload.step) ?? "basic", state: {}, errors }, 400);
  }
  const post = submission.value;
  let state: WizardState = {};
  try {
    state = StateSchema.parse(JSON.parse(post.state ?? "{}"));
  } catch {
    state = {};
  }
  const { step, intent } = post;

  if (step === "basic") {
    const r = BasicStepSchema.safeParse({ step, name: post.name ?? "" });
    if (!r.success) return reply({ step, state, errors: issuesToErrors(r.error.issues) }, 400);
    return reply({ step: "accounts", state: { ...state, name: r.data.name }, errors: {} });
  }

  const ctx = await jobFormContext(company.id, streamId, state.report);
  // The fields step lists the report's fields with what the platform refuses for the selection.
  const choicesFor = async (s: WizardState, fields = ctx.fields) =>
    withReasons(fields, await jobFieldIncompatibilities(company.id, ctx.stream.platform, { report: s.report ?? ctx.defaultReport, state: s, selected: s.fields ?? [] }));
  const fieldChoices = ctx.fields;
  if (step === "accounts") {
    const r = AccountsStepSchema.safeParse({ step, ...readAccountsInput(post) });
    if (!r.success) return reply({ step, state, errors: issuesToErrors(r.error.issues) }, 400);
    const refused = accountProblems(ctx.sources, r.data);
    if (Object.keys(refused).length) return reply({ step, state, errors: fieldErrors(refused) }, 400);
    const next = { ...state, mode: r.data.mode, dataSourceIds: r.data.dataSourceIds, networkAuthorizationId: r.data.networkAuthorizationId };
    return reply({ step: "fields", state: next, errors: {}, fieldChoices: await choicesFor(next) });
  }

  if (step === "fields") {
    const picked = readFieldsInput(post, readRenames(form));
    const reportCtx = picked.report === state.report ? ctx : await jobFormContext(company.id, streamId, picked.report);
    if (reportCtx.reportProblem) return reply({ step, state, errors: { report: [reportCtx.reportProblem] }, fieldChoices }, 400);
    // Changing the report resets the field selection (spec 2 §4) and lists that report's fields.
    if (picked.report !== state.report && intent === "change-report") {
      const changed = { ...state, report: picked.report, fields: [], renames: {} };
      return reply({ step, state: changed, errors: {}, fieldChoices: await choicesFor(changed, reportCtx.fields) });
    }
    const next = { ...state, ...picked };
    // Search (without JavaScript) and refresh (a changed selection, with it): the same step again.
    if (intent === "search" || intent === "refresh") {
      return reply({ step, state: next, errors: {}, fieldChoices: await choicesFor(next, reportCtx.fields), fieldSearch: searchTerm(post.field_q) });
    }
    const r = FieldsStepSchema.safeParse({ step, ...picked });
    if (!r.success) return reply({ step, state: next, errors: issuesToErrors(r.error.issues), fieldChoices }, 400);
    const refused = fieldProblems(reportCtx.fields, picked);
    if (Object.keys(refused).length) return reply({ step, state: next, errors: fieldErrors(refused), fieldChoices }, 400);
    if (intent === "preview") {
      const accountId = post.previewAccount ?? 0;
      const day = post.previewDate ?? "";
      let preview: Preview;
      try {
        const rows = await previewRows(company.id, { platform: ctx.stream.platform, dataSourceId: accountId, fields: picked.fields, report: picked.report ?? ctx.defaultReport, day });
        preview = { rows, columns: picked.fields };
      } catch (error) {
        preview = { error: error instanceof Error ? error.message : String(error) };
      }
      const ok = preview !== null && "rows" in preview && preview.rows.length > 0;
      return reply({ step, state: next, errors: {}, preview, previewOk: ok, fieldChoices });
    }
    // Save needs preview rows, or a confirmed skip.
    if (post.previewOk !== "1" && post.skipPreview !== "on")
      return reply({ step, state: next, errors: { preview: ["Preview your data, or confirm that you skip the preview."] }, fieldChoices }, 400);
    return reply({ step: "deployment", state: { ...next, report: picked.report ?? ctx.defaultReport }, errors: {}, fieldChoices });
  }

  // deployment
  const values = readDeploymentInput(post);
  const r = DeploymentStepSchema.safeParse(values);
  if (!r.success) {
    const errors = issuesToErrors(r.error.issues);
    // One round of errors: what Save would also refuse (a table another job loads) shows with the form's own.
    if (state.name && state.fields?.length && values.tableName.trim()) {
      const draft = { ...values, name: state.name, mode: state.mode ?? "specific", dataSourceIds: state.dataSourceIds ?? [], networkAuthorizationId: state.networkAuthorizationId, report: state.report, fields: state.fields, renames: state.renames ?? {} } as NewJob;
      const problems = await jobProblems(company.id, streamId, draft).catch(() => ({}));
      for (const [k, v] of Object.entries(deploymentErrors(problems))) errors[k] ??= v;
    }
    return reply({ step, state, errors, values, fieldChoices }, 400);
  }
  if (!state.name || !state.fields?.length || (!state.dataSourceIds?.length && !state.networkAuthorizationId))
    return reply({ step: "basic", state: {}, errors: { form: ["The earlier steps are incomplete: start again."] } }, 400);
  const job: NewJob = { ...r.data, name: state.name, mode: state.mode ?? "specific", dataSourceIds: state.dataSourceIds ?? [], networkAuthorizationId: state.networkAuthorizationId, report: state.report, fields: state.fields, renames: state.renames ?? {} };
  try {
    const jobId = await createJobWithSchedule(company.id, streamId, job);
    return redirectWithToast(`/data-connector/data-stream/${streamId}/jobs/${jobId}`, { type: "success", title: JOB_MESSAGES.createdTitle, description: JOB_MESSAGES.createdText });
  } catch (error) {
    // Refused choices (a table another job loads, ids forged into the hidden state): nothing was written.
    if (error instanceof JobInputError) return reply({ step, state, errors: deploymentErrors(error.problems), values, fieldChoices }, 400);
    if (!(error instanceof JobFlowError)) console.error("[jobs] create failed", error);
    return reply({ step, state, errors: { form: [`${JOB_MESSAGES.createFailedTitle} ${JOB_MESSAGES.createFailedText}`] }, values }, 500);
  }
}


export default function NewJob() {
  const ctx = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as StepData | undefined;
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
  const fields = data?.fieldChoices ?? ctx.fields;
  const today = new Date().toISOString().slice(0, 10);
  const { formRef: fieldsForm, onSelectionChange } = useFieldRefresh();
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
            <JobNameInput defaultValue={state.name} errors={errors.name} />
            <div className="flex justify-end"><SubmitButton pendingLabel="Checking…">Next</SubmitButton></div>
          </Form>
        ) : null}
        {step === "accounts" ? (
          <Form method="post" className="space-y-3">
            {hidden}
            <AccountsInputs sources={ctx.sources} state={state} errors={errors} />
            <div className="flex justify-end"><SubmitButton pendingLabel="Checking…">Next</SubmitButton></div>
          </Form>
        ) : null}
        {step === "fields" ? (
          <Form method="post" className="space-y-3" ref={fieldsForm}>
            {hidden}
            <FieldsInputs reports={ctx.reports} defaultReport={ctx.defaultReport} fields={fields} state={state} errors={errors} search={data?.fieldSearch} onSelectionChange={onSelectionChange}>
              <div className="rounded-md border border-slate-200 p-3">
                <p className="text-sm font-medium">Preview your data</p>
                <div className="mt-2 flex items-end gap-2">
                  <select name="previewAccount" aria-label="Account" className={`${input} w-auto`}>
                    {chosenAccounts.map((a) => (
                      <option key={a.id} value={a.id}>{a.name}</option>
                    ))}
                  </select>
                  <input type="date" name="previewDate" defaultValue={today} aria-label="Date" className={`${input} w-auto`} />
                  <SubmitButton name="intent" value="preview" variant="secondary" pendingLabel="Loading the preview…">Preview your data</SubmitButton>
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
                <ErrorSlot e={errors.preview} />
              </div>
            </FieldsInputs>
            <div className="flex justify-end"><SubmitButton name="intent" value="next" pendingLabel="Saving…">Save</SubmitButton></div>
          </Form>
        ) : null}
        {step === "deployment" ? (
          <Form method="post" className="space-y-2">
            {hidden}
            <DeploymentInputs values={(data?.values ?? {}) as Parameters<typeof DeploymentInputs>[0]["values"]} errors={errors} destinationKind={ctx.destinationKind} partitionRule={ctx.partitionRule} dateFields={partitionableFields(fields)} />
            <div className="flex justify-end"><SubmitButton pendingLabel="Creating the job…">Save</SubmitButton></div>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
