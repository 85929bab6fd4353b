// POST /oauth/token: our OAuth2 provider's token endpoint (authorization_code and refresh_token grants).
// @machine-endpoint client credentials (client_id + client_secret, Basic or form) and the code or refresh token
import type { ActionFunctionArgs } from "@remix-run/node";
import { answerTokenRequest } from "~/services/oauth-provider.server";
import { getDb } from "~/services/db.server";
import { preflight, withCors } from "~/services/addons.server";

export async function loader({ request }: ActionFunctionArgs) {
  return preflight(request);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method.toUpperCase() === "OPTIONS") return preflight(request);
  return withCors(await answerTokenRequest(request, { db: getDb() }));
}
