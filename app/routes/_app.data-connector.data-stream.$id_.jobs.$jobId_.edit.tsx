// Job edit screen (issue 6): what the wizard set (name, accounts, fields with renames, deployment),
// in one form built from the wizard's step components and validated by its step schemas. Saving
// prepares the destination (added fields add columns), updates the job and its Temporal Schedule
// job:{id}, and opens the job's page. Works as a plain POST: field errors come back with a 400.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { jobEditValues, jobFormContext, JobFlowError, JobInputError, updateJobWithSchedule, type NewJob, isId } from "~/services/data-streams.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import {
  AccountsStepSchema,
  BasicStepSchema,
  DeploymentStepSchema,
  FieldsStepSchema,
  issuesToErrors,
  JOB_MESSAGES,
  readAccountsInput,
  readDeploymentInput,
  readFieldsInput,
  type WizardState,
} from "~/utils/jobs";
import { SubmitButton } from "~/components/forms";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { AccountsInputs, DeploymentInputs, FieldsInputs, JobNameInput, partitionableFields, type DeploymentValues, type FieldChoice } from "~/components/job-steps";

export const meta: MetaFunction = () => [{ title: "Edit job · Signalpost" }];

type EditData = {
  state: WizardState;
  deployment: DeploymentValues;
  errors: Record<string, string[]>;
  /** The chosen report's fields, when the report was changed on this screen. */
  fieldChoices?: FieldChoice[];
};

function ids(params: { id?: string; jobId?: string }) {
  const streamId = Number(params.id);
  const jobId = Number(params.jobId);
  if (![streamId, jobId].every(isId)) throw new Response("Not found", { status: 404 });
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
  return json({ ...ctx, jobId, current });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const { streamId, jobId } = ids(params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const name = String(form.get("name") ?? "");
  const accounts = readAccountsInput(form);
  const picked = readFieldsInput(form);
  const deployment = readDeploymentInput(form);
  const { ctx } = await load(company.id, streamId, jobId, picked.report);
  const state: WizardState = {
    name,
    mode: accounts.mode,
    dataSourceIds: accounts.dataSourceIds.map(Number).filter(isId),
    networkAuthorizationId: accounts.networkAuthorizationId ? Number(accounts.networkAuthorizationId) : undefined,
    ...picked,
  };
  const reply = (errors: Record<string, string[]>, status: number, extra: Partial<EditData> = {}) =>
    json<EditData>({ state, deployment, errors, fieldChoices: ctx.fields, ...extra }, { status });

  // Changing the report resets the field selection (spec 2 §4) and lists that report's fields.
  if (intent === "change-report") return reply({}, 200, { state: { ...state, fields: [], renames: {} } });

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
  // A form re-rendered with other values must not keep the inputs of the previous answer.
  const formKey = JSON.stringify([state, deployment]);
  return (
    <div>
      <PageHeader title={`Edit job · ${d.current.state.name}`} />
      <Form method="post" key={formKey} className="max-w-3xl space-y-6 rounded-lg bg-white p-6 shadow" aria-label="Edit job">
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
          <FieldsInputs reports={d.reports} defaultReport={d.defaultReport} fields={fields} state={state} errors={errors} />
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
