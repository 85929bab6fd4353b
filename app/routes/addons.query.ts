// GET /addons/query?platform=...&metrics=...&accounts=...: rows for the add-ons and the Looker
// Studio connector, through the query URL's service (same parameters as /api/request, no apikey).
// @machine-endpoint OAuth bearer token of our provider
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireBearer } from "~/services/oauth-provider.server";
import { getDb } from "~/services/db.server";
import { addonAnswer, answerAddonQuery, methodNotAllowed } from "~/services/addons.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return addonAnswer(async () => {
    const db = getDb();
    const { company } = await requireBearer(request, db);
    return answerAddonQuery(request, company, { db });
  });
}

export async function action(_args: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
