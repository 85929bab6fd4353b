import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GoogleSignIn } from "~/components/google-sign-in";
import { serverIntegration } from "~/services/integrations.server";
import { useEffect, useState } from "react";
import { getSignedIn } from "~/services/session.server";
import { GeneralErrorBoundary } from "~/components/error-box";
import { REDIRECT_TYPES, safeLandingTarget } from "~/utils/bi-links";

/**
 * Spec 3 §2.8 redirect landing page (public). Reads redirectTo and type from the query string,
 * or a scope from the URL hash after a Google sign-in (the browser reads that part). A signed-in
 * user goes straight to the target; otherwise a Google sign-in comes back here, then goes on.
 */
export const meta = () => [{ title: "Redirection · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const rawTarget = url.searchParams.get("redirectTo");
  const target = safeLandingTarget(rawTarget);
  const typeParam = url.searchParams.get("type")?.toUpperCase() ?? "";
  const type = (REDIRECT_TYPES as readonly string[]).includes(typeParam) ? typeParam : "LOOKER_STUDIO";
  const signedIn = await getSignedIn(request);
  if (signedIn && target) {
    // Not a PII-bearing event: the tool type only (the spec's "Template - {type} used").
    console.info(`[redirect] Template - ${type} used`);
    throw redirect(target);
  }
  return json({ target, type, rejected: Boolean(rawTarget) && !target, back: `${url.pathname}${url.search}`, google: serverIntegration("google").configured });
}

export default function RedirectLanding() {
  const { target, type, rejected, back, google } = useLoaderData<typeof loader>();
  const [fromHash, setFromHash] = useState<string | null>(null);
  useEffect(() => {
    // After a Google sign-in the target may come back in the hash's scope (spec 3 §2.8).
    const scope = new URLSearchParams(window.location.hash.slice(1)).get("scope");
    const stored = window.sessionStorage.getItem("REDIRECT_TO");
    if (target) {
      window.sessionStorage.setItem("REDIRECT_TO", target);
      window.sessionStorage.setItem("TYPE", type);
    } else if (scope || stored) {
      setFromHash(safeLandingTarget(scope ?? stored));
    }
  }, [target, type]);
  const destination = target ?? fromHash;
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 text-center shadow">
        <p className="text-2xl font-bold text-brand-700">Signalpost</p>
        {destination ? (
          <>
            <h1 className="mt-3 text-lg font-medium text-slate-700">Sign in to continue</h1>
            <p className="mt-1 text-sm text-slate-500">You will then go on to {type === "POWER_BI" ? "Power BI" : type === "GOOGLE_SHEETS" ? "Google Sheets" : "Looker Studio"}.</p>
            <div className="mt-4">
              <GoogleSignIn configured={google} redirectTo={back} />
            </div>
            <a href={`/login?${new URLSearchParams({ redirectTo: back })}`} className="mt-3 block text-sm text-brand-700 hover:underline">Sign in with your e-mail</a>
          </>
        ) : (
          <h1 className="mt-3 text-lg font-medium text-slate-700">{rejected ? "This redirection is not allowed." : "No redirection"}</h1>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
