import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { loadQueryBuilderPage, queryBuilderAction } from "~/services/query-builder-page.server";
import { QueryBuilderPage } from "~/components/query-builder";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Query builder · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request);
  return loadQueryBuilderPage(request, signedIn, null);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request);
  return queryBuilderAction(request, signedIn, null);
}

export default function QueryBuilderRoute() {
  return <QueryBuilderPage basePath="/data-connector/api" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
