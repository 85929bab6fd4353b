import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { alertsRepo, requireTemplate, templateEditAccounts } from "~/services/alerts.server";
import { getDb } from "~/services/db.server";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { Field, SubmitButton } from "~/components/forms";
import { readForm, safeParseForm } from "~/services/request-input.server";

const Schema = z.object({
  title: z.string({ error: "Please input a name for your alert" }).trim().min(1, "Please input a name for your alert").max(200, "The name is too long"),
  description: z.string().trim().max(1000, "The description is too long (1,000 characters at most)").optional(),
});

/** A company template (issue 18): its name and description here, its conditions in the alert editor on one of the accounts it fits. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const template = await requireTemplate(company.id, params.id);
  return json({ id: template.id, title: template.title, description: template.description ?? "", accounts: await templateEditAccounts(company.id, template.platform) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const template = await requireTemplate(company.id, params.id);
  const parsed = safeParseForm(await readForm(request), Schema);
  if (!parsed.success) return json({ errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) }, { status: 400 });
  await alertsRepo.renameTemplate(getDb(), company.id, template.id, { title: parsed.data.title, description: parsed.data.description || null });
  return redirectWithToast("/company/settings/alerts/templates", { type: "success", title: `The template ${parsed.data.title} has been updated` });
}

export const meta = () => [{ title: "Edit a template · Signalpost" }];

export default function EditTemplate() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors: Record<string, string> = a?.errors ?? {};
  return (
    <div className="max-w-xl">
      <PageHeader title="Edit a template" />
      <Form method="post" className="space-y-2">
        <Field label="Template name" errors={errors.title ? [errors.title] : null} inputProps={{ id: "title", name: "title", defaultValue: d.title }} />
        <label className="block text-sm">
          Description
          <textarea name="description" defaultValue={d.description} rows={3} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2" aria-describedby="description-error" />
        </label>
        <p id="description-error" className="min-h-[1rem] text-xs text-red-600">{errors.description ?? ""}</p>
        <div className="flex gap-2">
          <SubmitButton busy={navigation.state === "submitting"}>Save</SubmitButton>
          <Link to="/company/settings/alerts/templates" className="rounded-md border border-slate-300 px-4 py-2 text-sm">Cancel</Link>
        </div>
      </Form>
      <section className="mt-6">
        <h2 className="mb-1 text-sm font-semibold">Conditions</h2>
        {d.accounts.length === 0 ? (
          <p className="text-sm text-slate-500">Add a client of this platform to edit the conditions with a preview on its data.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {d.accounts.map((acc) => (
              <li key={acc.id}>
                <Link to={`/clients/${acc.id}/alerts/edit/${d.id}?template=1`} className="text-brand-700 hover:underline">
                  Edit the conditions with a preview on {acc.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
