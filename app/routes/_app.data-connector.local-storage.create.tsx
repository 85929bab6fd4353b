// /data-connector/local-storage/create: POST creates an empty local storage and redirects to its
// builder (spec 2 §2). A GET (no JavaScript, a typed URL) shows the button instead of creating.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { createLocalStorage } from "~/services/local-storage.server";
import { redirectWithToast } from "~/services/toast.server";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { CreatePipelineButton } from "./_app.data-connector.local-storage._index";
import { readForm } from "~/services/request-input.server";

export const meta: MetaFunction = () => [{ title: "New pipeline · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  // No fields, but the body is still read: a wrong content type or a hostile body is refused (decision 0830).
  await readForm(request);
  const id = await createLocalStorage(getDb(), company.id);
  return redirectWithToast(`/data-connector/local-storage/${id}`, { type: "success", title: "Pipeline created", description: "Add a source and its fields to preview rows." });
}

export default function CreateLocalStorage() {
  return (
    <div>
      <PageHeader title="New pipeline" />
      <CreatePipelineButton />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
