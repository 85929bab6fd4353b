// POST /oauth/register: RFC 7591 dynamic client registration for MCP assistants (decision 0910).
// @machine-endpoint open registration, counted per client address; the user's consent at /authorize is what grants access
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerRegistration } from "~/services/oauth-registration.server";
import { clientAddress } from "~/services/client-address.server";
import { getDb } from "~/services/db.server";
import { methodNotAllowed } from "~/services/addons.server";

export async function loader(_args: LoaderFunctionArgs) {
  return methodNotAllowed("POST");
}

export async function action({ request, context }: ActionFunctionArgs) {
  return answerRegistration(request, { db: getDb(), clientAddress: clientAddress(context) });
}
