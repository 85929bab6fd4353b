// POST /addons/link/{uuid} (form or JSON: client_id): the add-in claims, once, the access token of
// the user who opened /link-to/{platform}?uuid=... Answers 404 until the link is made (the add-in polls).
// @machine-endpoint the unguessable one-time uuid the add-in generated, linked by a signed-in user
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/services/db.server";
import { methodNotAllowed } from "~/services/addons.server";
import { claimAddon } from "~/services/addon-link.server";

export async function loader(_args: LoaderFunctionArgs) {
  return methodNotAllowed("POST");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return claimAddon(request, getDb(), params.uuid ?? "");
}
