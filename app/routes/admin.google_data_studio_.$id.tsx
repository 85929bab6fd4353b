import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { requireAdmin } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { gdsFieldsRepo } from "~/services/account-repositories.server";
import { engineFields, gdsPlatforms } from "~/services/gds.server";
import { parseGdsFieldForm } from "~/services/gds-admin.server";
import { redirectWithToast } from "~/services/toast.server";
import { GDS_LANGUAGES, TranslationSchema } from "~/utils/gds";
import { GdsFieldForm } from "~/components/gds-field-form";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Field, SubmitButton } from "~/components/forms";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { parseOrRefuse, readForm } from "~/services/request-input.server";
import { idField, parseId } from "../../lib/ids.js";
import { z } from "zod";

const GDS_INTENTS = ["update", "delete", "add-translation", "update-translation", "delete-translation"] as const;
const IntentSchema = z.object({ intent: z.enum(GDS_INTENTS, { error: "Unknown action" }) });
const TRANSLATION_GONE = "This field translation does not exist.";
const TranslationRowSchema = z.object({ translationId: idField(TRANSLATION_GONE) });
const TranslationUpdateSchema = TranslationSchema.extend(TranslationRowSchema.shape);

export const meta = () => [{ title: "Field translations · Admin · Signalpost" }];

async function loadField(params: { id?: string }) {
  const id = parseId(params.id);
  const field = id ? await gdsFieldsRepo.getGdsField(getDb(), id) : undefined;
  if (!field) throw new Response("Field not found", { status: 404 });
  return field;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const field = await loadField(params);
  const [translations, fields] = await Promise.all([gdsFieldsRepo.listTranslations(getDb(), field.id), engineFields(field.platform)]);
  return json({
    field: { ...field, createdAt: field.createdAt.toISOString(), updatedAt: field.updatedAt.toISOString() },
    translations,
    platforms: gdsPlatforms(),
    fields: fields.map((f) => ({ id: f.id, name: f.name })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const field = await loadField(params);
  const db = getDb();
  const formData = await readForm(request);
  const { intent } = parseOrRefuse(formData, IntentSchema);
  const here = `/admin/google_data_studio/${field.id}`;
  switch (intent) {
    case "update": {
      const { submission, input } = await parseGdsFieldForm(formData);
      if (!input) return json({ intent, result: submission.reply() }, { status: 400 });
      try {
        await gdsFieldsRepo.updateGdsField(db, field.id, input);
      } catch (error) {
        console.error("gds field update failed", error);
        return redirectWithToast(here, { type: "error", title: "Unable to update the field" });
      }
      return redirectWithToast(here, { type: "success", title: "The field has been updated" });
    }
    case "delete":
      if (!(await gdsFieldsRepo.deleteGdsField(db, field.id))) return redirectWithToast(here, { type: "error", title: "Unable to delete the field" });
      return redirectWithToast("/admin/google_data_studio", { type: "success", title: "The field has been deleted" });
    case "add-translation": {
      const submission = parseWithZod(formData, { schema: TranslationSchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      await gdsFieldsRepo.upsertTranslation(db, field.id, submission.value);
      return redirectWithToast(here, { type: "success", title: "The field translation has been created" });
    }
    case "update-translation": {
      const submission = parseWithZod(formData, { schema: TranslationUpdateSchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      const { translationId, ...translation } = submission.value;
      const ok = await gdsFieldsRepo.updateTranslation(db, field.id, translationId, translation).catch(() => false);
      if (!ok) return redirectWithToast(here, { type: "error", title: "Unable to update the field translation" });
      return redirectWithToast(here, { type: "success", title: "The field translation has been updated" });
    }
    case "delete-translation":
      // A hidden id that can name no row answers like a row that is not there (decision 0830).
      if (!(await gdsFieldsRepo.deleteTranslation(db, field.id, parseOrRefuse(formData, TranslationRowSchema, 404).translationId))) {
        return redirectWithToast(here, { type: "error", title: "Unable to delete the field translation" });
      }
      return redirectWithToast(here, { type: "success", title: "The field translation has been deleted" });
  }
}

function TranslationForm({ intent, defaults, translationId }: { intent: "add-translation" | "update-translation"; defaults?: { languageCode: string; name: string; description: string }; translationId?: number }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, f] = useForm({
    id: `translation-${translationId ?? "new"}`,
    lastResult: actionData && "intent" in actionData && actionData.intent === intent && (intent === "add-translation" || navigation.formData?.get("translationId") === String(translationId)) ? actionData.result : undefined,
    defaultValue: defaults ?? { languageCode: "fr" },
    constraint: getZodConstraint(TranslationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TranslationSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid items-start gap-3 md:grid-cols-[8rem_1fr_2fr_auto]">
      <input type="hidden" name="intent" value={intent} />
      {translationId ? <input type="hidden" name="translationId" value={translationId} /> : null}
      <div>
        <label htmlFor={f.languageCode.id} className="block text-sm font-medium text-slate-700">Language</label>
        <select {...getSelectProps(f.languageCode)} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
          {GDS_LANGUAGES.map((l) => <option key={l} value={l}>{l}</option>)}
        </select>
        <div className="min-h-[1.25rem] text-xs text-red-600">{f.languageCode.errors?.join(" ")}</div>
      </div>
      <Field label="Name" errors={f.name.errors} inputProps={getInputProps(f.name, { type: "text" })} />
      <Field label="Description" errors={f.description.errors} inputProps={getInputProps(f.description, { type: "text" })} />
      <div className="pt-6"><SubmitButton busy={navigation.state === "submitting" && navigation.formData?.get("intent") === intent}>{intent === "add-translation" ? "Add" : "Save"}</SubmitButton></div>
    </Form>
  );
}

export default function GdsFieldDetail() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const here = `/admin/google_data_studio/${data.field.id}`;
  const translationToDelete = data.translations.find((t) => String(t.id) === params.get("translation"));
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title={data.field.name || data.field.defaultName}
        actions={
          <>
            <Link to="/admin/google_data_studio" className="text-sm text-brand-600 hover:underline">Back to Field List</Link>
            <Link to="?confirm=delete" className="rounded-md border border-red-300 px-3 py-1.5 text-sm text-red-700 hover:bg-red-50">Delete</Link>
          </>
        }
      />
      <section className="rounded-lg bg-white p-6 shadow">
        <h2 className="mb-4 font-semibold">Field</h2>
        <GdsFieldForm
          defaults={{ ...data.field, platformName: data.field.platform }}
          lastResult={actionData && "intent" in actionData && actionData.intent === "update" ? actionData.result : undefined}
          platforms={data.platforms}
          fields={data.fields}
          intent="update"
          submitLabel="Save"
        />
      </section>
      <section className="rounded-lg bg-white p-6 shadow">
        <h2 className="mb-4 font-semibold">Translations</h2>
        {data.translations.length === 0 ? <p className="mb-4 text-sm text-slate-500">No data</p> : null}
        <div className="space-y-2">
          {data.translations.map((t) => (
            <div key={t.id} className="flex items-start gap-2" data-testid={`translation-${t.languageCode}`}>
              <div className="flex-1"><TranslationForm intent="update-translation" translationId={t.id} defaults={t} /></div>
              <Link to={`?confirm=delete-translation&translation=${t.id}`} className="mt-7 text-sm text-red-600 hover:underline">Delete</Link>
            </div>
          ))}
        </div>
        <h3 className="mb-2 mt-6 text-sm font-semibold">Add a field translation</h3>
        <TranslationForm intent="add-translation" />
      </section>
      {params.get("confirm") === "delete" ? (
        <ConfirmDialog title="Delete this field" confirmLabel="Delete" cancelHref={here} fields={{ intent: "delete" }}>
          Are you sure you want to delete this field and its translations ?
        </ConfirmDialog>
      ) : null}
      {params.get("confirm") === "delete-translation" && translationToDelete ? (
        <ConfirmDialog title="Delete this translation" confirmLabel="Delete" cancelHref={here} fields={{ intent: "delete-translation", translationId: String(translationToDelete.id) }}>
          Are you sure you want to delete the {translationToDelete.languageCode} translation ?
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
