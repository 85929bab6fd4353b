// GET /addons/looker-studio/config?platform=: getConfig's choices (accounts of that platform, reports).
// @machine-endpoint OAuth bearer token of our provider
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireBearer } from "~/services/oauth-provider.server";
import { getDb } from "~/services/db.server";
import { addonAnswer, badRequest, connectorConfig, jsonAnswer, methodNotAllowed } from "~/services/addons.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return addonAnswer(async () => {
    const db = getDb();
    const { company } = await requireBearer(request, db);
    const platform = new URL(request.url).searchParams.get("platform")?.trim();
    if (!platform) return badRequest("platform", "No platform provided.");
    const config = await connectorConfig(db, company, platform);
    if (!config) return badRequest("platform", "You have requested a non existent endpoint.", 404);
    return jsonAnswer(config);
  });
}

export async function action(_args: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
