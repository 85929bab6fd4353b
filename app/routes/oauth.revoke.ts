// POST /oauth/revoke: RFC 7009 token revocation (access or refresh token).
// @machine-endpoint client credentials (client_id + client_secret, Basic or form)
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerRevokeRequest } from "~/services/oauth-provider.server";
import { getDb } from "~/services/db.server";
import { methodNotAllowed } from "~/services/addons.server";

export async function loader(_args: LoaderFunctionArgs) {
  return methodNotAllowed("POST");
}

export async function action({ request }: ActionFunctionArgs) {
  return answerRevokeRequest(request, { db: getDb() });
}
