import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { usageScreenData } from "~/services/usage-screen.server";
import { UsageScreen } from "~/components/usage-screen";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta: MetaFunction = () => [{ title: "Usage · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json(await usageScreenData(company.id, new URL(request.url)));
}

export default function UsagePage() {
  const data = useLoaderData<typeof loader>();
  return <UsageScreen data={data} basePath="/data-connector/usage" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
