// POST /addons/link/{uuid} (form or JSON: client_id): the add-in claims, once, the access token of
// the user who opened /link-to/{platform}?uuid=... Answers 404 until the link is made (the add-in polls).
// @machine-endpoint the unguessable one-time uuid the add-in generated, linked by a signed-in user
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/services/db.server";
import { preflight, withCors } from "~/services/addons.server";
import { claimAddon } from "~/services/addon-link.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return preflight(request);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method.toUpperCase() === "OPTIONS") return preflight(request);
  return withCors(await claimAddon(request, getDb(), params.uuid ?? ""));
}
