// POST /oauth/revoke: RFC 7009 token revocation (access or refresh token).
// @machine-endpoint client credentials (client_id + client_secret, Basic or form)
import type { ActionFunctionArgs } from "@remix-run/node";
import { answerRevokeRequest } from "~/services/oauth-provider.server";
import { getDb } from "~/services/db.server";
import { preflight, withCors } from "~/services/addons.server";

export async function loader({ request }: ActionFunctionArgs) {
  return preflight(request);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method.toUpperCase() === "OPTIONS") return preflight(request);
  return withCors(await answerRevokeRequest(request, { db: getDb() }));
}
