// GET /addons/looker-studio/schema?platform=&locale=fr|en[&report=]: getSchema's fields, from the
// admin's Google Data Studio fields translated into the viewer's language.
// @machine-endpoint OAuth bearer token of our provider
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireBearer } from "~/services/oauth-provider.server";
import { getDb } from "~/services/db.server";
import { addonAnswer, badRequest, jsonAnswer, lookerLocale, lookerSchema, methodNotAllowed } from "~/services/addons.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return addonAnswer(async () => {
    const db = getDb();
    await requireBearer(request, db);
    const params = new URL(request.url).searchParams;
    const platform = params.get("platform")?.trim();
    if (!platform) return badRequest("platform", "No platform provided.");
    const locale = lookerLocale(params.get("locale"));
    const schema = await lookerSchema(db, platform, locale, params.get("report")?.trim() || undefined);
    if (!schema) return badRequest("platform", "You have requested a non existent endpoint.", 404);
    return jsonAnswer({ locale, schema });
  });
}

export async function action(_args: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
