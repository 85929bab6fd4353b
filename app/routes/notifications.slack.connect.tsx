import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { beginSlackInstall } from "~/services/slack.server";

/** Starts Slack's OAuth v2 install; ?popup=1 when opened in the 972×660 window. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const url = new URL(request.url);
  const { url: slackUrl, setCookie } = await beginSlackInstall(company.id, url.origin, url.searchParams.get("popup") === "1");
  return redirect(slackUrl, { headers: { "Set-Cookie": setCookie } });
}
