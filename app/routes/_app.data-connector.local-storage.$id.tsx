// /data-connector/local-storage/{id}: the pipeline builder (spec 2 §2, §3, §5). Add a source
// (platform, then account id, authorization id and at least one field; choosing the platform is a
// GET so the form works without JavaScript), remove one after confirmation, and preview up to 100
// rows combined from the sources.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { redirectWithToast } from "~/services/toast.server";
import {
  addLocalStorageSource,
  builderChoices,
  checkPipelineSource,
  deleteLocalStorageSource,
  getLocalStorage,
  listLocalStorageSources,
  previewPipeline,
} from "~/services/local-storage.server";
import { platformDisplayName } from "~/services/platform-names.server";
import { PipelineSourceSchema, PREVIEW_ROWS } from "~/utils/local-storage";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { Banner, SubmitButton } from "~/components/forms";
import { notFound, parseOrRefuse, readForm, requireId, submittedIntent } from "~/services/request-input.server";
import { idField } from "../../lib/ids.js";
import { z } from "zod";

const NOT_IN_PIPELINE = "This source is not in the pipeline.";
const RemoveSourceSchema = z.object({ sourceId: idField(NOT_IN_PIPELINE) });

export const meta: MetaFunction = () => [{ title: "Pipeline · Signalpost" }];

async function requirePipeline(request: Request, idParam: string | undefined) {
  const signedIn = await requireUser(request);
  const missing = "This pipeline does not exist.";
  const storage = await getLocalStorage(getDb(), signedIn.company.id, requireId(idParam, missing));
  if (!storage) throw notFound(missing);
  return { ...signedIn, storage };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company, storage } = await requirePipeline(request, params.id);
  const db = getDb();
  const url = new URL(request.url);
  const sources = await listLocalStorageSources(db, company.id, storage.id);
  const choices = await builderChoices(db, company.id, url.searchParams.get("platform"));
  const preview = sources.length ? await previewPipeline(db, company, storage.id, url.origin) : null;
  const removeId = Number(url.searchParams.get("remove"));
  return json({
    id: storage.id,
    sources: sources.map((s) => ({ id: s.id, platform: platformDisplayName(s.platform), accountId: s.accountId, authorizationId: s.authorizationId, fields: s.fields })),
    choices,
    preview,
    confirmRemove: sources.find((s) => s.id === removeId)?.id ?? null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company, storage } = await requirePipeline(request, params.id);
  const db = getDb();
  const formData = await readForm(request);
  const base = `/data-connector/local-storage/${storage.id}`;
  if (submittedIntent(formData, ["remove-source"])) {
    const { sourceId } = parseOrRefuse(formData, RemoveSourceSchema, 404);
    if (!(await deleteLocalStorageSource(db, company.id, storage.id, sourceId))) throw notFound(NOT_IN_PIPELINE);
    return redirectWithToast(base, { type: "success", title: "Source removed" });
  }
  const submission = parseWithZod(formData, { schema: PipelineSourceSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const problems = await checkPipelineSource(db, company.id, submission.value);
  if (problems) return json({ result: submission.reply({ fieldErrors: problems }) }, { status: 400 });
  await addLocalStorageSource(db, company.id, storage.id, {
    platform: submission.value.platform,
    accountId: submission.value.accountId,
    authorizationId: submission.value.authorizationId,
    fields: [...new Set(submission.value.fields)],
  });
  return redirectWithToast(base, { type: "success", title: "Source added" });
}

function FieldError({ errors, id }: { errors?: string[] | null; id: string }) {
  if (!errors?.length) return null;
  return <p id={id} className="mt-1 text-xs text-red-600" role="alert">{errors[0]}</p>;
}

export default function PipelineBuilder() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = (actionData?.result.error ?? {}) as Record<string, string[] | null>;
  const { choices } = data;
  const base = `/data-connector/local-storage/${data.id}`;
  return (
    <div className="space-y-6">
      <PageHeader title={`Pipeline #${data.id}`} actions={<Link to="/data-connector/local-storage" className="text-sm text-brand-700 hover:underline">All pipelines</Link>} />

      <section className="rounded-lg bg-white p-4 shadow">
        <h2 className="text-base font-medium text-slate-800">Sources</h2>
        {data.sources.length === 0 ? <p className="mt-2 text-sm text-slate-500">No source yet: add one below.</p> : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {data.sources.map((s) => (
              <li key={s.id} className="flex items-center justify-between py-2">
                <span><strong>{s.platform}</strong> · account {s.accountId} · authorization {s.authorizationId} · {s.fields.join(", ")}</span>
                {data.confirmRemove === s.id ? (
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="remove-source" />
                    <input type="hidden" name="sourceId" value={s.id} />
                    <span className="text-red-700">Remove this source?</span>
                    <SubmitButton>Yes, remove</SubmitButton>
                    <Link to={base} className="text-slate-600 hover:underline">Cancel</Link>
                  </Form>
                ) : (
                  <Link to={`${base}?remove=${s.id}`} className="text-red-700 hover:underline">Remove</Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="rounded-lg bg-white p-4 shadow">
        <h2 className="text-base font-medium text-slate-800">Add source</h2>
        <Form method="get" className="mt-3 flex items-end gap-2">
          <label className="text-sm">
            <span className="block text-slate-600">Platform</span>
            <select name="platform" defaultValue={choices.platform ?? ""} className="rounded-md border border-slate-300 px-2 py-1.5" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
              <option value="">Choose a platform</option>
              {choices.platforms.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </select>
          </label>
          <noscript><button className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">Choose</button></noscript>
        </Form>
        {choices.platforms.length === 0 ? <p className="mt-2 text-sm text-slate-500">Connect a source first in <Link to="/data-connector/sources" className="text-brand-700 hover:underline">Sources</Link>.</p> : null}
        <Form method="post" className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="add-source" />
          <input type="hidden" name="platform" value={choices.platform ?? ""} />
          <FieldError errors={errors.platform} id="platform-error" />
          {choices.platform ? (
            <>
              <label className="block text-sm">
                <span className="block text-slate-600">Account ID</span>
                <select name="accountId" aria-describedby="accountId-error" className="rounded-md border border-slate-300 px-2 py-1.5">
                  <option value="">Choose an account</option>
                  {choices.accounts.map((a) => <option key={`${a.source}:${a.id}`} value={a.id}>{a.name} ({a.id}, {a.source})</option>)}
                </select>
                <FieldError errors={errors.accountId} id="accountId-error" />
              </label>
              <label className="block text-sm">
                <span className="block text-slate-600">Authorization ID</span>
                <select name="authorizationId" aria-describedby="authorizationId-error" className="rounded-md border border-slate-300 px-2 py-1.5">
                  {choices.authorizations.map((a) => <option key={a.id} value={a.id}>{a.name} (#{a.id})</option>)}
                </select>
                <FieldError errors={errors.authorizationId} id="authorizationId-error" />
              </label>
              <fieldset className="text-sm">
                <legend className="text-slate-600">Fields</legend>
                <div className="mt-1 grid max-h-64 grid-cols-2 gap-1 overflow-y-auto md:grid-cols-3">
                  {choices.fields.map((f) => (
                    <label key={f.id} className="flex items-center gap-2">
                      <input type="checkbox" name="fields" value={f.id} /> {f.name} <span className="text-xs text-slate-500">{f.type}</span>
                    </label>
                  ))}
                </div>
                <FieldError errors={errors.fields} id="fields-error" />
              </fieldset>
              <SubmitButton busy={navigation.state === "submitting" && navigation.formData?.get("intent") === "add-source"}>Add source</SubmitButton>
            </>
          ) : null}
        </Form>
      </section>

      <section className="rounded-lg bg-white p-4 shadow">
        <h2 className="text-base font-medium text-slate-800">Preview ({PREVIEW_ROWS} rows at most)</h2>
        {!data.preview ? <p className="mt-2 text-sm text-slate-500">Add a source to preview its rows.</p> : (
          <>
            {data.preview.errors.map((e) => <Banner key={e} tone="error" title="Unable to preview a source">{e}</Banner>)}
            <p className="mt-2 text-xs text-slate-500" data-testid="preview-count">{data.preview.rows.length} rows</p>
            <div className="mt-2 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Preview rows">
              <table className="table-cards w-full text-xs">
                <thead className="text-left text-slate-500"><tr>{data.preview.columns.map((c) => <th key={c} className="px-2 py-1">{c}</th>)}</tr></thead>
                <tbody>
                  {data.preview.rows.map((r, i) => (
                    <tr key={i} className="border-t border-slate-100">{data.preview!.columns.map((c) => <td data-label={c} key={c} className="px-2 py-1">{String((r as Record<string, unknown>)[c] ?? "")}</td>)}</tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
