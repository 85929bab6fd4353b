// /oauth2-authorize/{platform}/handoff: the final handoff page of spec 3 §2.8. The platform is a
// route parameter; Allow redirects to the dashboard tool's script callback (the registered
// redirect_uri) with code and state as query parameters.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { consentAction, consentLoader } from "~/services/oauth-consent.server";
import { OauthConsent, OauthErrorBoundary } from "~/components/oauth-consent";

export const meta: MetaFunction = () => [{ title: "Connect Looker Studio | Signalpost" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await consentLoader(request, params.platform));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return consentAction(request, params.platform);
}

export default function Handoff() {
  const data = useLoaderData<typeof loader>();
  const { platform } = useParams();
  return <OauthConsent data={data} action={`/oauth2-authorize/${encodeURIComponent(platform ?? "")}/handoff`} />;
}

export function ErrorBoundary() {
  return <OauthErrorBoundary />;
}
