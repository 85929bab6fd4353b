import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { requireUser } from "~/services/session.server";
import { clearSlackStateCookie, finishSlackInstall } from "~/services/slack.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * Slack sends the browser back here. In the popup the page closes itself (the settings page polls
 * the popup every 100 ms and reloads when it is closed); without the popup it redirects back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const outcome = await finishSlackInstall(request, company.id);
  const headers = { "Set-Cookie": await clearSlackStateCookie() };
  if (outcome.popup) return json(outcome, { headers, status: outcome.ok ? 200 : 400 });
  return redirectWithToast(
    "/settings/notifications",
    outcome.ok ? { type: "success", title: "Slack connected", description: outcome.message } : { type: "error", title: "Unable to connect Slack", description: outcome.message },
    { headers },
  );
}

export default function SlackCallback() {
  const outcome = useLoaderData<typeof loader>();
  useEffect(() => {
    if (window.opener) window.close();
  }, []);
  return (
    <div className="p-8 text-center text-sm">
      <p className={outcome.ok ? "text-green-700" : "text-red-700"}>{outcome.message}</p>
      <p className="mt-2 text-slate-500">You can close this window.</p>
    </div>
  );
}
