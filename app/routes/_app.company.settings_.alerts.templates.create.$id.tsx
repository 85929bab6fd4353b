import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { createTemplateFrom, requireSentry } from "~/services/alerts.server";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm, safeParseForm } from "~/services/request-input.server";

const Schema = z.object({ title: z.string({ error: "Please input a name for your alert" }).trim().min(1, "Please input a name for your alert") });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const sentry = await requireSentry(company.id, params.id);
  return json({ id: sentry.id, title: sentry.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  const sentry = await requireSentry(company.id, params.id);
  const parsed = safeParseForm(await readForm(request), Schema);
  if (!parsed.success) return json({ errors: { title: parsed.error.issues[0].message } }, { status: 400 });
  await createTemplateFrom(company.id, user.id, sentry.id, parsed.data.title);
  return redirectWithToast("/company/settings/alerts/templates", { type: "success", title: "New template created" });
}

export const meta = () => [{ title: "New template · Signalpost" }];

export default function CreateTemplate() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="max-w-lg">
      <PageHeader title="Save as template" />
      <Form method="post" className="space-y-2">
        <label className="block text-sm">
          Template name
          <input name="title" defaultValue={d.title} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2" aria-describedby="title-error" />
        </label>
        <p id="title-error" className="min-h-[1rem] text-xs text-red-600">{a?.errors.title ?? ""}</p>
        <button type="submit" disabled={navigation.state === "submitting"} className="rounded-md bg-brand-600 px-4 py-2 text-sm text-white">Create the template</button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
