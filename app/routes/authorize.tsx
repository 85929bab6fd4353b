// /authorize: our OAuth2 provider's authorization endpoint (RFC 6749 §4.1.1) for the Looker
// Studio connector and the Sheets / Excel add-ons ("Login via authorize", spec 3 §7). Signed-out
// visitors go through /login and come back here.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { consentAction, consentLoader } from "~/services/oauth-consent.server";
import { OauthConsent, OauthErrorBoundary } from "~/components/oauth-consent";

export const meta: MetaFunction = () => [{ title: "Authorize | Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await consentLoader(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return consentAction(request);
}

export default function Authorize() {
  const data = useLoaderData<typeof loader>();
  return <OauthConsent data={data} action="/authorize" />;
}

export function ErrorBoundary() {
  return <OauthErrorBoundary />;
}
