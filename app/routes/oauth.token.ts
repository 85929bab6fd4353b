// POST /oauth/token: our OAuth2 provider's token endpoint (authorization_code and refresh_token grants).
// @machine-endpoint client credentials (client_id + client_secret, Basic or form) and the code or refresh token
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerTokenRequest } from "~/services/oauth-provider.server";
import { getDb } from "~/services/db.server";
import { methodNotAllowed } from "~/services/addons.server";

export async function loader(_args: LoaderFunctionArgs) {
  return methodNotAllowed("POST");
}

export async function action({ request }: ActionFunctionArgs) {
  return answerTokenRequest(request, { db: getDb() });
}
