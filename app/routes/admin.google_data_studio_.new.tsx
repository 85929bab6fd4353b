import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { requireAdmin } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { gdsFieldsRepo } from "~/services/account-repositories.server";
import { engineFields, gdsPlatforms } from "~/services/gds.server";
import { parseGdsFieldForm } from "~/services/gds-admin.server";
import { redirectWithToast } from "~/services/toast.server";
import { GDS_FIELD_DEFAULTS, gdsTypeFromEngine } from "~/utils/gds";
import { GdsFieldForm } from "~/components/gds-field-form";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";

export const meta = () => [{ title: "Add a field · Admin · Signalpost" }];

/** ?platform= loads the engine's fields for that platform; ?field= pre-fills the form from the engine's definition. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const platforms = gdsPlatforms();
  const platform = platforms.find((p) => p.id === url.searchParams.get("platform"))?.id ?? "";
  const fields = platform ? await engineFields(platform) : [];
  const chosen = fields.find((f) => f.id === url.searchParams.get("field"));
  return json({
    platforms,
    platform,
    fields: fields.map((f) => ({ id: f.id, name: f.name })),
    defaults: {
      platformName: platform,
      fieldId: chosen?.id ?? "",
      defaultName: chosen?.name ?? "",
      defaultDescription: chosen?.description ?? "",
      status: GDS_FIELD_DEFAULTS.status,
      type: chosen?.type ?? GDS_FIELD_DEFAULTS.type,
      fieldType: chosen ? gdsTypeFromEngine(chosen.fieldType) : GDS_FIELD_DEFAULTS.fieldType,
      aggregationType: chosen ? (chosen.type === "metric" ? chosen.aggregation : null) : GDS_FIELD_DEFAULTS.aggregationType,
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request);
  const { submission, input } = await parseGdsFieldForm(await readForm(request));
  if (!input) return json(submission.reply(), { status: 400 });
  try {
    const field = await gdsFieldsRepo.createGdsField(getDb(), input);
    console.info(`admin ${user.id} created gds field ${field.id}`);
    return redirectWithToast(`/admin/google_data_studio/${field.id}`, { type: "success", title: "The field has been created" });
  } catch (error) {
    if (error instanceof gdsFieldsRepo.DuplicateGdsFieldError) {
      return json(submission.reply({ fieldErrors: { fieldId: ["This field already has an entry: edit it instead"] } }), { status: 409 });
    }
    console.error("gds field create failed", error);
    return redirectWithToast("/admin/google_data_studio", { type: "error", title: "Unable to add the field" });
  }
}

export default function NewGdsField() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submit = useSubmit();
  return (
    <div className="max-w-3xl">
      <PageHeader title="Add a field" actions={<Link to="/admin/google_data_studio" className="text-sm text-brand-600 hover:underline">Back to Field List</Link>} />
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow" onChange={(e) => submit(e.currentTarget, { replace: true })}>
        <label className="text-sm">
          <span className="block font-medium text-slate-700">Load the engine fields of</span>
          <select name="platform" defaultValue={data.platform} className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
            <option value="">Choose a platform</option>
            {data.platforms.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </label>
        {data.fields.length ? (
          <label className="text-sm">
            <span className="block font-medium text-slate-700">Pre-fill from</span>
            <select name="field" defaultValue="" className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
              <option value="">—</option>
              {data.fields.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            </select>
          </label>
        ) : null}
        <button className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">Load</button>
      </Form>
      <div className="rounded-lg bg-white p-6 shadow">
        <GdsFieldForm key={`${data.platform}:${data.defaults.fieldId}`} defaults={data.defaults} lastResult={lastResult} platforms={data.platforms} fields={data.fields} intent="create" submitLabel="Save" />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
