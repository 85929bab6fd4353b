// GET /addons/me: the connector's and add-ons' auth check (isAuthValid): who the token belongs to.
// @machine-endpoint OAuth bearer token of our provider
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireBearer } from "~/services/oauth-provider.server";
import { getDb } from "~/services/db.server";
import { addonAnswer, jsonAnswer, methodNotAllowed } from "~/services/addons.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return addonAnswer(async () => {
    const { company, user } = await requireBearer(request, getDb());
    return jsonAnswer({ ok: true, user: { email: user.email }, company: { id: company.id, name: company.name } });
  });
}

export async function action(_args: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
