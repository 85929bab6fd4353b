import { Form, useNavigation, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { SubmitButton } from "./forms";
import { GeneralErrorBoundary } from "./error-box";

export type ConsentData = {
  clientName: string;
  companyName: string;
  email: string;
  platformName: string | null;
  /** An AI assistant connecting to the MCP server: it can also run jobs and snooze alerts. */
  assistant?: boolean;
  /** The application registered itself: its name is its own claim. */
  unverified?: boolean;
  /** Where Allow sends the browser (shown for applications that registered themselves). */
  returnsTo?: string | null;
  hidden: Record<string, string>;
};

/** Allow / Deny for an application asking for the company's data (a plain POST form). */
export function OauthConsent({ data, action }: { data: ConsentData; action: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow">
        <p className="text-center text-2xl font-bold text-brand-700">Signalpost</p>
        <h1 className="mt-4 text-lg font-medium text-slate-800">{data.clientName} wants to access your data</h1>
        {data.assistant ? (
          <div className="mt-2 space-y-2 text-sm text-slate-600">
            <p>
              Signed in as <strong>{data.email}</strong> ({data.companyName}). {data.clientName} is an AI assistant connecting to Signalpost&apos;s MCP server. It will be able
              to see what you see: your sources, accounts and their data, alerts and data streams.
            </p>
            <p>
              It can also <strong>run a data-stream job now</strong> and <strong>snooze or un-snooze an alert</strong>, when you ask it to. It cannot delete or edit
              anything. Its actions are listed in Settings → Connected apps, where you can disconnect it.
            </p>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            Signed in as <strong>{data.email}</strong> ({data.companyName}). {data.clientName} will be able to list your sources and accounts and read their data
            {data.platformName ? <> for <strong>{data.platformName}</strong></> : null} until you disconnect it in Settings → Connected apps. It cannot change anything.
          </p>
        )}
        {data.unverified ? (
          <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="unverified-client">
            This application registered itself: Signalpost has not checked that it is {data.clientName}. Allow only if you started this connection just now. Allow sends
            you back to <strong className="break-all">{data.returnsTo}</strong>.
          </p>
        ) : null}
        <Form method="post" action={action} className="mt-6 flex justify-end gap-3">
          {Object.entries(data.hidden).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <button type="submit" name="decision" value="deny" className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
            Deny
          </button>
          <SubmitButton name="decision" value="allow" busy={busy}>
            Allow
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}

/** Request errors (unknown client, unregistered redirect_uri, unknown platform) are shown here, never sent to the redirect_uri. */
export function OauthErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500) {
    const message = typeof error.data === "object" && error.data && "message" in error.data ? String((error.data as { message: unknown }).message) : String(error.data);
    return (
      <div className="flex min-h-screen items-center justify-center px-4">
        <div role="alert" className="w-full max-w-md rounded-lg bg-white p-6 shadow">
          <p className="text-center text-2xl font-bold text-brand-700">Signalpost</p>
          <p className="mt-4 text-sm text-slate-700">{message}</p>
        </div>
      </div>
    );
  }
  return <GeneralErrorBoundary />;
}
