import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { handleDestinationForm, outboundIps } from "~/services/destination-form.server";
import { destinationFormValues } from "~/services/destinations.server";
import { requireUser } from "~/services/session.server";
import { destinationDescription } from "~/utils/destinations";
import { DestinationForm } from "~/components/destination-form";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { requireId } from "~/services/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit destination · Signalpost" }];

function idOf(params: { id?: string }): number {
  return requireId(params.id);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const id = idOf(params);
  const current = await destinationFormValues(company.id, id);
  if (!current) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const asked = url.searchParams.get("type");
  // Changing the type resets the type's fields, keeping the name (spec 2 §4).
  const type = asked && destinationDescription(asked) ? asked : current.type;
  const sameType = type === current.type;
  return json({
    id,
    type,
    defaults: { name: url.searchParams.get("name") ?? current.name, ...(sameType ? current.values : {}) },
    secretsSet: sameType ? current.secretsSet : [],
    editing: sameType,
    outboundIps: outboundIps(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  return handleDestinationForm(request, company.id, idOf(params));
}

export default function EditDestination() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: never; checkError?: string | null } | undefined;
  return (
    <div>
      <PageHeader
        title="Edit destination"
        actions={
          <Link to={`/data-connector/destinations?delete=${data.id}`} className="rounded-md border border-red-300 px-4 py-2 text-sm text-red-700 hover:bg-red-50">
            Delete
          </Link>
        }
      />
      <DestinationForm
        basePath={`/data-connector/destinations/${data.id}`}
        type={data.type}
        defaults={data.defaults}
        secretsSet={data.secretsSet}
        editing={data.editing}
        outboundIps={data.outboundIps}
        lastResult={actionData?.result}
        checkError={actionData?.checkError}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
