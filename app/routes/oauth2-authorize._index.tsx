// /oauth2-authorize?askFor=... or ?scriptId=...: the connector authorization redirect page of spec
// 3 §2.8 when the platform comes from the query. See connectorRedirectLoader.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { connectorRedirectLoader } from "~/services/oauth-consent.server";
import { ConnectorRedirectPage } from "~/components/connector-redirect";
import { OauthErrorBoundary } from "~/components/oauth-consent";

export const meta: MetaFunction = () => [{ title: "Connect Looker Studio | Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await connectorRedirectLoader(request));
}

export default ConnectorRedirectPage;

export function ErrorBoundary() {
  return <OauthErrorBoundary />;
}
