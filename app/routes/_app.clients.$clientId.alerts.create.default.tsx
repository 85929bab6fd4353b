import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { editorAction, editorLoader } from "~/services/alert-editor.server";
import { AlertEditor } from "~/components/alert-editor";
import { GeneralErrorBoundary } from "~/components/error-box";

export const loader = ({ request, params }: LoaderFunctionArgs) => editorLoader(request, params, "default");
export const action = ({ request, params }: ActionFunctionArgs) => editorAction(request, params, "default");
export const meta = () => [{ title: "Alert editor · Signalpost" }];

export default function Page() {
  const data = useLoaderData<typeof loader>();
  return <AlertEditor data={data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
