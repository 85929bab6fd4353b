// The OAuth return handler of spec 3 §2.5 and §4: /oauth2/authorize/{platform}/response.
// It reads code, connected, success, oauth_token, oauth_verifier, spapi_oauth_code, consumerKey,
// consumerSecret, error, error_description and error_uri (plus our state and from). Without any
// of code, connected, success, oauth_token or spapi_oauth_code it shows "We do not find any way
// to auth" with the error texts; otherwise it finishes the connection server-side and either
// redirects (full-page flow) or renders a page the opener's popup watcher reads.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getSignedIn, requireUser } from "~/services/session.server";
import { authorizeRegisterReturn, isRegisterReturn } from "~/services/register-connect.server";
import { completeLinkReturn, isClientLinkReturn } from "~/services/client-links.server";
import { redirectWithToast, toastHeaders } from "~/services/toast.server";
import {
  burnAttempt,
  completeConnect,
  hasAuthParameter,
  platformDisplayName,
  readOAuthReturnParams,
  SourceFlowError,
} from "~/services/sources.server";
import { connectedSourcePath, GOOGLE_DATA_STUDIO, SOURCE_MESSAGES } from "~/utils/sources";
import { Banner } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { ConnectOutcomeMarker, type ConnectOutcome } from "~/components/sources";
import { Spinner } from "~/components/spinner";

export const meta: MetaFunction = () => [{ title: "Connecting · Signalpost" }];

// The toast cookie set below must reach the browser on this document response too.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type View =
  | { kind: "no-auth"; errors: string[]; back: string; outcome: ConnectOutcome }
  | { kind: "failed"; title: string; message: string; back: string; outcome: ConnectOutcome }
  | { kind: "connected"; platformName: string; fromApp: string | null; outcome: ConnectOutcome };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = readOAuthReturnParams(url);
  const platformId = params.platform ?? "";
  const platformName = platformDisplayName(platformId);
  // A client connecting through a link (decision 0932), signed in or not: the link says which company.
  if (await isClientLinkReturn(query)) {
    const done = await completeLinkReturn(request, platformId, query);
    return redirectWithToast(done.redirectTo, done.toast, { headers: { "Set-Cookie": done.setCookie } });
  }
  if (!(await getSignedIn(request)) && (await isRegisterReturn(query))) return registerModeReturn(request, platformId, query);
  const { company, user } = await requireUser(request);
  const back = "/data-connector/sources/new";

  if (!hasAuthParameter(query)) {
    // A provider error (access_denied, ...) also uses up the attempt: its state cannot come back.
    const attempt = await burnAttempt(company.id, user.id, query.state);
    const errors = [query.error, query.error_description, query.error_uri].filter((e): e is string => Boolean(e));
    const view: View = {
      kind: "no-auth",
      errors,
      back: attempt?.networkAuthorizationId ? `/data-connector/sources/${attempt.networkAuthorizationId}` : back,
      outcome: {
        status: "error",
        title: SOURCE_MESSAGES.addAuthorizationFailedTitle,
        message: SOURCE_MESSAGES.addAuthorizationFailed(platformName, errors.length ? errors : [SOURCE_MESSAGES.noAuthParameter]),
      },
    };
    return json(view, { status: 400 });
  }

  if (query.connected && !query.code && !query.oauth_token && !query.spapi_oauth_code && !query.success) {
    // Spec 3 §4: "If connected is set it just completes".
    const view: View = { kind: "connected", platformName, fromApp: query.from ?? null, outcome: { status: "connected", redirectTo: "/data-connector/sources" } };
    return json(view);
  }

  try {
    const result = await completeConnect({ company, user, platform: platformId, params: query, origin: url.origin });
    const toast = result.created
      ? { type: "success" as const, title: "The source has been added", description: `Your ${result.platformName} account is connected. Choose the accounts to activate.` }
      : { type: "success" as const, title: "The integration has been updated", description: `Your ${result.platformName} authorization has been refreshed.` };
    const fromApp = result.fromApp ?? query.from ?? null;
    const target = connectedSourcePath(result.sourceId, fromApp);
    if (result.mode === "page" && fromApp !== GOOGLE_DATA_STUDIO) return redirectWithToast(target, toast);
    const view: View = { kind: "connected", platformName: result.platformName, fromApp, outcome: { status: "connected", redirectTo: target } };
    return json(view, { headers: await toastHeaders(toast) });
  } catch (error) {
    if (!(error instanceof SourceFlowError)) throw error;
    const view: View = {
      kind: "failed",
      title: error.title,
      message: error.message,
      back,
      outcome: { status: "error", title: error.title, message: error.message },
    };
    return json(view, { status: error.status });
  }
}

/**
 * Register mode (spec 3 §2.5): the visitor has no account yet. The connection is kept (encrypted,
 * owned by nobody) and the browser goes to sign up; signing up or in claims it as a source.
 */
async function registerModeReturn(request: Request, platformId: string, query: ReturnType<typeof readOAuthReturnParams>) {
  const platformName = platformDisplayName(platformId);
  if (!hasAuthParameter(query)) {
    const errors = [query.error, query.error_description, query.error_uri].filter((e): e is string => Boolean(e));
    const view: View = {
      kind: "no-auth",
      errors,
      back: "/signup",
      outcome: { status: "error", title: SOURCE_MESSAGES.addAuthorizationFailedTitle, message: SOURCE_MESSAGES.addAuthorizationFailed(platformName, errors.length ? errors : [SOURCE_MESSAGES.noAuthParameter]) },
    };
    return json(view, { status: 400 });
  }
  try {
    const { setCookie } = await authorizeRegisterReturn({ platform: platformId, params: query, origin: new URL(request.url).origin });
    return redirect("/signup", { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (!(error instanceof SourceFlowError)) throw error;
    const view: View = { kind: "failed", title: error.title, message: error.message, back: "/signup", outcome: { status: "error", title: error.title, message: error.message } };
    return json(view, { status: error.status });
  }
}

export default function OAuthResponse() {
  const view = useLoaderData<typeof loader>() as View;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg space-y-4 rounded-lg bg-white p-6 shadow">
        <ConnectOutcomeMarker outcome={view.outcome} />
        {view.kind === "no-auth" ? (
          <>
            <Banner tone="error" title={SOURCE_MESSAGES.noAuthParameter}>
              {view.errors.length ? (
                <ul className="list-inside list-disc">
                  {view.errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              ) : null}
            </Banner>
            <Link to={view.back} className="inline-block text-sm text-brand-700 hover:underline">
              Back to sources
            </Link>
          </>
        ) : view.kind === "failed" ? (
          <>
            <Banner tone="error" title={view.title}>
              {view.message}
            </Banner>
            <Link to={view.back} className="inline-block text-sm text-brand-700 hover:underline">
              Back to sources
            </Link>
          </>
        ) : (
          <>
            <div className="flex items-center gap-3">
              <Spinner />
              <p className="text-sm text-slate-700">Your {view.platformName} account is connected.</p>
            </div>
            {view.fromApp === GOOGLE_DATA_STUDIO ? (
              <p className="text-sm text-slate-600">You can close this window and go back to Looker Studio.</p>
            ) : (
              <a href={view.outcome.status === "connected" ? view.outcome.redirectTo : "/data-connector/sources"} className="inline-block text-sm text-brand-700 hover:underline">
                Continue to the source
              </a>
            )}
          </>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
