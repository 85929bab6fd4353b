// /data-connector/connections/new: create a connection (an account x a destination type) by hand.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { connectionFormAction, connectionFormLoader } from "~/services/connection-form.server";
import { ConnectionForm } from "~/components/connection-form";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta: MetaFunction = () => [{ title: "New connection · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await connectionFormLoader(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return connectionFormAction(request);
}

export default ConnectionForm;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
