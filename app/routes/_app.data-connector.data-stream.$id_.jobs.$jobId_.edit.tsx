// Job edit screen (issue 6): what the wizard set (name, accounts, fields with renames, deployment),
// in one form built from the wizard's step components and validated by its step schemas. Saving
// prepares the destination (added fields add columns), updates the job and its Temporal Schedule
// job:{id}, and opens the job's page. Works as a plain POST: field errors come back with a 400.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { jobEditValues, jobFieldIncompatibilities, jobFormContext, JobFlowError, JobInputError, updateJobWithSchedule, type NewJob } from "~/services/data-streams.server";
import { searchTerm, withReasons } from "~/utils/field-picker";
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
  type WizardState,
} from "~/utils/jobs";
import { SubmitButton } from "~/components/forms";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { AccountsInputs, DeploymentInputs, FieldsInputs, JobNameInput, partitionableFields, useFieldRefresh, type DeploymentValues, type FieldChoice } from "~/components/job-steps";
import { parseOrRefuse, readForm, requireId } from "~/services/request-input.server";
import { z } from "zod";
import { isRowId } from "../../lib/ids.js";

export const meta: MetaFunction = () => [{ title: "Edit job · Signalpost" }];

/** The edit form: the wizard's inputs in one post, and which button sent it. */
const EditPostSchema = JobInputsSchema.extend({
  intent: z.enum(["save", "change-report", "search", "refresh"], { error: "Unknown action" }).default("save"),
});

type EditData = {
  state: WizardState;
  deployment: DeploymentValues;
  errors: Record<string, string[]>;
  /** The chosen report's fields, with what the platform refuses for the selection. */
  fieldChoices?: FieldChoice[];
  /** The field picker's search (submitted without JavaScript). */
  fieldSearch?: string;
  /** The answer to a changed selection (with JavaScript): it re-greys fields, the form stays as typed. */
  refreshed?: boolean;
};

function ids(params: { id?: string; jobId?: string }) {
  const streamId = requireId(params.id);
  const jobId = requireId(params.jobId);
  return { streamId, jobId };
}

async function load(companyId: number, streamId: number, jobId: number, report?: string) {
  const current = await jobEditValues(companyId, streamId, jobId);
  if (!current) throw new Response("Not found", { status: 404 });
  const ctx = await jobFormContext(companyId, streamId, report ?? current.state.report);
  return { ctx, current };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const { streamId, jobId } = ids(params);
  const { ctx, current } = await load(company.id, streamId, jobId);
  // The saved selection's refusals, greyed from the first render.
  const fields = withReasons(ctx.fields, await jobFieldIncompatibilities(company.id, ctx.stream.platform, { report: current.state.report ?? ctx.defaultReport, state: current.state, selected: current.state.fields ?? [] }));
  return json({ ...ctx, fields, jobId, current });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const { streamId, jobId } = ids(params);
  const form = await readForm(request);
  const post = parseOrRefuse(form, EditPostSchema);
  const { intent } = post;
  const name = post.name ?? "";
  const accounts = readAccountsInput(post);
  const picked = readFieldsInput(post, readRenames(form));
  const deployment = readDeploymentInput(post);
  const { ctx } = await load(company.id, streamId, jobId, picked.report);
  const state: WizardState = {
    name,
    mode: accounts.mode,
    dataSourceIds: accounts.dataSourceIds.map(Number).filter(isRowId),
    networkAuthorizationId: accounts.networkAuthorizationId ? Number(accounts.networkAuthorizationId) : undefined,
    ...picked,
  };
  const choicesFor = async (s: WizardState) => withReasons(ctx.fields, await jobFieldIncompatibilities(company.id, ctx.stream.platform, { report: s.report ?? ctx.defaultReport, state: s, selected: s.fields ?? [] }));
  const reply = async (errors: Record<string, string[]>, status: number, extra: Partial<EditData> = {}) =>
    json<EditData>({ state, deployment, errors, fieldChoices: await choicesFor(extra.state ?? state), ...extra }, { status });

  // Changing the report resets the field selection (spec 2 §4) and lists that report's fields.
  if (intent === "change-report") return reply({}, 200, { state: { ...state, fields: [], renames: {} } });
  // Search (without JavaScript) and refresh (a changed selection, with it): the same screen again.
  if (intent === "search" || intent === "refresh") return reply({}, 200, { fieldSearch: searchTerm(post.field_q), refreshed: intent === "refresh" });

  // The wizard's four step schemas, all at once.
  const errors: Record<string, string[]> = {};
  const basic = BasicStepSchema.safeParse({ step: "basic", name });
  if (!basic.success) issuesToErrors(basic.error.issues, errors);
  const acc = AccountsStepSchema.safeParse({ step: "accounts", ...accounts });
  if (!acc.success) issuesToErrors(acc.error.issues, errors);
  const fld = FieldsStepSchema.safeParse({ step: "fields", ...picked });
  if (!fld.success) issuesToErrors(fld.error.issues, errors);
  const dep = DeploymentStepSchema.safeParse(deployment);
  if (!dep.success) issuesToErrors(dep.error.issues, errors);
  if (Object.keys(errors).length || !basic.success || !acc.success || !dep.success) return reply(errors, 400);

  const job: NewJob = {
    ...dep.data,
    name: basic.data.name,
    mode: acc.data.mode,
    dataSourceIds: acc.data.dataSourceIds,
    networkAuthorizationId: acc.data.networkAuthorizationId,
    report: picked.report ?? ctx.defaultReport,
    fields: picked.fields,
    renames: picked.renames,
  };
  const here = `/data-connector/data-stream/${streamId}/jobs/${jobId}`;
  try {
    if (!(await updateJobWithSchedule(company.id, streamId, jobId, job))) throw new Response("Not found", { status: 404 });
  } catch (error) {
    if (error instanceof Response) throw error;
    // Refused choices (a table another job loads, ids of another company): nothing was saved.
    if (error instanceof JobInputError) return reply(Object.fromEntries(Object.entries(error.problems).map(([k, v]) => [k, [v]])), 400);
    // The destination refused the table (connection, privilege, name): nothing was saved.
    if (error instanceof JobFlowError) return reply({ form: [`${JOB_MESSAGES.errorTitle} ${error.message}`] }, 400);
    console.error("[jobs] update failed", error);
    return reply({ form: [`${JOB_MESSAGES.errorTitle} ${JOB_MESSAGES.errorText}`] }, 503);
  }
  return redirectWithToast(here, { type: "success", title: JOB_MESSAGES.updatedTitle, description: JOB_MESSAGES.updatedText });
}

export default function EditJob() {
  const d = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as EditData | undefined;
  const state = data?.state ?? d.current.state;
  const deployment = (data?.deployment ?? d.current.deployment) as DeploymentValues;
  const errors = data?.errors ?? {};
  const fields = data?.fieldChoices ?? d.fields;
  const back = `/data-connector/data-stream/${d.stream.id}/jobs/${d.jobId}`;
  // A form re-rendered with other values must not keep the inputs of the previous answer; a
  // refresh keeps the form (remounting it would drop what was typed while it was on its way).
  const formKey = useRef("");
  if (!data?.refreshed || !formKey.current) formKey.current = JSON.stringify([state, deployment]);
  const { formRef, onSelectionChange } = useFieldRefresh();
  return (
    <div>
      <PageHeader title={`Edit job · ${d.current.state.name}`} />
      <Form method="post" key={formKey.current} ref={formRef} className="max-w-3xl space-y-6 rounded-lg bg-white p-6 shadow" aria-label="Edit job">
        {errors.form ? <p role="alert" className="text-sm text-red-600">{errors.form.join(" ")}</p> : null}
        <section className="space-y-3">
          <h2 className="font-semibold">Basic information</h2>
          <JobNameInput defaultValue={state.name} errors={errors.name} />
        </section>
        <section className="space-y-3">
          <h2 className="font-semibold">Account</h2>
          <AccountsInputs sources={d.sources} state={state} errors={errors} />
        </section>
        <section className="space-y-3">
          <h2 className="font-semibold">Fields</h2>
          <FieldsInputs reports={d.reports} defaultReport={d.defaultReport} fields={fields} state={state} errors={errors} search={data?.fieldSearch} onSelectionChange={onSelectionChange} />
        </section>
        <section className="space-y-2">
          <h2 className="font-semibold">Deployment options</h2>
          <DeploymentInputs values={deployment} errors={errors} destinationKind={d.destinationKind} partitionRule={d.partitionRule} dateFields={partitionableFields(fields)} />
        </section>
        <div className="flex justify-end gap-2">
          <Link to={back} className="rounded-md border px-4 py-2 text-sm">Cancel</Link>
          <SubmitButton name="intent" value="save" pendingLabel="Saving…">Save</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
