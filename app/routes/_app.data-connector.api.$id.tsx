import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useParams } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { loadQueryBuilderPage, queryBuilderAction } from "~/services/query-builder-page.server";
import { QueryBuilderPage } from "~/components/query-builder";
import { GeneralErrorBoundary } from "~/components/error-box";
import { requireId } from "~/services/request-input.server";

export const meta = () => [{ title: "Saved query · Signalpost" }];

const savedIdOf = (raw: string | undefined) => requireId(raw, "This saved query does not exist.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request);
  return loadQueryBuilderPage(request, signedIn, savedIdOf(params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request);
  return queryBuilderAction(request, signedIn, savedIdOf(params.id));
}

export default function SavedQueryRoute() {
  const { id } = useParams();
  return <QueryBuilderPage basePath={`/data-connector/api/${id}`} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
