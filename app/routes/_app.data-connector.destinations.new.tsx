import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { handleDestinationForm, outboundIps } from "~/services/destination-form.server";
import { requireUser } from "~/services/session.server";
import { destinationDescription } from "~/utils/destinations";
import { DestinationForm } from "~/components/destination-form";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta: MetaFunction = () => [{ title: "New destination · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  return json({
    type: destinationDescription(type) ? type : null,
    name: (url.searchParams.get("name") ?? "").slice(0, 200),
    outboundIps: outboundIps(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  return handleDestinationForm(request, company.id, null);
}

export default function NewDestination() {
  const { type, name, outboundIps } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: never; checkError?: string | null } | undefined;
  return (
    <div>
      <PageHeader title="New destination" />
      <DestinationForm
        basePath="/data-connector/destinations/new"
        type={type}
        defaults={{ name }}
        secretsSet={[]}
        editing={false}
        outboundIps={outboundIps}
        lastResult={actionData?.result}
        checkError={actionData?.checkError}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
