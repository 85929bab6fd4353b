import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { beginSlackInstall } from "~/services/slack.server";
import { redirectWithToast } from "~/services/toast.server";
import { usersRepo } from "~/services/repositories.server";
import { serverIntegration } from "~/services/integrations.server";

/** Starts Slack's OAuth v2 install; ?popup=1 when opened in the 972×660 window. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { company, user } = await requireUser(request);
  const url = new URL(request.url);
  const slack = serverIntegration("slack");
  if (!slack.configured) {
    // Never send the user to slack.com with a placeholder app: say what is missing instead.
    return redirectWithToast("/settings/notifications", {
      type: "error",
      title: "Slack is not set up on this server",
      description: usersRepo.isAdmin(user) ? `Set ${slack.variables.join(" and ")} (your Slack app's credentials) on the server, then connect Slack again.` : "Ask your administrator to set up the Slack app; then connect Slack here.",
    });
  }
  const { url: slackUrl, setCookie } = await beginSlackInstall(company.id, url.origin, url.searchParams.get("popup") === "1");
  return redirect(slackUrl, { headers: { "Set-Cookie": setCookie } });
}
