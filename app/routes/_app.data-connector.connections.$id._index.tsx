// /data-connector/connections/{id}: edit a connection's name, account and destination type.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { connectionFormAction, connectionFormLoader } from "~/services/connection-form.server";
import { ConnectionForm } from "~/components/connection-form";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta: MetaFunction = () => [{ title: "Connection · Signalpost" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await connectionFormLoader(request, params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return connectionFormAction(request, params.id ?? "");
}

export default ConnectionForm;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
