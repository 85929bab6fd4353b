import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createStream, JobFlowError, streamFormChoices } from "~/services/data-streams.server";
import { requireUser } from "~/services/session.server";
import { STREAM_MESSAGES, StreamSchema } from "~/utils/jobs";
import { Field, SubmitButton } from "~/components/forms";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";

export const meta: MetaFunction = () => [{ title: "New data stream · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json(await streamFormChoices(company.id));
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: StreamSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const stream = await createStream(company.id, submission.value);
    return redirect(`/data-connector/data-stream/${stream.id}`);
  } catch (error) {
    if (error instanceof JobFlowError)
      return json(
        { result: submission.reply({ fieldErrors: error.message === "platform" ? { platform: [STREAM_MESSAGES.platform] } : { destinationId: [STREAM_MESSAGES.destination] } }) },
        { status: 400 },
      );
    throw error;
  }
}

const selectClass = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

export default function NewDataStream() {
  const { platforms, destinations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "new-stream",
    lastResult: actionData?.result,
    constraint: getZodConstraint(StreamSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StreamSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div>
      <PageHeader title="New data stream" />
      <Form method="post" {...getFormProps(form)} className="max-w-xl space-y-3 rounded-lg bg-white p-6 shadow">
        <Field label="Name" errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
        <div>
          <label htmlFor={fields.platform.id} className="block text-sm font-medium text-slate-700">Platform</label>
          <select {...getSelectProps(fields.platform)} className={selectClass}>
            <option value="">Choose a platform</option>
            {platforms.map((p) => (
              <option key={p.value} value={p.value}>{p.label}</option>
            ))}
          </select>
          <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">{fields.platform.errors?.join(" ")}</div>
          {platforms.length === 0 ? (
            <p className="text-sm">
              You have no source yet: <Link to="/data-connector/sources/new" className="text-brand-600 hover:underline">create a source</Link>.
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={fields.destinationId.id} className="block text-sm font-medium text-slate-700">Destination</label>
          <select {...getSelectProps(fields.destinationId)} className={selectClass}>
            <option value="">Choose a destination</option>
            {destinations.map((d) => (
              <option key={d.value} value={d.value}>{d.label}</option>
            ))}
          </select>
          <div className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">{fields.destinationId.errors?.join(" ")}</div>
          {destinations.length === 0 ? (
            <p className="text-sm">
              You have no destination yet: <Link to="/data-connector/destinations/new" className="text-brand-600 hover:underline">create a destination</Link>.
            </p>
          ) : null}
        </div>
        {form.errors?.length ? <p className="text-sm text-red-600">{form.errors.join(" ")}</p> : null}
        <div className="flex justify-end">
          <SubmitButton busy={navigation.state === "submitting"}>Save</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
